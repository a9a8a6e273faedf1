// Fidelity against published serving measurements: the TensorRT-LLM rows of
// tests/data/validation/serving.csv (NVIDIA's "Performance of TensorRT-LLM" tables, v0.5/v0.6 on
// H100/A100, static batching with gptSessionBenchmark: first-token latency at batch 1 and output
// throughput per GPU = batch x OSL / (prefill + all decode steps) / TP). Prints each case's
// error and asserts the target on the rows the engine was fitted on (split `fit`): median
// absolute error <= 15%, every case within a factor of 2; the held-out rows of the same tables
// (split `test`, two more models) are held to the same median. Physics only, no per-case factor.
// The runtime setting these runs imply: per-head decode attention (the masked-MHA kernel of
// that era; XQA arrived in v0.8). The H100 fp8 KV cache (--fp8_kv_cache in the documented
// build) follows the row's kv_precision.
// Known miss: the 128-token H100 first token (-38%): that 2023 runtime enqueued every kernel
// from the host without CUDA graphs, and at batch 1 the H100 outruns the host (the table's
// GPT-J 6B and LLaMA 7B rows sit at 7 ms whatever the model size); host enqueue is not modelled.

#include <QtTest>

#include <algorithm>
#include <cmath>

#include "core/perf/inference_engine.h"
#include "inference_fixtures.h"
#include "validation_cases.h"

using namespace infraplan;

namespace {

// One gptSessionBenchmark run as a design: a static batch on one replica of `tp` devices, the
// KV cache in the row's precision (--fp8_kv_cache on H100), per-head decode attention.
// Returns first-token ms (metric ttft_ms) or output tokens/s per GPU; 0 if infeasible.
double predictTrtLlm(const catalog::Catalog& catalog, const validation::ServingCase& c,
                     std::string& why) {
    const bool ttft = c.metric == "ttft_ms";
    Design d = test::servingDesign(c.device, c.tp, "", c.precision, c.tp);
    d.workload.model = c.model;
    d.workload.kv_precision = c.kv_precision;
    d.strategy.scheduler = BatchScheduler::static_;
    d.strategy.extra["decode_attention"] = "per-head";
    Traffic& t = d.workload.traffic;
    t.mode = TrafficMode::batch;
    t.batch_size = c.batch;
    t.prompt_tokens = TokenCount::fixed(c.input_tokens);
    t.output_tokens = TokenCount::fixed(ttft ? 2 : c.output_tokens);
    const Results r = test::inferenceOnly(d, catalog, nullptr);
    if (!r.feasible || !r.inference) {
        why = r.reasons.empty() ? "infeasible" : r.reasons[0];
        return 0;
    }
    return ttft ? r.inference->ttft_ms.p50 : r.inference->output_tokens_per_s_per_device;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    if (v.empty()) return 0;
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

const char* gpuName(const validation::ServingCase& c) {
    return c.device == "nvidia-h100-sxm" ? "H100" : "A100";
}

// Evaluates every case, prints its error and checks it is within a factor of 2; returns the
// absolute errors (empty when a case failed, with the failure in QTest's log).
std::vector<double> checkCases(const std::vector<validation::ServingCase>& cases) {
    const catalog::Catalog& catalog = catalog::builtinCatalog();
    std::vector<double> errors;
    for (const auto& c : cases) {
        std::string why;
        const double predicted = predictTrtLlm(catalog, c, why);
        if (!QTest::qVerify(predicted > 0 && std::isfinite(predicted), "predicted > 0",
                            (c.id + ": " + why).c_str(), __FILE__, __LINE__))
            return {};
        const double error = predicted / c.value - 1;
        errors.push_back(std::abs(error));
        qInfo(
            "%s %s %-10s %-5s TP%d %4d x %4d/%-4d %-27s measured %8.1f predicted %8.1f %-9s "
            "error %+6.1f%%",
            c.id.c_str(), gpuName(c), c.model.id.c_str(), catalog::toString(c.precision), c.tp,
            c.batch, c.input_tokens, c.output_tokens, c.metric.c_str(), c.value, predicted,
            c.unit.c_str(), 100 * error);
        if (!QTest::qVerify(std::abs(std::log(predicted / c.value)) < std::log(2.0),
                            "within a factor of 2", c.id.c_str(), __FILE__, __LINE__))
            return {};
    }
    return errors;
}

// The TensorRT-LLM rows of one split of serving.csv, each evaluated and checked: the median
// absolute error over them. A failure (missing data, too few rows, a case off by more than a
// factor of 2) is recorded in QTest's log and leaves `cases` at 0.
struct SplitError {
    double median = 0;
    std::size_t cases = 0;
};

SplitError evaluateSplit(const char* split, std::size_t atLeast) {
    std::string error;
    const auto cases = validation::loadServingCases("tensorrt-llm-2023", split, error);
    if (!QTest::qVerify(error.empty(), "error.empty()", error.c_str(), __FILE__, __LINE__))
        return {};
    if (!QTest::qVerify(cases.size() >= atLeast, "cases.size() >= atLeast",
                        "serving.csv: too few TensorRT-LLM rows", __FILE__, __LINE__))
        return {};
    const std::vector<double> errors = checkCases(cases);
    if (errors.size() != cases.size()) return {};
    return {median(errors), errors.size()};
}

}  // namespace

class TestInferenceValidation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tensorRtLlmCases() {
        const SplitError fit = evaluateSplit("fit", 8);
        if (fit.cases == 0) return;
        qInfo("fit median absolute error %.1f%% over %zu cases (target <= 15%%)", 100 * fit.median,
              fit.cases);
        QVERIFY2(fit.median <= 0.15, "median absolute error above the 15% target");
    }

    void heldOutRowsOfTheSameTables() {
        const SplitError test = evaluateSplit("test", 21);
        if (test.cases == 0) return;
        qInfo("held-out median absolute error %.1f%% over %zu cases", 100 * test.median,
              test.cases);
        QVERIFY(test.median <= 0.15);
    }
};

QTEST_GUILESS_MAIN(TestInferenceValidation)
#include "tst_inference_validation.moc"
