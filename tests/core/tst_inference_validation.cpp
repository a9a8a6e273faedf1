// Fidelity against published serving measurements: every row of
// tests/data/validation/serving.csv (TensorRT-LLM, vLLM on ROCm and Intel Gaudi results on
// NVIDIA, AMD and Intel devices; sources in each row, the set in docs/inference-engine.md) is
// evaluated as a design on its catalog node template through evaluate(), printed with its
// error, and summarized per split, vendor, metric and family.
// Each row runs under its runtime's parameter set (strategy.runtime) and, for the before/after
// of those sets, under the generic one; both errors are printed.
// Asserted: the fit rows (the TensorRT-LLM 2023 tables the engine was built on, and the one
// runtime anchor) hold; on the test rows, each vendor's median and worst row stay within the
// bounds the engine meets today (docs/inference-engine.md), so a regression fails. The issue's
// acceptance figures (median <= 10%, every row <= 30%, batch-1 TPOT <= 15%) are printed with
// whether they are met.

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "residuals_check.h"
#include "serving_cases.h"

using namespace infraplan;
using validation::ServingCase;

namespace {

struct RowError {
    const ServingCase* c = nullptr;
    double predicted = 0;
    double error = 0;          // predicted / measured - 1, under the row's runtime
    double generic_error = 0;  // the same under the generic runtime (hardware alone)
};

// The row's metric in `r`: latencies as the mean over requests (batch-1 rows: every request
// alike; the online rows publish means), throughput of the replicas the row measured.
double predictedValue(const ServingCase& c, const InferenceResults& in) {
    if (c.metric == "ttft_ms") return in.ttft_ms.mean;
    if (c.metric == "tpot_ms") return in.tpot_ms.mean;
    if (c.metric == "output_tokens_per_s") return in.output_tokens_per_s;
    if (c.metric == "output_tokens_per_s_per_gpu")
        return in.output_tokens_per_s / std::max(1, c.tp * c.replicas);
    return 0;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    if (v.empty()) return 0;
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

double worst(const std::vector<double>& v) {
    return v.empty() ? 0 : *std::max_element(v.begin(), v.end());
}

bool batchOneTpot(const ServingCase& c) {
    return c.metric == "tpot_ms" && c.traffic == "batch" && c.batch == 1;
}

// The row's metric predicted for `design`; 0 (with the failure in QTest's log) when the
// engine cannot evaluate it.
double predict(const ServingCase& c, const Design& design) {
    const Results r = evaluate(design, catalog::builtinCatalog());
    const std::string why = r.reasons.empty() ? "no inference results" : r.reasons[0];
    if (!QTest::qVerify(r.feasible && r.inference, "feasible", (c.id + ": " + why).c_str(),
                        __FILE__, __LINE__))
        return 0;
    const double predicted = predictedValue(c, *r.inference);
    if (!QTest::qVerify(predicted > 0 && std::isfinite(predicted), "predicted > 0",
                        (c.id + ": metric " + c.metric).c_str(), __FILE__, __LINE__))
        return 0;
    return predicted;
}

// With $INFRAPLAN_WRITE_VALIDATION_DESIGNS set to a folder, each row's design is saved there
// as <id>.json, to study one row with infraplan-cli (tests/data/README.md).
void saveDesignOnRequest(const ServingCase& c, const Design& design) {
    static const QByteArray folder = qgetenv("INFRAPLAN_WRITE_VALIDATION_DESIGNS");
    if (folder.isEmpty()) return;
    std::string error;
    if (!saveDesignFile(design, folder.toStdString() + "/" + c.id + ".json", &error))
        qWarning("%s: %s", c.id.c_str(), error.c_str());
}

// Evaluates every row under its runtime and under the generic one (the before/after of the
// runtime parameter sets); a row the engine cannot evaluate fails the test with the reason.
std::vector<RowError> evaluateRows(const std::vector<ServingCase>& cases) {
    std::vector<RowError> rows;
    qInfo("%-42s %-6s %-5s %-14s %-27s %9s %9s %8s %8s", "id", "vendor", "split", "runtime",
          "metric", "measured", "predicted", "error", "generic");
    for (const ServingCase& c : cases) {
        Design design = validation::servingDesign(c);
        saveDesignOnRequest(c, design);
        const double predicted = predict(c, design);
        design.strategy.runtime = InferenceRuntime::generic;
        const double generic = predict(c, design);
        if (predicted <= 0 || generic <= 0) return {};
        const RowError row{&c, predicted, predicted / c.value - 1, generic / c.value - 1};
        qInfo("%-42s %-6s %-5s %-14s %-27s %9.1f %9.1f %+7.1f%% %+7.1f%%", c.id.c_str(),
              c.vendor.c_str(), c.split.c_str(), c.runtime.c_str(), c.metric.c_str(), c.value,
              predicted, 100 * row.error, 100 * row.generic_error);
        rows.push_back(row);
    }
    return rows;
}

// |error| of the rows of `split` grouped by `key` (all rows under "all"); `generic`: the
// errors under the generic runtime.
template <typename Key>
std::map<std::string, std::vector<double>> groupErrors(const std::vector<RowError>& rows,
                                                       const std::string& split, Key key,
                                                       bool generic = false) {
    std::map<std::string, std::vector<double>> groups;
    for (const RowError& row : rows) {
        if (row.c->split != split) continue;
        groups[key(*row.c)].push_back(std::abs(generic ? row.generic_error : row.error));
    }
    return groups;
}

// Median and worst |error| per group, with the generic runtime's beside them (before/after).
template <typename Key>
void printGroups(const std::vector<RowError>& rows, const char* split, const char* title, Key key) {
    const auto after = groupErrors(rows, split, key);
    const auto before = groupErrors(rows, split, key, true);
    for (const auto& [name, errors] : after) {
        const auto& b = before.at(name);
        qInfo(
            "  %-6s %-28s rows %3zu  median |error| %5.1f%% (generic %5.1f%%)  worst %5.1f%% "
            "(generic %5.1f%%)",
            title, name.c_str(), errors.size(), 100 * median(errors), 100 * median(b),
            100 * worst(errors), 100 * worst(b));
    }
}

void printSummaries(const std::vector<RowError>& rows) {
    for (const char* split : {"fit", "test"}) {
        qInfo("split %s:", split);
        printGroups(rows, split, "all", [](const ServingCase&) { return "all"; });
        printGroups(rows, split, "vendor", [](const ServingCase& c) { return c.vendor; });
        printGroups(rows, split, "metric", [](const ServingCase& c) { return c.metric; });
        printGroups(rows, split, "family", [](const ServingCase& c) { return c.family; });
    }
}

// The acceptance figures on the test rows, printed with whether each is met (not
// asserted: the bounds the engine meets today are, per vendor, in TestInferenceValidation).
void printAcceptance(const std::vector<RowError>& rows) {
    std::vector<double> all, tpot;
    for (const RowError& row : rows) {
        if (row.c->split != "test") continue;
        all.push_back(std::abs(row.error));
        if (batchOneTpot(*row.c)) tpot.push_back(std::abs(row.error));
    }
    const auto met = [](bool ok) { return ok ? "met" : "NOT met"; };
    qInfo(
        "acceptance (test rows): median |error| %.1f%% (<= 10%%: %s); worst %.1f%% (every row "
        "<= 30%%: %s); batch-1 TPOT worst %.1f%% over %zu rows (<= 15%%: %s)",
        100 * median(all), met(median(all) <= 0.10), 100 * worst(all), met(worst(all) <= 0.30),
        100 * worst(tpot), tpot.size(), met(!tpot.empty() && worst(tpot) <= 0.15));
}

// The residual a row adds to the error bands' source: per-GPU throughput is the same ratio as
// throughput; the parallel group is one replica's (serving rows run pp 1).
ValidatedResidual residualOf(const RowError& row) {
    const ServingCase& c = *row.c;
    const bool throughput = c.metric.rfind("output_tokens_per_s", 0) == 0;
    return {c.id,     c.split,
            c.family, c.device,
            c.vendor, throughput ? "output_tokens_per_s" : c.metric,
            c.tp,     c.model.moe.has_value(),
            row.error};
}

// Bounds the engine meets on the test rows today, per vendor: {median, worst} |error|.
struct Bound {
    double median = 0;
    double worst = 0;
};

const std::map<std::string, Bound>& testBounds() {
    static const std::map<std::string, Bound> bounds = {
        // worst: the Mixtral batch-1 first tokens on TensorRT-LLM v0.9 (+44..+47%)
        {"NVIDIA", {0.20, 0.50}},
        // The offline rows run 21-39% fast, with the wave quantization of 304 CUs; what else
        // slows ROCm vLLM's large-batch decode is not known (docs/inference-engine.md).
        {"AMD", {0.40, 0.45}},
        {"Intel", {0.12, 0.20}},  // worst: Gaudi2 TP8 2048-token TTFT
    };
    return bounds;
}

}  // namespace

class TestInferenceValidation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        std::string error;
        m_cases = validation::loadServingCases(error);
        QVERIFY2(error.empty(), error.c_str());
        m_rows = evaluateRows(m_cases);
        QCOMPARE(m_rows.size(), m_cases.size());
        printSummaries(m_rows);
        printAcceptance(m_rows);
    }

    void theSetCoversThreeVendorsAndBothRegimes() {
        std::map<std::string, int> vendors;
        int testRows = 0, latency = 0, load = 0;
        for (const ServingCase& c : m_cases) {
            if (c.split != "test") continue;
            ++testRows;
            ++vendors[c.vendor];
            if (c.traffic == "batch" && c.batch == 1)
                ++latency;
            else
                ++load;
        }
        QVERIFY2(testRows >= 30, "serving.csv: fewer than 30 test rows");
        QVERIFY2(vendors.size() >= 3, "serving.csv: test rows from fewer than 3 vendors");
        QVERIFY2(latency >= 5 && load >= 5, "serving.csv: needs batch-1 and at-load rows");
    }

    // The TensorRT-LLM 2023 tables (v0.5/v0.6) the engine's step model was built on.
    void fitRowsHoldTheirMedian() {
        const auto fit = groupErrors(m_rows, "fit", [](const ServingCase&) { return "all"; });
        QVERIFY(fit.count("all"));
        QVERIFY2(median(fit.at("all")) <= 0.12, "fit rows: median |error| above 12%");
        QVERIFY2(worst(fit.at("all")) <= 0.45, "fit rows: a row off by more than 45%");
    }

    // The one anchor row a runtime constant was fitted on (vLLM's host time per iteration, on
    // the MI300X 70B batch-1 TPOT) is reproduced: the constant still matches its anchor.
    void runtimeAnchorsReproduced() {
        int anchors = 0;
        for (const RowError& row : m_rows) {
            if (row.c->split != "fit" || row.c->family == "tensorrt-llm-2023") continue;
            ++anchors;
            QVERIFY2(std::abs(row.error) <= 0.02, (row.c->id + ": anchor not reproduced").c_str());
        }
        QCOMPARE(anchors, 1);
    }

    void testRowsWithinTheBoundsMetToday() {
        const auto byVendor =
            groupErrors(m_rows, "test", [](const ServingCase& c) { return c.vendor; });
        for (const auto& [vendor, errors] : byVendor) {
            const auto bound = testBounds().find(vendor);
            QVERIFY2(bound != testBounds().end(), ("no bound for vendor " + vendor).c_str());
            QVERIFY2(median(errors) <= bound->second.median,
                     (vendor + ": median |error| above its bound").c_str());
            QVERIFY2(worst(errors) <= bound->second.worst,
                     (vendor + ": a row beyond its bound").c_str());
        }
    }

    // The error bands' source (core/accuracy/data/residuals-serving.csv) is the engine's now.
    void residualsFileMatchesTheEngine() {
        std::vector<ValidatedResidual> now;
        for (const RowError& row : m_rows)
            now.push_back(residualOf(row));
        const std::string problem = validation::residualsFileProblem(now, "residuals-serving.csv");
        QVERIFY2(problem.empty(), problem.c_str());
    }

private:
    std::vector<ServingCase> m_cases;
    std::vector<RowError> m_rows;
};

QTEST_GUILESS_MAIN(TestInferenceValidation)
#include "tst_inference_validation.moc"
