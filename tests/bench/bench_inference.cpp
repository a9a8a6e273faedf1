// Speed of the inference engine: the serving simulation on 100,000 Poisson requests (target
// <= 1 s on one core) with the real step-cost model, and a whole inference evaluation
// (simulation + goodput bisection) of a Llama 3 70B design.

#include <benchmark/benchmark.h>

#include "core/design/resolve.h"
#include "core/perf/inference_engine.h"
#include "core/perf/inference_step.h"
#include "core/perf/serving_sim.h"
#include "core/perf/tier_comm_model.h"
#include "inference_fixtures.h"

using namespace infraplan;

namespace {
Design llamaDesign() {
    Design d = test::servingDesign("nvidia-h100-sxm", 16, "llama3-70b", catalog::Precision::fp8, 4);
    d.workload.kv_precision = catalog::Precision::fp8;
    d.workload.traffic.mode = TrafficMode::poisson;
    d.workload.traffic.rate_per_s = 12;
    d.workload.traffic.prompt_tokens = {1024, 4096, "", nlohmann::json::object()};
    d.workload.traffic.output_tokens = {256, 1024, "", nlohmann::json::object()};
    d.workload.slo = {500, 50, 99, nlohmann::json::object()};
    d.strategy.max_batch = 128;
    return d;
}
}  // namespace

// 100k requests, 4 TP=4 replicas of Llama 3 70B on H100, continuous batching, chunked prefill.
static void BM_Simulate100kRequests(benchmark::State& state) {
    const catalog::Catalog& catalog = infraplan::catalog::builtinCatalog();
    const Design d = llamaDesign();
    const DeviceSummary devices = summarizeDevices(d, catalog);
    RankLayout layout;
    layout[ParallelDim::tp] = 4;
    layout[ParallelDim::dp] = 4;
    const TierCommModel comm = TierCommModel::fromDesign(d, catalog, *devices.primary(), layout);
    InferenceStepModel step(*catalog.model("llama3-70b"), *catalog.accelerator("nvidia-h100-sxm"),
                            {catalog::Precision::fp8, catalog::Precision::fp8, 2}, {4, 1, 1},
                            &comm);
    const TokenSampler prompt(d.workload.traffic.prompt_tokens, 32768);
    const TokenSampler output(d.workload.traffic.output_tokens, 32768);
    const std::vector<Request> requests =
        makeRequests(prompt, output, state.range(0), d.workload.traffic.rate_per_s, 1);
    SimConfig cfg;
    cfg.replicas = 4;
    cfg.max_batch = 128;
    cfg.max_step_tokens = 8192;
    cfg.kv_capacity_tokens = 1'300'000;
    long long steps = 0;
    for (auto _ : state) {
        SimResult r = simulateServing(requests, step, cfg);
        steps = r.steps;
        benchmark::DoNotOptimize(r.end_s);
    }
    state.counters["requests"] = static_cast<double>(state.range(0));
    state.counters["iterations_simulated"] = static_cast<double>(steps);
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Simulate100kRequests)->Arg(100'000)->Unit(benchmark::kMillisecond);

// evaluate-level: 10k-request simulation plus the goodput bisection.
static void BM_EvaluateInferenceDesign(benchmark::State& state) {
    const catalog::Catalog& catalog = infraplan::catalog::builtinCatalog();
    const Design d = llamaDesign();
    for (auto _ : state) {
        const InferenceEvaluation r = evaluateInference(d, catalog, nullptr);
        benchmark::DoNotOptimize(r.inference->goodput_rps);
    }
}
BENCHMARK(BM_EvaluateInferenceDesign)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
