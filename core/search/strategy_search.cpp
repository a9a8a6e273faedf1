#include "core/search/strategy_search.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <limits>
#include <mutex>
#include <thread>

#include "catalog/enum_names.h"
#include "core/design/resolve.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/results/format.h"
#include "core/results/results_json.h"
#include "core/search/search_space.h"
#include "core/search/search_workers.h"
#include "core/topology/network_eval.h"

namespace infraplan {
namespace {

constexpr std::array<const char*, 4> kObjectiveNames{"time", "cost", "energy", "cost-per-token"};

// A named string rather than a literal: GCC 12 at -O2 reports a false -Warray-bounds on
// push_back of a temporary std::string after a vector assignment (GCC bug 105329).
const std::string kModelMissing = "/workload/model: the model is not in the catalog";

}  // namespace

const char* toString(SearchObjective o) {
    return enumName(kObjectiveNames, o);
}
std::optional<SearchObjective> searchObjectiveFromString(const std::string& name) {
    return enumValue<SearchObjective>(kObjectiveNames, name);
}

namespace {

// Why a search has nothing to try: every candidate uses all the devices, and no layout of
// them divides the model and the batch.
std::string emptySpaceReason(const Design& design, long long devices) {
    const std::string all = "no parallel layout uses all " + formatInteger(devices) + " devices";
    if (design.workload.mode != WorkloadMode::training)
        return all + ": tp x pp must divide them and the model; change the device count";
    return all +
           ": tp x pp x cp x dp must equal it, with tp dividing the heads, pp at most the "
           "layers and dp x micro-batch dividing the global batch of " +
           formatInteger(design.workload.global_batch) + "; change the device count or the batch";
}

void noteTruncation(const SearchTally& tally, const SearchSpace& space,
                    const SearchOptions& options, SearchResult& result) {
    if (tally.out_of_time) {
        result.truncated = true;
        char budget[32];
        std::snprintf(budget, sizeof budget, "%g", options.time_budget_s);
        result.truncation = std::string("the time budget of ") + budget +
                            " s ran out; the best of the strategies tried so far are shown";
    } else if (space.truncated()) {
        result.truncated = true;
        result.truncation = "the space holds more than " + std::to_string(space.size()) +
                            " strategies (" + std::to_string(space.whole()) + "); the first " +
                            std::to_string(space.size()) + " were tried";
    }
}

// The best candidates through the full evaluate path: their results are exactly evaluate()'s
// (with the network report and the bottlenecks). Not cancellable: a cancelled search still
// shows the best it found, and these are few. Each full evaluation routes the whole fabric
// again, so they share the search's threads.
void fillBest(const SearchJob& job, const SearchTally& tally, unsigned threads,
              SearchResult& result) {
    EvaluateOptions full = job.evaluate;
    full.cancel = nullptr;
    result.best.resize(tally.best.size());
    std::atomic<std::size_t> next{0};
    // One routed fabric for all of them, without the search's cancel token (see above).
    const std::shared_ptr<const FlowFabric> fabric =
        job.prepared.ok() && !tally.best.empty()
            ? makeFlowFabric(job.design, job.catalog, job.prepared.graph, nullptr)
            : nullptr;
    const auto evaluateBest = [&] {
        Design variant = job.design;
        for (std::size_t k; (k = next.fetch_add(1)) < tally.best.size();) {
            const RankedCandidate& c = tally.best[k];
            variant.strategy = job.space.at(c.index);
            // The score stays the search's: tst_search_exact holds it equal to these results'.
            result.best[k] = {c.index, variant.strategy, c.score,
                              evaluatePrepared(job.prepared, variant, job.catalog, full, fabric)};
        }
    };
    std::vector<std::thread> helpers;
    for (unsigned t = 1; t < std::min<std::size_t>(threads, tally.best.size()); ++t)
        helpers.emplace_back(evaluateBest);
    evaluateBest();
    for (std::thread& helper : helpers)
        helper.join();
    result.score_unit = tally.unit;
    for (const TimedPoint& p : tally.front)
        result.pareto.push_back({p.index, job.space.at(p.index), p.time, p.cost});
    result.pareto_time_unit = tally.time_unit;
    result.pareto_cost_unit = tally.cost_unit;
}

unsigned threadCount(const SearchOptions& options, std::size_t total) {
    unsigned threads = options.threads > 0 ? static_cast<unsigned>(options.threads)
                                           : std::max(1u, std::thread::hardware_concurrency());
    return static_cast<unsigned>(
        std::min<std::size_t>(threads, std::max<std::size_t>(1, total / 64)));
}

}  // namespace

SearchResult searchStrategies(const Design& design, const catalog::Catalog& catalog,
                              const SearchOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    SearchResult result;
    result.shard = options.shard;
    EvaluateOptions evaluateOptions;
    evaluateOptions.max_devices = options.max_devices;
    evaluateOptions.cancel = options.cancel;
    const PreparedDesign prepared = prepareDesign(design, catalog, evaluateOptions);
    if (isCancelled(options.cancel)) {
        result.cancelled = true;
        return result;
    }
    const catalog::Model* model = resolveModel(design, catalog);
    if (!prepared.ok() || !model) {
        result.reasons = prepared.base.reasons;
        if (!model) result.reasons.emplace_back(kModelMissing);
        return result;
    }
    SearchSpaceLimits limits = options.space;
    limits.max_candidates = std::max(1LL, options.max_candidates);
    const SearchSpace space(design, *model, prepared.base.devices, limits);
    const SearchHardware hardware =
        describeSearchHardware(prepared, design, catalog, evaluateOptions);
    const SearchJob job{design,
                        catalog,
                        prepared,
                        hardware,
                        space,
                        options,
                        evaluateOptions,
                        start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                    std::chrono::duration<double>(options.time_budget_s))};
    const unsigned threads = threadCount(options, space.size());
    const SearchTally tally = runSearchWorkers(job, threads);

    result.cancelled = isCancelled(options.cancel);
    result.space = space.whole();
    result.evaluated = tally.evaluated;
    result.pruned_memory = tally.pruned_memory;
    result.pruned_bound = tally.pruned_bound;
    result.timed = tally.timed;
    result.feasible = tally.feasible;
    noteTruncation(tally, space, options, result);
    if (space.whole() == 0)
        result.reasons.push_back(emptySpaceReason(design, prepared.base.devices));
    fillBest(job, tally, threads, result);
    if (options.progress) options.progress(1.0);
    result.elapsed_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

nlohmann::json searchResultToJson(const SearchResult& result, const SearchOptions& options,
                                  bool inference) {
    const double rate = result.elapsed_s > 0 ? double(result.evaluated) / result.elapsed_s : 0;
    nlohmann::json j = {{"space", result.space},
                        {"evaluated", result.evaluated},
                        {"pruned_memory", result.pruned_memory},
                        {"pruned_bound", result.pruned_bound},
                        {"timed", result.timed},
                        {"feasible", result.feasible},
                        {"elapsed_s", result.elapsed_s},
                        {"configurations_per_s", rate},
                        {"objective", toString(options.objective)},
                        {"score_unit", result.score_unit},
                        {"cancelled", result.cancelled},
                        {"truncated", result.truncated},
                        {"truncation", result.truncation},
                        {"reasons", result.reasons},
                        {"shard", result.shard.text()},
                        {"top", options.top},
                        {"results", nlohmann::json::array()}};
    for (const SearchCandidate& c : result.best)
        j["results"].push_back({{"index", c.index},
                                {"strategy", strategyToJson(c.strategy, inference)},
                                {"score", c.score},
                                {"results", resultsToJson(c.results)}});
    nlohmann::json points = nlohmann::json::array();
    for (const ParetoPoint& p : result.pareto)
        points.push_back({{"index", p.index},
                          {"strategy", strategyToJson(p.strategy, inference)},
                          {"time", p.time},
                          {"cost", p.cost}});
    j["pareto"] = {{"time_unit", result.pareto_time_unit},
                   {"cost_unit", result.pareto_cost_unit},
                   {"points", std::move(points)}};
    return j;
}

}  // namespace infraplan
