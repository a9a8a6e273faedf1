// What an edit on a 16,384-GPU design costs the GUI's engine thread, phase by phase: 2,048
// DGX H100 behind the 8-rail fabric of resources/examples/dgx-h100-training.json. The GUI adds
// its debounce and the dashboard's rendering (tests/ui/tst_responsiveness prints the total).
// Phases: prepareDesign (validation, expansion, inventory), the flow-level network model
// (routing), the workload engine, the facility model (evaluatePrepared covers the last three),
// and the results JSON the dashboard reads.
#include <benchmark/benchmark.h>

#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/results/results_json.h"
#include "core/topology/network_eval.h"
#include "example_designs.h"

using namespace infraplan;

namespace {

Design sixteenK() {
    Design d = test::example("dgx-h100-training.json");
    for (Item& i : d.hardware.items)
        if (i.id == "dgx") i.count = 2048;
    return d;
}

const Design& design() {
    static const Design d = sixteenK();
    return d;
}

const catalog::Catalog& cat() {
    return catalog::builtinCatalog();
}

void BM_Evaluate16k(benchmark::State& state) {
    for (auto _ : state) {
        Results r = evaluate(design(), cat());
        benchmark::DoNotOptimize(r);
    }
    state.counters["devices"] = double(evaluate(design(), cat()).devices);
}
BENCHMARK(BM_Evaluate16k)->Unit(benchmark::kMillisecond);

void BM_Prepare16k(benchmark::State& state) {
    for (auto _ : state) {
        PreparedDesign p = prepareDesign(design(), cat());
        benchmark::DoNotOptimize(p);
    }
}
BENCHMARK(BM_Prepare16k)->Unit(benchmark::kMillisecond);

void BM_NetworkModel16k(benchmark::State& state) {
    const PreparedDesign p = prepareDesign(design(), cat());
    for (auto _ : state) {
        NetworkModel model = makeNetworkModel(design(), cat(), p.graph, nullptr);
        benchmark::DoNotOptimize(model);
    }
}
BENCHMARK(BM_NetworkModel16k)->Unit(benchmark::kMillisecond);

// Everything after preparation: what a strategy-only edit could cost with the graph reused.
void BM_EvaluatePrepared16k(benchmark::State& state) {
    const PreparedDesign p = prepareDesign(design(), cat());
    for (auto _ : state) {
        Results r = evaluatePrepared(p, design(), cat());
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(BM_EvaluatePrepared16k)->Unit(benchmark::kMillisecond);

// A strategy edit in the GUI: the hardware's preparation is reused, only validation and the
// engines run.
void BM_StrategyEdit16k(benchmark::State& state) {
    std::shared_ptr<const PreparedDesign> prepared;
    evaluate(design(), cat(), {}, prepared);
    Design edited = design();
    edited.strategy.pp = 4;
    for (auto _ : state) {
        Results r = evaluate(edited, cat(), {}, prepared);
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(BM_StrategyEdit16k)->Unit(benchmark::kMillisecond);

void BM_ResultsJson16k(benchmark::State& state) {
    const Results r = evaluate(design(), cat());
    for (auto _ : state) {
        nlohmann::json j = resultsToJson(r);
        benchmark::DoNotOptimize(j);
    }
}
BENCHMARK(BM_ResultsJson16k)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
