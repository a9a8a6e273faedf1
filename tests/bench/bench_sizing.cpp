// Hardware sizing sweep: the Llama 3 70B pre-training target (resources/targets) over the
// NVIDIA, AMD and Intel 8-accelerator templates at 256 and 512 nodes: clusters and strategies
// per second, and how many designs meet the target.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "catalog/catalog.h"
#include "core/planning/sizing.h"
#include "tests/support/test_paths.h"

using namespace infraplan;

namespace {

SizingTarget target() {
    std::ifstream file(std::string(test::sourceDir()) +
                       "/resources/targets/llama3-70b-pretraining.json");
    std::stringstream text;
    text << file.rdbuf();
    nlohmann::json j = nlohmann::json::parse(text.str(), nullptr, false);
    if (j.is_discarded()) {
        std::fprintf(stderr, "cannot read resources/targets/llama3-70b-pretraining.json\n");
        std::exit(1);
    }
    j["candidates"] = {{"nodes", {"nvidia-dgx-h100", "amd-mi300x-platform", "intel-gaudi3-server"}},
                       {"node_counts", {256, 512}},
                       {"cooling", {"air"}}};
    SizingTargetLoad load = parseSizingTarget(j.dump());
    if (!load.target) {
        std::fprintf(stderr, "%s", load.diagnostics.toString().c_str());
        std::exit(1);
    }
    return *load.target;
}

void BM_SizingSweep(benchmark::State& state) {
    const SizingTarget t = target();
    SizingOptions options;
    options.max_strategies = 200;
    options.time_budget_s = 3600;
    long long clusters = 0, strategies = 0, designs = 0;
    for (auto _ : state) {
        const SizingResult r = sizeHardware(t, catalog::builtinCatalog(), options);
        clusters += r.searched;
        strategies += r.strategies_evaluated;
        designs = static_cast<long long>(r.designs.size());
    }
    state.counters["clusters_per_s"] =
        benchmark::Counter(static_cast<double>(clusters), benchmark::Counter::kIsRate);
    state.counters["strategies_per_s"] =
        benchmark::Counter(static_cast<double>(strategies), benchmark::Counter::kIsRate);
    state.counters["designs"] = static_cast<double>(designs);
}
BENCHMARK(BM_SizingSweep)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
