#include "core/search/search_workers.h"

#include <algorithm>
#include <mutex>
#include <thread>

#include "core/evaluate/evaluate_search.h"
#include "core/search/objective.h"
#include "core/search/pareto.h"

namespace infraplan {
namespace {

constexpr std::size_t kSearchChunk = 64;  // candidates a worker claims at once (inference)
// A layout's candidates are claimed together (one worker builds its comm model), in pieces of
// at most this many so that the threads stay balanced and the time budget is checked often.
constexpr std::size_t kMaxLayoutClaim = 4096;
constexpr std::size_t kFrontBuffer = 1 << 14;  // points kept before reducing to the front

bool searchRankedBefore(const RankedCandidate& a, const RankedCandidate& b) {
    return a.score != b.score ? a.score < b.score : a.index < b.index;
}

// Keep the best `top` of a stream without holding every result.
void keepBestRanked(std::vector<RankedCandidate>& best, RankedCandidate c, std::size_t top) {
    if (best.size() == top && !searchRankedBefore(c, best.back())) return;
    best.insert(std::upper_bound(best.begin(), best.end(), c, searchRankedBefore), c);
    if (best.size() > top) best.pop_back();
}

// The points' Pareto front; of points equal in both, the lowest index (so the front is the
// same whichever worker found which point).
void reduceToFront(std::vector<TimedPoint>& points) {
    points = paretoFrontByIndex(
        std::move(points), [](const TimedPoint& p) { return p.index; },
        [](const TimedPoint& p) { return p.time; }, [](const TimedPoint& p) { return p.cost; });
}

struct SharedProgress {
    std::vector<std::size_t> claims;   // where each claim begins, then the end of the space
    std::atomic<std::size_t> next{0};  // the next claim
    std::atomic<bool> out_of_time{false};
};

// The claims: each layout's stretch (cut at kMaxLayoutClaim), or fixed chunks without layouts.
std::vector<std::size_t> searchClaims(const SearchSpace& space) {
    const std::size_t total = space.size();
    std::vector<std::size_t> starts = space.layoutStarts();
    if (starts.empty())
        for (std::size_t i = 0; i < total; i += kSearchChunk)
            starts.push_back(i);
    std::vector<std::size_t> claims;
    for (std::size_t s = 0; s < starts.size(); ++s) {
        const std::size_t end = s + 1 < starts.size() ? starts[s + 1] : total;
        for (std::size_t i = starts[s]; i < end; i += kMaxLayoutClaim)
            claims.push_back(i);
    }
    claims.push_back(total);
    return claims;
}

// One candidate: evaluated in search detail, counted, ranked and placed on the front.
void scoreCandidate(const SearchJob& job, SearchEvaluator& evaluator, Design& variant,
                    std::size_t i, SearchTally& tally) {
    variant.strategy = job.space.at(i);
    const SearchEvaluation e = evaluator.evaluate(variant);
    if (e.results.cancelled) return;
    ++tally.evaluated;
    if (e.memory_pruned) {
        ++tally.pruned_memory;
        return;
    }
    if (e.results.training || e.results.inference) ++tally.timed;
    const Workload& w = job.design.workload;
    const auto score = objectiveScore(job.options.objective, w, e.results);
    if (!score) return;
    ++tally.feasible;
    tally.unit = score->unit;
    keepBestRanked(tally.best, {score->value, i},
                   static_cast<std::size_t>(std::max(1, job.options.top)));
    const auto time = objectiveScore(SearchObjective::time, w, e.results);
    const auto cost = objectiveScore(SearchObjective::cost, w, e.results);
    if (!time || !cost) return;
    tally.time_unit = time->unit;
    tally.cost_unit = cost->unit;
    tally.front.push_back({time->value, cost->value, i});
    if (tally.front.size() >= kFrontBuffer) reduceToFront(tally.front);
}

void searchWorker(const SearchJob& job, SharedProgress& shared, unsigned id, SearchTally& tally) {
    SearchEvaluator evaluator(job.prepared, job.hardware, job.catalog, job.evaluate);
    Design variant = job.design;
    const std::size_t claims = shared.claims.size() - 1;
    for (;;) {
        const std::size_t claim = shared.next.fetch_add(1);
        if (claim >= claims || isCancelled(job.options.cancel)) break;
        if (std::chrono::steady_clock::now() > job.deadline) {
            shared.out_of_time = true;
            break;
        }
        const std::size_t end = shared.claims[claim + 1];
        for (std::size_t i = shared.claims[claim]; i < end && !isCancelled(job.options.cancel); ++i)
            if (job.options.shard.holds(i)) scoreCandidate(job, evaluator, variant, i, tally);
        if (id == 0 && job.options.progress)
            job.options.progress(static_cast<double>(std::min(shared.next.load(), claims)) /
                                 double(claims));
    }
    reduceToFront(tally.front);
}

void mergeTally(SearchTally& into, SearchTally&& from, std::size_t top) {
    into.evaluated += from.evaluated;
    into.pruned_memory += from.pruned_memory;
    into.timed += from.timed;
    into.feasible += from.feasible;
    for (const RankedCandidate& c : from.best)
        keepBestRanked(into.best, c, top);
    into.front.insert(into.front.end(), from.front.begin(), from.front.end());
    if (into.unit.empty()) into.unit = from.unit;
    if (into.time_unit.empty()) into.time_unit = from.time_unit;
    if (into.cost_unit.empty()) into.cost_unit = from.cost_unit;
}

}  // namespace

SearchTally runSearchWorkers(const SearchJob& job, unsigned threads) {
    SharedProgress shared;
    shared.claims = searchClaims(job.space);
    std::vector<SearchTally> tallies(std::max(1u, threads));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < tallies.size(); ++t)
        pool.emplace_back([&, t] { searchWorker(job, shared, t, tallies[t]); });
    searchWorker(job, shared, 0, tallies[0]);
    for (std::thread& t : pool)
        t.join();
    SearchTally all;
    const std::size_t top = static_cast<std::size_t>(std::max(1, job.options.top));
    for (SearchTally& t : tallies)
        mergeTally(all, std::move(t), top);
    reduceToFront(all.front);
    all.out_of_time = shared.out_of_time.load();
    return all;
}

}  // namespace infraplan
