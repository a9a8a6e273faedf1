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
    // True when a candidate whose figures are at least `bound`'s is beaten (see above).
    bool beaten(const Results& bound) const;

private:
    SearchObjective m_objective;
    const Workload& m_workload;
    double m_nthBest;             // the probe's top-th best score (infinite: fewer probed)
    std::vector<double> m_times;  // the probe's front by time, ascending
    std::vector<double> m_costs;  // the least cost of the front points up to each time
};

}  // namespace infraplan
