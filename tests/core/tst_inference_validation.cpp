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
}  // namespace

class TestInferenceValidation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void tensorRtLlmCases() {
        const catalog::Catalog catalog = test::inferenceCatalog();
        const auto rows = readRows("I2-");
        QVERIFY2(rows.size() >= 8, "validation-public.csv rows I2-* not found");
        std::vector<double> errors;
        for (const auto& row : rows) {
            const std::string hw = row.at("hardware");
            const std::string device =
                hw.find("H100") != std::string::npos ? "nvidia-h100-sxm" : "nvidia-a100-sxm-80gb";
            const auto precision = catalog::precisionFromString(row.at("precision"))
                                       .value_or(catalog::Precision::bf16);
            const int devices = intField(row, "num_devices", 1);
            Design d = test::servingDesign(device, devices, "llama2-70b", precision,
                                           intField(row, "TP", 1));
            d.workload.kv_precision = precision;
            d.strategy.scheduler = BatchScheduler::static_;  // gptSessionBenchmark era
            d.strategy.extra["decode_attention"] = "per-head";
            Traffic& t = d.workload.traffic;
            t.mode = TrafficMode::batch;
            t.batch_size = intField(row, "micro_batch", 1);
            const std::string other = row.at("other_metrics");
            const bool ttft = row.at("metric").find("first-token") != std::string::npos;
            t.prompt_tokens = TokenCount::fixed(ttft ? intField(row, "seq_len", 128)
                                                     : matchInt(other, "ISL (\\d+)", 128));
            t.output_tokens = TokenCount::fixed(ttft ? 2 : matchInt(other, "OSL (\\d+)", 128));
            Results r;
            evaluateInference(d, catalog, nullptr, r);
            QVERIFY2(r.feasible && r.inference,
                     (row.at("case_id") + ": " + (r.reasons.empty() ? "" : r.reasons[0])).c_str());
            const double predicted =
                ttft ? r.inference->ttft_ms.p50 : r.inference->output_tokens_per_s_per_device;
            const double measured = std::stod(row.at("value"));
            const double error = predicted / measured - 1;
            errors.push_back(std::abs(error));
            qInfo("%s %-14s %-5s TP%d %-34s measured %8.1f predicted %8.1f %s  error %+6.1f%%",
                  row.at("case_id").c_str(), hw.c_str(), row.at("precision").c_str(),
                  intField(row, "TP", 1), (row.at("metric") + " " + other).c_str(), measured,
                  predicted, row.at("unit").c_str(), 100 * error);
            QVERIFY(std::isfinite(predicted) && predicted > 0);
            QVERIFY2(std::abs(std::log(predicted / measured)) < std::log(2.0),
                     row.at("case_id").c_str());
        }
        std::sort(errors.begin(), errors.end());
        const double median =
            errors.size() % 2 ? errors[errors.size() / 2]
                              : 0.5 * (errors[errors.size() / 2 - 1] + errors[errors.size() / 2]);
        qInfo("I2 median absolute error %.1f%% over %zu cases (target <= 15%%)", 100 * median,
              errors.size());
        QVERIFY2(median <= 0.15, "median absolute error above the 15% target");
    }
};

QTEST_GUILESS_MAIN(TestInferenceValidation)
#include "tst_inference_validation.moc"
