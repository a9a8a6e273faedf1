#pragma once
// Strategy search: evaluate every candidate of the search space on the design's hardware
// (prepared once), rank the feasible ones by an objective, keep the best. Runs on several
// threads, reports progress and can be cancelled; results are deterministic.

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "core/common/cancel.h"
#include "core/common/shard.h"
#include "core/design/design.h"
#include "core/results/results.h"
#include "core/search/search_space.h"

namespace infraplan {

enum class SearchObjective : std::uint8_t { time, cost, energy, cost_per_token };
const char* toString(SearchObjective o);
std::optional<SearchObjective> searchObjectiveFromString(const std::string& name);

struct SearchOptions {
    SearchObjective objective = SearchObjective::time;
    int top = 10;
    int threads = 0;  // 0 = one per core
    long long max_devices = 1'000'000;
    // Budgets: the search stops at whichever comes first and keeps the best found so far
    // (marked truncated, with the reason), so a huge design answers in about a minute.
    long long max_candidates = SearchSpaceLimits{}.max_candidates;  // the space is cut here
    // The shape of the space (tp/pp caps, training knob choices); its max_candidates is
    // replaced by the one above.
    SearchSpaceLimits space;
    double time_budget_s = 60;  // wall-clock seconds, preparation included
    // Called now and then from one worker with the fraction done; may be empty.
    std::function<void(double)> progress;
    // Set to stop early: the workers stop taking candidates and the evaluations under way stop
    // too (results so far are kept).
    const CancelToken* cancel = nullptr;
    // Only this part of the candidate list (--shard K/N); merge the parts with mergeSearchJson.
    Shard shard;
    // Training: a probe pass, then candidates provably beaten on a lower bound of their step
    // are not timed (search_bound.h); the best and the front are the same either way.
    bool prune_on_bounds = true;
};

struct SearchCandidate {
    std::size_t index = 0;  // in the whole candidate list: breaks ties, and orders a merge
    Strategy strategy;
    double score = 0;  // lower is better, in the objective's unit
    Results results;
};

// A point of the time-vs-cost Pareto front: the objectives' time and cost figures of a
// strategy no other timed strategy beats in both.
struct ParetoPoint {
    std::size_t index = 0;
    Strategy strategy;
    double time = 0;  // SearchObjective::time's figure
    double cost = 0;  // SearchObjective::cost's figure
};

struct SearchResult {
    long long space = 0;          // candidates in the whole space
    long long evaluated = 0;      // candidates of this run's part considered (pruned included)
    long long pruned_memory = 0;  // ... found not to fit in memory, not timed
    long long pruned_bound = 0;   // ... provably beaten on a lower bound of the step, not timed
    long long timed = 0;          // ... whose step was timed
    long long feasible = 0;
    double elapsed_s = 0;
    bool cancelled = false;
    bool truncated = false;             // a budget stopped it (see `truncation`)
    std::string truncation;             // which budget, and how far the search got
    std::string score_unit;             // what `score` measures, e.g. "days to train"
    std::vector<std::string> reasons;   // why nothing could be searched (invalid design, ...)
    std::vector<SearchCandidate> best;  // best first
    Shard shard;                        // the part of the space searched
    // Time vs cost over the timed, feasible candidates, in increasing time.
    std::vector<ParetoPoint> pareto;
    std::string pareto_time_unit, pareto_cost_unit;
};

SearchResult searchStrategies(const Design& design, const catalog::Catalog& catalog,
                              const SearchOptions& options = {});

// {"space", "evaluated", "pruned_memory", "pruned_bound", "timed", "feasible", "elapsed_s",
// "configurations_per_s", "objective", "score_unit", "shard", "results": [{"index",
// "strategy", "score", "results"}], "pareto": {...}} (docs/cli.md).
nlohmann::json searchResultToJson(const SearchResult& result, const SearchOptions& options,
                                  bool inference);

// The outputs of the shards of one search (searchResultToJson, each --shard K/N of the same
// N) as the output of one run: the results of all, best first, the first `top`; counts
// summed, elapsed_s the longest shard's. nullopt and `error` when they do not belong together.
std::optional<nlohmann::json> mergeSearchJson(const std::vector<nlohmann::json>& shards,
                                              std::string* error);

}  // namespace infraplan
