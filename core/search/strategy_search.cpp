#include "core/search/strategy_search.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <limits>
#include <mutex>
#include <thread>

#include "catalog/enum_names.h"
#include "core/design/resolve.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/results/results_json.h"
#include "core/search/objective.h"
#include "core/search/search_space.h"

namespace infraplan {
namespace {

constexpr std::array<const char*, 4> kObjectiveNames{"time", "cost", "energy", "cost-per-token"};

struct Ranked {
    double score = 0;
    std::size_t index = 0;  // candidate index: breaks ties so results repeat exactly
    std::string unit;
    Results results;
};

bool better(const Ranked& a, const Ranked& b) {
    return a.score != b.score ? a.score < b.score : a.index < b.index;
}

// Keep the best `top` of a stream without holding every result.
void keepBest(std::vector<Ranked>& best, Ranked candidate, std::size_t top) {
    if (best.size() == top && !better(candidate, best.back())) return;
    best.insert(std::upper_bound(best.begin(), best.end(), candidate, better),
                std::move(candidate));
    if (best.size() > top) best.pop_back();
}

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
    limits.max_candidates = static_cast<int>(
        std::clamp<long long>(options.max_candidates, 1, std::numeric_limits<int>::max()));
    const SearchSpace space = enumerateStrategies(design, *model, prepared.base.devices, limits);
    const auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                      std::chrono::duration<double>(options.time_budget_s));
    std::atomic<bool> outOfTime{false};
    const std::size_t top = static_cast<std::size_t>(std::max(1, options.top));
    const std::size_t total = space.candidates.size();

    unsigned threads = options.threads > 0 ? static_cast<unsigned>(options.threads)
                                           : std::max(1u, std::thread::hardware_concurrency());
    threads =
        static_cast<unsigned>(std::min<std::size_t>(threads, std::max<std::size_t>(1, total)));
    std::atomic<std::size_t> next{0};
    std::atomic<long long> feasible{0};
    std::atomic<long long> evaluated{0};
    std::mutex merge;
    std::vector<Ranked> best;

    auto worker = [&](unsigned id) {
        std::vector<Ranked> mine;
        Design variant = design;
        for (std::size_t i = next++; i < total; i = next++) {
            if (!options.shard.holds(i)) continue;
            if (isCancelled(options.cancel)) break;
            if (std::chrono::steady_clock::now() > deadline) {
                outOfTime = true;
                break;
            }
            variant.strategy = space.candidates[i];
            Results r = evaluatePrepared(prepared, variant, catalog, evaluateOptions);
            if (r.cancelled) break;
            ++evaluated;
            if (auto score = objectiveScore(options.objective, design.workload, r)) {
                ++feasible;
                keepBest(mine, Ranked{score->value, i, score->unit, std::move(r)}, top);
            }
            if (id == 0 && options.progress && i % 64 == 0)
                options.progress(static_cast<double>(std::min(next.load(), total)) / double(total));
        }
        std::lock_guard lock(merge);
        for (Ranked& r : mine)
            keepBest(best, std::move(r), top);
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t)
        pool.emplace_back(worker, t);
    worker(0);
    for (std::thread& t : pool)
        t.join();

    result.cancelled = isCancelled(options.cancel);
    result.evaluated = evaluated.load();
    if (outOfTime) {
        result.truncated = true;
        char budget[32];
        std::snprintf(budget, sizeof budget, "%g", options.time_budget_s);
        result.truncation = std::string("the time budget of ") + budget +
                            " s ran out; the best of the strategies tried so far are shown";
    } else if (space.truncated) {
        result.truncated = true;
        result.truncation = "the space holds more than " + std::to_string(limits.max_candidates) +
                            " strategies; the first " + std::to_string(limits.max_candidates) +
                            " were tried";
    }
    result.feasible = feasible.load();
    for (Ranked& r : best) {
        result.score_unit = r.unit;
        result.best.push_back({r.index, space.candidates[r.index], r.score, std::move(r.results)});
    }
    if (options.progress) options.progress(1.0);
    result.elapsed_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

nlohmann::json searchResultToJson(const SearchResult& result, const SearchOptions& options,
                                  bool inference) {
    nlohmann::json j = {{"evaluated", result.evaluated},
                        {"feasible", result.feasible},
                        {"elapsed_s", result.elapsed_s},
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
    return j;
}

}  // namespace infraplan
