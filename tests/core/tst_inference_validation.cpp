// Fidelity against published serving measurements: rows I2-* of
// ../shared/reference/validation-public.csv (TensorRT-LLM v0.5/v0.6 on H100/A100, static
// batching with gptSessionBenchmark: first-token latency at batch 1 and output throughput per
// GPU = batch x OSL / (prefill + all decode steps) / TP). Prints each case's error and asserts
// the target: median absolute error <= 15% (DESIGN.md §7), every case within a factor of 2.
// Physics only, no per-case factor. The runtime setting these runs imply: per-head decode
// attention (the masked-MHA kernel of that era; XQA arrived in v0.8). The H100 fp8 KV cache
// (--fp8_kv_cache in the documented build) follows the row's precision.
// Known miss: the 128-token H100 first token (-38%): that 2023 runtime enqueued every kernel
// from the host without CUDA graphs, and at batch 1 the H100 outruns the host (the table's
// GPT-J 6B and LLaMA 7B rows sit at 7 ms whatever the model size); host enqueue is not modelled.

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <regex>

#include "core/perf/inference_engine.h"
#include "inference_fixtures.h"

using namespace infraplan;

namespace {
// One CSV record with RFC 4180 quoting (fields may hold commas and doubled quotes).
std::vector<std::string> parseCsvLine(const std::string& line) {
    std::vector<std::string> out(1);
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
            out.back() += '"';
            ++i;
        } else if (c == '"') {
            quoted = !quoted;
        } else if (c == ',' && !quoted) {
            out.emplace_back();
        } else if (c != '\r') {
            out.back() += c;
        }
    }
    return out;
}

std::vector<std::map<std::string, std::string>> readRows(const std::string& prefix) {
    std::ifstream in(std::string(INFRAPLAN_REFERENCE_DIR) + "/validation-public.csv");
    std::vector<std::map<std::string, std::string>> rows;
    std::string line;
    if (!std::getline(in, line)) return rows;
    const std::vector<std::string> header = parseCsvLine(line);
    while (std::getline(in, line)) {
        const std::vector<std::string> cells = parseCsvLine(line);
        if (cells.empty() || cells[0].rfind(prefix, 0) != 0) continue;
        std::map<std::string, std::string> row;
        for (std::size_t i = 0; i < header.size() && i < cells.size(); ++i)
            row[header[i]] = cells[i];
        rows.push_back(std::move(row));
    }
    return rows;
}

int intField(const std::map<std::string, std::string>& row, const std::string& key, int dflt) {
    auto it = row.find(key);
    if (it == row.end() || it->second.empty()) return dflt;
    return std::stoi(it->second);
}

int matchInt(const std::string& text, const std::string& pattern, int dflt) {
    std::smatch m;
    if (std::regex_search(text, m, std::regex(pattern))) return std::stoi(m[1]);
    return dflt;
}
// One gptSessionBenchmark run as a design: a static batch on one replica of `tp` devices, the
// KV cache in the weights' precision (--fp8_kv_cache on H100), per-head decode attention.
// Returns first-token ms (output_tokens == 0) or output tokens/s per GPU; 0 if infeasible.
double predictTrtLlm(const catalog::Catalog& catalog, const std::string& device,
                     const ModelRef& model, catalog::Precision precision, int tp, int batch,
                     int prompt, int output, std::string& why) {
    Design d = test::servingDesign(device, tp, "", precision, tp);
    d.workload.model = model;
    d.workload.kv_precision = precision;
    d.strategy.scheduler = BatchScheduler::static_;
    d.strategy.extra["decode_attention"] = "per-head";
    Traffic& t = d.workload.traffic;
    t.mode = TrafficMode::batch;
    t.batch_size = batch;
    t.prompt_tokens = TokenCount::fixed(prompt);
    t.output_tokens = TokenCount::fixed(output > 0 ? output : 2);
    const Results r = test::inferenceOnly(d, catalog, nullptr);
    if (!r.feasible || !r.inference) {
        why = r.reasons.empty() ? "infeasible" : r.reasons[0];
        return 0;
    }
    return output > 0 ? r.inference->output_tokens_per_s_per_device : r.inference->ttft_ms.p50;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    if (v.empty()) return 0;
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

catalog::Model gptj6b() {  // EleutherAI/gpt-j-6b config.json
    catalog::Model m;
    m.id = "gpt-j-6b";
    m.layers = 28;
    m.hidden = 4096;
    m.heads = 16;
    m.ffn_hidden = 16384;
    m.ffn = catalog::FfnKind::gelu;
    m.vocab = 50400;
    return m;
}

catalog::Model llama7b() {  // meta-llama/Llama-2-7b-hf config.json
    catalog::Model m;
    m.id = "llama-7b";
    m.layers = 32;
    m.hidden = 4096;
    m.heads = 32;
    m.ffn_hidden = 11008;
    m.ffn = catalog::FfnKind::swiglu;
    m.vocab = 32000;
    return m;
}

// Rows of the same TensorRT-LLM tables (docs/source/performance.md, v0.6.1 peak throughput,
// v0.5 low latency; TP 1) that validation-public.csv does not carry: a held-out check of the
// same physics on two more models. Output 0 = first-token latency in ms.
struct HeldOut {
    const char* name;
    bool gptj;
    bool h100;  // H100 SXM fp8, else A100 SXM 80GB fp16
    int batch, prompt, output;
    double measured;
};
constexpr HeldOut kHeldOut[] = {
    {"GPT-J 6B first token 128", true, true, 1, 128, 0, 7},
    {"GPT-J 6B first token 2048", true, true, 1, 2048, 0, 29},
    {"LLaMA 7B first token 128", false, true, 1, 128, 0, 7},
    {"LLaMA 7B first token 2048", false, true, 1, 2048, 0, 36},
    {"GPT-J 6B first token 128", true, false, 1, 128, 0, 12},
    {"GPT-J 6B first token 2048", true, false, 1, 2048, 0, 129},
    {"LLaMA 7B first token 128", false, false, 1, 128, 0, 16},
    {"LLaMA 7B first token 2048", false, false, 1, 2048, 0, 133},
    {"GPT-J 6B 1024 x 128/128", true, true, 1024, 128, 128, 26150},
    {"GPT-J 6B 120 x 128/2048", true, true, 120, 128, 2048, 8011},
    {"GPT-J 6B 64 x 2048/128", true, true, 64, 2048, 128, 2551},
    {"GPT-J 6B 64 x 2048/2048", true, true, 64, 2048, 2048, 3327},
    {"LLaMA 7B 768 x 128/128", false, true, 768, 128, 128, 19694},
    {"LLaMA 7B 112 x 128/2048", false, true, 112, 128, 2048, 6818},
    {"LLaMA 7B 80 x 2048/128", false, true, 80, 2048, 128, 2244},
    {"LLaMA 7B 48 x 2048/2048", false, true, 48, 2048, 2048, 2740},
    {"GPT-J 6B 512 x 128/128", true, false, 512, 128, 128, 6374},
    {"GPT-J 6B 60 x 2048/128", true, false, 60, 2048, 128, 670},
    {"LLaMA 7B 384 x 128/128", false, false, 384, 128, 128, 5586},
    {"LLaMA 7B 60 x 128/2048", false, false, 60, 128, 2048, 1928},
    {"LLaMA 7B 52 x 2048/128", false, false, 52, 2048, 128, 591},
};
}  // namespace

class TestInferenceValidation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tensorRtLlmCases() {
        const catalog::Catalog& catalog = infraplan::catalog::builtinCatalog();
        const auto rows = readRows("I2-");
        QVERIFY2(rows.size() >= 8, "validation-public.csv rows I2-* not found");
        std::vector<double> errors;
        for (const auto& row : rows) {
            const std::string hw = row.at("hardware");
            const std::string device =
                hw.find("H100") != std::string::npos ? "nvidia-h100-sxm" : "nvidia-a100-sxm-80gb";
            const auto precision = catalog::precisionFromString(row.at("precision"))
                                       .value_or(catalog::Precision::bf16);
            const std::string other = row.at("other_metrics");
            const bool ttft = row.at("metric").find("first-token") != std::string::npos;
            std::string why;
            const double predicted = predictTrtLlm(
                catalog, device, std::string("llama2-70b"), precision, intField(row, "TP", 1),
                intField(row, "micro_batch", 1),
                ttft ? intField(row, "seq_len", 128) : matchInt(other, "ISL (\\d+)", 128),
                ttft ? 0 : matchInt(other, "OSL (\\d+)", 128), why);
            QVERIFY2(predicted > 0, (row.at("case_id") + ": " + why).c_str());
            const double measured = std::stod(row.at("value"));
            const double error = predicted / measured - 1;
            errors.push_back(std::abs(error));
            qInfo("%s %-14s %-5s TP%d %-34s measured %8.1f predicted %8.1f %s  error %+6.1f%%",
                  row.at("case_id").c_str(), hw.c_str(), row.at("precision").c_str(),
                  intField(row, "TP", 1), (row.at("metric") + " " + other).c_str(), measured,
                  predicted, row.at("unit").c_str(), 100 * error);
            QVERIFY(std::isfinite(predicted));
            QVERIFY2(std::abs(std::log(predicted / measured)) < std::log(2.0),
                     row.at("case_id").c_str());
        }
        const double m = median(errors);
        qInfo("I2 median absolute error %.1f%% over %zu cases (target <= 15%%)", 100 * m,
              errors.size());
        QVERIFY2(m <= 0.15, "median absolute error above the 15% target");
    }

    void heldOutRowsOfTheSameTables() {
        const catalog::Catalog& catalog = infraplan::catalog::builtinCatalog();
        std::vector<double> errors;
        for (const HeldOut& c : kHeldOut) {
            std::string why;
            const auto precision = c.h100 ? catalog::Precision::fp8 : catalog::Precision::fp16;
            const double predicted = predictTrtLlm(
                catalog, c.h100 ? "nvidia-h100-sxm" : "nvidia-a100-sxm-80gb",
                c.gptj ? gptj6b() : llama7b(), precision, 1, c.batch, c.prompt, c.output, why);
            QVERIFY2(predicted > 0, (std::string(c.name) + ": " + why).c_str());
            const double error = predicted / c.measured - 1;
            errors.push_back(std::abs(error));
            qInfo("%-4s %-26s measured %8.1f predicted %8.1f %-9s error %+6.1f%%",
                  c.h100 ? "H100" : "A100", c.name, c.measured, predicted,
                  c.output > 0 ? "tok/s/GPU" : "ms", 100 * error);
            QVERIFY2(std::abs(std::log(predicted / c.measured)) < std::log(2.0), c.name);
        }
        const double m = median(errors);
        qInfo("held-out median absolute error %.1f%% over %zu cases", 100 * m, errors.size());
        QVERIFY(m <= 0.15);
    }
};

QTEST_GUILESS_MAIN(TestInferenceValidation)
#include "tst_inference_validation.moc"
