#include "core/search/search_workers.h"

#include <algorithm>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "core/evaluate/evaluate_search.h"
#include "core/search/objective.h"
#include "core/search/pareto.h"
#include "core/search/search_bound.h"

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

std::size_t topOf(const SearchJob& job) {
    return static_cast<std::size_t>(std::max(1, job.options.top));
}

// What one candidate's evaluation in search detail came to.
struct CandidateScore {
    bool counted = false;  // evaluated (not cancelled)
    bool memory_pruned = false, bound_pruned = false, timed = false;
    std::optional<Score> score, time, cost;
};

CandidateScore scoreCandidate(const SearchJob& job, SearchEvaluator& evaluator, Design& variant,
                              std::size_t i, const ResultsBoundTest* beaten) {
    CandidateScore c;
    variant.strategy = job.space.at(i);
    const SearchEvaluation e = evaluator.evaluate(variant, beaten);
    if (e.results.cancelled) return c;
    c.counted = true;
    c.memory_pruned = e.memory_pruned;
    c.bound_pruned = e.bound_pruned;
    if (c.memory_pruned || c.bound_pruned) return c;
    c.timed = e.results.training || e.results.inference;
    const Workload& w = job.design.workload;
    c.score = objectiveScore(job.options.objective, w, e.results);
    if (!c.score) return c;
    c.time = objectiveScore(SearchObjective::time, w, e.results);
    c.cost = objectiveScore(SearchObjective::cost, w, e.results);
    return c;
}

// One candidate counted, ranked and placed on the front.
void tallyCandidate(const CandidateScore& c, std::size_t i, std::size_t top, SearchTally& tally) {
    if (!c.counted) return;
    ++tally.evaluated;
    tally.pruned_memory += c.memory_pruned;
    tally.pruned_bound += c.bound_pruned;
    tally.timed += c.timed;
    if (!c.score) return;
    ++tally.feasible;
    tally.unit = c.score->unit;
    keepBestRanked(tally.best, {c.score->value, i}, top);
    if (!c.time || !c.cost) return;
    tally.time_unit = c.time->unit;
    tally.cost_unit = c.cost->unit;
    tally.front.push_back({c.time->value, c.cost->value, i});
    if (tally.front.size() >= kFrontBuffer) reduceToFront(tally.front);
}

// One pass of a worker over the claims. The probe pass evaluates the probe indices only, every
// one of them (every shard probes alike, so that all prune alike) into `probe`, and counts the
// ones its shard holds; the main pass evaluates the rest that the shard holds, with the bound
// test when there is one.
struct WorkerPass {
    SearchTally* probe = nullptr;             // set: the probe pass
    const BoundThresholds* bounds = nullptr;  // the main pass after a probe
};

// `evaluator`: the thread's own, kept from pass to pass (its fabric remembers the routes).
void searchWorker(const SearchJob& job, SharedProgress& shared, unsigned id,
                  SearchEvaluator& evaluator, SearchTally& tally, const WorkerPass& pass) {
    Design variant = job.design;
    std::optional<WorkerBoundTest> bounds;
    if (pass.bounds) bounds.emplace(*pass.bounds);
    const ResultsBoundTest test = [&bounds](const TrainingResults& b, const BoundFigures& f) {
        return bounds->beaten(b, f);
    };
    const ResultsBoundTest* beaten = bounds ? &test : nullptr;
    const std::size_t top = topOf(job), claims = shared.claims.size() - 1;
    const Shard& shard = job.options.shard;
    const std::size_t step = pass.probe ? kProbeStride : 1;
    for (;;) {
        const std::size_t claim = shared.next.fetch_add(1);
        if (claim >= claims || isCancelled(job.options.cancel)) break;
        if (std::chrono::steady_clock::now() > job.deadline) {
            shared.out_of_time = true;
            break;
        }
        std::size_t i = shared.claims[claim];
        if (pass.probe) i = (i + kProbeStride - 1) / kProbeStride * kProbeStride;
        for (const std::size_t end = shared.claims[claim + 1];
             i < end && !isCancelled(job.options.cancel); i += step) {
            if (pass.probe) {
                const CandidateScore c = scoreCandidate(job, evaluator, variant, i, nullptr);
                tallyCandidate(c, i, top, *pass.probe);
                if (shard.holds(i)) tallyCandidate(c, i, top, tally);
            } else if (shard.holds(i) && !(pass.bounds && isProbeIndex(i))) {
                tallyCandidate(scoreCandidate(job, evaluator, variant, i, beaten), i, top, tally);
            }
        }
        if (id == 0 && job.options.progress && !pass.probe)
            job.options.progress(static_cast<double>(std::min(shared.next.load(), claims)) /
                                 double(claims));
    }
    reduceToFront(tally.front);
    if (pass.probe) reduceToFront(pass.probe->front);
}

void mergeTally(SearchTally& into, SearchTally&& from, std::size_t top) {
    into.evaluated += from.evaluated;
    into.pruned_memory += from.pruned_memory;
    into.pruned_bound += from.pruned_bound;
    into.timed += from.timed;
    into.feasible += from.feasible;
    for (const RankedCandidate& c : from.best)
        keepBestRanked(into.best, c, top);
    into.front.insert(into.front.end(), from.front.begin(), from.front.end());
    if (into.unit.empty()) into.unit = from.unit;
    if (into.time_unit.empty()) into.time_unit = from.time_unit;
    if (into.cost_unit.empty()) into.cost_unit = from.cost_unit;
}

// The workers of a search: one evaluator and one tally a thread.
struct Workers {
    std::vector<std::unique_ptr<SearchEvaluator>> evaluators;
    std::vector<SearchTally> tallies;
};

// One pass of every worker over the claims; returns whether it ran out of time.
bool runPass(const SearchJob& job, const std::vector<std::size_t>& claims, Workers& workers,
             std::vector<SearchTally>* probes, const BoundThresholds* bounds) {
    SharedProgress shared;
    shared.claims = claims;
    auto pass = [&](unsigned t) { return WorkerPass{probes ? &(*probes)[t] : nullptr, bounds}; };
    auto work = [&](unsigned t) {
        searchWorker(job, shared, t, *workers.evaluators[t], workers.tallies[t], pass(t));
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < workers.tallies.size(); ++t)
        pool.emplace_back(work, t);
    work(0);
    for (std::thread& t : pool)
        t.join();
    return shared.out_of_time.load();
}

SearchTally mergeTallies(std::vector<SearchTally>& tallies, std::size_t top) {
    SearchTally all;
    for (SearchTally& t : tallies)
        mergeTally(all, std::move(t), top);
    reduceToFront(all.front);
    return all;
}

}  // namespace

SearchTally runSearchWorkers(const SearchJob& job, unsigned threads) {
    const std::vector<std::size_t> claims = searchClaims(job.space);
    const std::size_t top = topOf(job);
    Workers workers;
    workers.tallies.resize(std::max(1u, threads));
    for (std::size_t t = 0; t < workers.tallies.size(); ++t)
        workers.evaluators.push_back(std::make_unique<SearchEvaluator>(job.prepared, job.hardware,
                                                                       job.catalog, job.evaluate));
    // Only a training step has a lower bound; serving candidates are all timed.
    const bool prune =
        job.options.prune_on_bounds && job.design.workload.mode == WorkloadMode::training;
    bool outOfTime = false;
    std::optional<BoundThresholds> bounds;
    if (prune) {
        std::vector<SearchTally> probes(workers.tallies.size());
        outOfTime = runPass(job, claims, workers, &probes, nullptr);
        bounds.emplace(job.options.objective, job.design.workload, top, mergeTallies(probes, top));
    }
    if (!outOfTime) outOfTime = runPass(job, claims, workers, nullptr, bounds ? &*bounds : nullptr);
    SearchTally all = mergeTallies(workers.tallies, top);
    all.out_of_time = outOfTime;
    return all;
}

}  // namespace infraplan
