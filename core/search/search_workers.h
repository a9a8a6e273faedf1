#pragma once
// The worker side of searchStrategies (strategy_search.cpp): threads claiming the candidate
// indices a layout at a time, each with its own layout-cached evaluator, keeping their best and
// their time-vs-cost points; merged deterministically (by score, then candidate index).

#include <atomic>
#include <chrono>
#include <string>
#include <vector>

#include "core/evaluate/evaluate.h"
#include "core/evaluate/evaluate_search.h"
#include "core/search/search_space.h"
#include "core/search/strategy_search.h"

namespace infraplan {

struct RankedCandidate {
    double score = 0;
    std::size_t index = 0;  // breaks ties so results repeat exactly
};

struct TimedPoint {
    double time = 0, cost = 0;
    std::size_t index = 0;
};

// What the workers found, summed.
struct SearchTally {
    long long evaluated = 0, pruned_memory = 0, pruned_bound = 0, timed = 0, feasible = 0;
    std::vector<RankedCandidate> best;  // best first, at most `top`
    std::vector<TimedPoint> front;      // time-vs-cost front of the timed candidates
    std::string unit, time_unit, cost_unit;
    bool out_of_time = false;
};

struct SearchJob {
    const Design& design;
    const catalog::Catalog& catalog;
    const PreparedDesign& prepared;
    const SearchHardware& hardware;  // shared by every worker's evaluator
    const SearchSpace& space;
    const SearchOptions& options;
    EvaluateOptions evaluate;
    std::chrono::steady_clock::time_point deadline;
};

// Runs the job on `threads` threads (the caller's among them) and merges what they found.
SearchTally runSearchWorkers(const SearchJob& job, unsigned threads);

}  // namespace infraplan
