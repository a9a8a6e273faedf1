#pragma once
// Lower-bound pruning for the training search (docs/planning.md, "Pruning"). A probe pass
// evaluates every kProbeStride-th candidate in full; a later candidate whose lower bounds
// (trainingStepBound, with the facility model's figures at that step) already lose to the
// probe is not timed: its objective bound is worse than the probe's N-th best, so N probed
// strategies beat it, and a probed strategy beats its time and cost bounds both, so it is on no
// time-vs-cost front. Both tests are strict: ties are never pruned. The best N and the front are
// therefore those of the search without pruning, whatever the probe found.

#include <cstddef>
#include <vector>

#include "core/design/design.h"
#include "core/evaluate/evaluate_search.h"
#include "core/results/results.h"
#include "core/search/search_workers.h"

namespace infraplan {

enum class SearchObjective : std::uint8_t;

// Every probe's index is a multiple of this (a prime, so the probe meets every knob's values).
inline constexpr std::size_t kProbeStride = 61;
inline bool isProbeIndex(std::size_t index) {
    return index % kProbeStride == 0;
}

class BoundThresholds {
public:
    // `probe`: what the probe pass found (its best `top` by the objective and its front).
    BoundThresholds(SearchObjective objective, const Workload& workload, std::size_t top,
                    const SearchTally& probe);
    // True when a candidate whose figures are at least `figures`' is beaten (see above).
    bool beatenAt(const Results& figures) const;

private:
    SearchObjective m_objective;
    const Workload& m_workload;
    double m_nthBest;             // the probe's top-th best score (infinite: fewer probed)
    std::vector<double> m_times;  // the probe's front by time, ascending
    std::vector<double> m_costs;  // the least cost of the front points up to each time
};

// One worker's test (not shared between threads). At a fixed number of devices used, a bound's
// figures depend on its step alone and grow with it, so whether it is beaten is monotone in the
// step: the least beaten step is found once per device count (by bisection, through the
// facility model), and each candidate is then one comparison.
class WorkerBoundTest {
public:
    explicit WorkerBoundTest(const BoundThresholds& thresholds) : m_thresholds(thresholds) {}
    bool beaten(const TrainingResults& bound, const BoundFigures& figures);

private:
    double leastBeatenStep(const TrainingResults& bound, const BoundFigures& figures) const;
    const BoundThresholds& m_thresholds;
    std::vector<std::pair<long long, double>> m_steps;  // devices used -> least beaten step
};

}  // namespace infraplan
