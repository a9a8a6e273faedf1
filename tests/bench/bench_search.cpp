// Strategy search on the headline problem of the analytic peers: GPT-3 175B on 1,024
// A100-80GB (128 DGX A100, HDR fabric), global batch 1,536, seq 2,048
// (resources/examples/gpt3-175b-1024-a100.json), and on the 64 A100 of the Korthikanti run
// (megatron-gpt3-175b-a100.json). The whole space, untruncated: configurations per second (the
// space over the wall time, preparation and the top N's full evaluation included), how many
// were pruned on memory and timed, and the winner.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

#include "catalog/catalog.h"
#include "core/io/design_json.h"
#include "core/search/strategy_search.h"
#include "core/search/strategy_text.h"
#include "tests/support/test_paths.h"

using namespace infraplan;

namespace {

Design gpt3Design(bool gpus1024) {
    const std::string path =
        std::string(test::sourceDir()) + "/resources/examples/" +
        (gpus1024 ? "gpt3-175b-1024-a100.json" : "megatron-gpt3-175b-a100.json");
    LoadResult r = loadDesignFile(path);
    if (!r.ok()) {
        std::fprintf(stderr, "cannot load %s:\n%s", path.c_str(), r.diagnostics.toString().c_str());
        std::exit(1);
    }
    return *r.design;
}

void BM_SearchGpt3(benchmark::State& state) {
    const Design design = gpt3Design(state.range(2) == 1024);
    SearchOptions options;
    options.threads = static_cast<int>(state.range(0));
    options.objective = static_cast<SearchObjective>(state.range(1));
    options.time_budget_s = 3600;
    options.prune_on_bounds = state.range(3) != 0;
    long long evaluated = 0;
    SearchResult last;
    for (auto _ : state) {
        last = searchStrategies(design, catalog::builtinCatalog(), options);
        evaluated += last.evaluated;
        if (last.truncated) state.SkipWithError("the search was truncated");
    }
    state.counters["configurations_per_s"] =
        benchmark::Counter(static_cast<double>(evaluated), benchmark::Counter::kIsRate);
    state.counters["space"] = static_cast<double>(last.space);
    state.counters["pruned_memory"] = static_cast<double>(last.pruned_memory);
    state.counters["pruned_bound"] = static_cast<double>(last.pruned_bound);
    state.counters["timed"] = static_cast<double>(last.timed);
    state.counters["pareto"] = static_cast<double>(last.pareto.size());
    if (!last.best.empty())
        state.SetLabel(describeStrategy(last.best.front().strategy, false) + " -> " +
                       std::to_string(last.best.front().score) + " " + last.score_unit);
}
// Arguments: threads, objective (0 time, 1 cost, 2 energy, 3 cost per token), GPUs, pruning
// on bounds (1 on, 0 off).
BENCHMARK(BM_SearchGpt3)
    ->Args({2, 0, 1024, 1})
    ->Args({2, 0, 1024, 0})
    ->Args({2, 0, 64, 1})
    ->Args({2, 0, 64, 0})
    ->Args({1, 0, 64, 1})
    ->Args({2, 1, 64, 1})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Iterations(1);

}  // namespace

BENCHMARK_MAIN();
