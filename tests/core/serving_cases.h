#pragma once
// The serving validation set (tests/data/validation/serving.csv, columns in tests/data/README.md):
// one published serving measurement per row, read into a case and turned into a design on the
// row's catalog node template. Header-only, no Qt.

#include <algorithm>
#include <string>
#include <vector>

#include "validation_cases.h"

namespace infraplan::validation {

// One published serving run.
struct ServingCase {
    std::string id, split, family, vendor, device, node, runtime, traffic, metric, unit;
    catalog::Model model;
    catalog::Precision precision = catalog::Precision::bf16;
    catalog::Precision kv_precision = catalog::Precision::bf16;
    int devices = 1;
    int tp = 1;
    int replicas = 1;
    int batch = 0;  // static batch, or the runtime's maximum batch (0: not published)
    int input_tokens = 0, output_tokens = 0;
    double rate_per_s = 0;   // poisson traffic
    long long requests = 0;  // 0: the engine's default
    double value = 0;
};

inline void readServingMoe(const RowReader& r, catalog::Model& m) {
    const long long experts = r.integer("moe_experts", 0);
    if (experts <= 0) return;
    catalog::MoeSpec moe;
    moe.experts = static_cast<int>(experts);
    moe.top_k = static_cast<int>(r.integer("moe_top_k", 1));
    moe.expert_ffn_hidden = m.ffn_hidden;  // Mixtral: every expert is a full SwiGLU MLP
    m.moe = moe;
}

inline ServingCase servingCase(const RowReader& r) {
    ServingCase c;
    if (r.text("mode") != "inference") r.fail("mode", "expected inference");
    c.id = r.text("id");
    c.split = r.text("split");
    if (c.split != "fit" && c.split != "test") r.fail("split", "expected fit or test");
    c.family = r.text("family");
    c.vendor = r.text("vendor");
    c.device = r.text("device");
    c.node = r.text("node");
    c.runtime = r.text("runtime");
    if (c.runtime != "gaudi" && !inferenceRuntimeFromString(c.runtime))
        r.fail("runtime", "expected trt-llm, trt-llm-engine, vllm, sglang, vllm-rocm or gaudi");
    c.traffic = r.text("traffic");
    if (c.traffic != "batch" && c.traffic != "offline" && c.traffic != "poisson")
        r.fail("traffic", "expected batch, offline or poisson");
    c.metric = r.text("metric");
    c.unit = r.text("unit");
    c.model = modelOf(r);
    readServingMoe(r, c.model);
    c.precision = precisionOf(r, "precision");
    c.kv_precision = precisionOf(r, "kv_precision");
    c.devices = static_cast<int>(r.integer("devices", 1));
    c.tp = static_cast<int>(r.integer("tp", 1));
    c.replicas = static_cast<int>(r.integer("replicas", 1));
    c.batch = static_cast<int>(r.integer("batch_or_concurrency", 0));
    c.input_tokens = static_cast<int>(r.integer("input_tokens", 0));
    c.output_tokens = static_cast<int>(r.integer("output_tokens", 0));
    c.rate_per_s = r.text("rate_per_s").empty() ? 0 : r.number("rate_per_s");
    c.requests = r.integer("requests", 0);
    c.value = r.number("value");
    if (c.input_tokens <= 0) r.fail("input_tokens", "a serving row needs its prompt length");
    if (c.traffic == "poisson" && c.rate_per_s <= 0)
        r.fail("rate_per_s", "poisson traffic needs a rate");
    return c;
}

// Every row of serving.csv; empty with `error` set when the file is missing or a row is bad.
inline std::vector<ServingCase> loadServingCases(std::string& error) {
    const std::string path = dataFile("validation/serving.csv");
    const auto table = readTable(path, error);
    if (!table) return {};
    std::vector<ServingCase> cases;
    for (const CsvRow& row : table->rows)
        cases.push_back(servingCase(RowReader(*table, row, path, error)));
    if (!error.empty()) return {};
    return cases;
}

// The traffic of a row: a static batch, an offline burst (every request at t = 0, as the
// throughput benchmarks submit them) or Poisson arrivals. A first-token row runs two output
// tokens (one context step plus one decode step, as gptSessionBenchmark's output-length-1 run).
inline void setServingTraffic(const ServingCase& c, Design& d) {
    const bool ttft = c.metric == "ttft_ms";
    Traffic& t = d.workload.traffic;
    t.prompt_tokens = TokenCount::fixed(c.input_tokens);
    t.output_tokens = TokenCount::fixed(ttft && c.traffic == "batch" ? 2 : c.output_tokens);
    if (c.traffic == "batch") {
        t.mode = TrafficMode::batch;
        t.batch_size = c.batch;
    } else if (c.traffic == "offline") {
        t.mode = TrafficMode::offline;
    } else {
        t.mode = TrafficMode::poisson;
        t.rate_per_s = c.rate_per_s;
    }
    if (c.requests > 0) d.workload.requests = c.requests;
}

// The engine's parameter set for the row's runtime; Intel's Gaudi stack has none (generic).
inline InferenceRuntime runtimeOf(const ServingCase& c) {
    if (c.runtime == "gaudi") return InferenceRuntime::generic;
    return inferenceRuntimeFromString(c.runtime).value_or(InferenceRuntime::generic);
}

// A row as a design: its catalog node template (as many nodes as its devices need), one or
// more replicas of its tensor-parallel group, its precisions and traffic. Runtime behaviour the
// row's software implies: static batching for `batch` traffic (gptSessionBenchmark, Intel's
// static-batch tables), per-head decode attention for TensorRT-LLM before XQA (v0.5/v0.6).
inline Design servingDesign(const ServingCase& c) {
    Design d;
    d.name = c.id;
    addNodes(d, c.node, c.devices);

    d.workload.mode = WorkloadMode::inference;
    d.workload.model = c.model;
    d.workload.precision = c.precision;
    d.workload.kv_precision = c.kv_precision;
    d.workload.seq_len = c.input_tokens + std::max(c.output_tokens, 2) + 16;
    setServingTraffic(c, d);

    Strategy& s = d.strategy;
    s.tp = c.tp;
    s.replicas = c.replicas;
    if (c.traffic == "batch") {
        s.scheduler = BatchScheduler::static_;
        s.max_batch = std::max(1, c.batch);
    } else if (c.batch > 0) {
        s.max_batch = c.batch;
    } else {
        // Maximum batch not published (trtllm-bench picks it): wide enough that the KV cache,
        // not the slot count, bounds the batch.
        s.max_batch = 4096;
    }
    if (c.family == "tensorrt-llm-2023") s.decode_attention = DecodeAttention::per_head;
    s.runtime = runtimeOf(c);
    return d;
}

}  // namespace infraplan::validation
