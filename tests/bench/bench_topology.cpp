// Link-level evaluation of a 16,384-GPU design: 2,048 DGX H100 on a rail-optimized 3-tier
// fat-tree (8 rails, NDR400), GPT-3 175B with TP=8, PP=8, DP=256. Measures the expansion, and
// the flow model's whole job for one training step: placement, routing every TP, PP and DP
// collective's flows, and costing them alone and concurrently. Peak memory is reported as
// the counter max_rss_mb.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include "catalog/catalog.h"
#include "core/io/design_json.h"
#include "core/topology/flow_comm_model.h"

using namespace infraplan;

namespace {
Design design16k() {
    auto r = parseDesign(R"({"format":"infraplan-design","version":1,"hardware":{"items":[
        {"id":"dgx","kind":"node","ref":"nvidia-dgx-h100","count":2048},
        {"id":"ib","kind":"fabric","topology":"rail-optimized","switch":"nvidia-quantum-2-qm9700",
         "link":"ib-ndr-400","tiers":3,"rails":8}],
        "links":[{"from":"dgx","to":"ib","ref":"ib-ndr-400","count":8}]},
        "workload":{"model":"gpt3-175b","seq_len":2048,"global_batch":1536},
        "strategy":{"tp":8,"pp":8,"dp":"auto"}})");
    if (!r.ok()) std::abort();
    return *r.design;
}

double maxRssMb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;  // Linux reports KiB
}

// Per-rank message sizes of one GPT-3 175B step (b=1, s=2048, h=12288, bf16;
// docs/training-engine.md): TP all-reduce of b*s*h activations, PP send of b*s*h, DP all-reduce of
// the stage's gradients (175e9 / (tp*pp) parameters x 2 bytes).
const std::vector<CollectiveRequest> kStep{
    {Collective::all_reduce, ParallelDim::tp, 1.0 * 2048 * 12288 * 2},
    {Collective::send_recv, ParallelDim::pp, 1.0 * 2048 * 12288 * 2},
    {Collective::all_reduce, ParallelDim::dp, 175e9 / 64 * 2},
};

void expand16k(benchmark::State& state) {
    const Design d = design16k();
    for (auto _ : state) {
        ExpandResult r = expand(d, catalog::builtinCatalog());
        benchmark::DoNotOptimize(r.graph.edges.data());
        state.counters["vertices"] = static_cast<double>(r.graph.vertices.size());
        state.counters["edges"] = static_cast<double>(r.graph.edges.size());
    }
    state.counters["max_rss_mb"] = maxRssMb();
}

void stepCollectives16k(benchmark::State& state) {
    const Design d = design16k();
    const auto graph = std::make_shared<const Graph>(expand(d, catalog::builtinCatalog()).graph);
    for (auto _ : state) {
        FlowCommModel model(graph, d, catalog::builtinCatalog());
        double total = 0;
        for (const CollectiveRequest& c : kStep)
            total += model.cost(c).time_s;
        total += model.concurrentCost(kStep).time_s;
        benchmark::DoNotOptimize(total);
        state.counters["step_comm_s"] = total;
    }
    state.counters["max_rss_mb"] = maxRssMb();
}

void networkReport16k(benchmark::State& state) {
    const Design d = design16k();
    const auto graph = std::make_shared<const Graph>(expand(d, catalog::builtinCatalog()).graph);
    FlowCommModel model(graph, d, catalog::builtinCatalog());
    std::vector<IssuedCollective> issued;
    for (const CollectiveRequest& c : kStep)
        issued.push_back({c, model.cost(c), 1});
    for (auto _ : state) {
        NetworkResults net = model.network(issued);
        benchmark::DoNotOptimize(net.links.data());
    }
}
}  // namespace

BENCHMARK(expand16k)->Unit(benchmark::kMillisecond);
BENCHMARK(stepCollectives16k)->Unit(benchmark::kMillisecond);
BENCHMARK(networkReport16k)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
