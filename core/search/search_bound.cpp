#include "core/search/search_bound.h"

#include <algorithm>
#include <limits>

#include "core/search/objective.h"
#include "core/search/strategy_search.h"

namespace infraplan {

BoundThresholds::BoundThresholds(SearchObjective objective, const Workload& workload,
                                 std::size_t top, const SearchTally& probe)
    : m_objective(objective)
    , m_workload(workload)
    , m_nthBest(top > 0 && probe.best.size() >= top ? probe.best[top - 1].score
                                                    : std::numeric_limits<double>::infinity()) {
    std::vector<TimedPoint> front = probe.front;
    std::sort(front.begin(), front.end(),
              [](const TimedPoint& a, const TimedPoint& b) { return a.time < b.time; });
    double least = std::numeric_limits<double>::infinity();
    for (const TimedPoint& p : front) {
        least = std::min(least, p.cost);
        m_times.push_back(p.time);
        m_costs.push_back(least);
    }
}

bool BoundThresholds::beaten(const Results& bound) const {
    const auto score = objectiveScore(m_objective, m_workload, bound);
    if (!score || !(score->value > m_nthBest)) return false;
    const auto time = objectiveScore(SearchObjective::time, m_workload, bound);
    const auto cost = objectiveScore(SearchObjective::cost, m_workload, bound);
    if (!time || !cost) return false;
    // The front points strictly faster than the bound; the cheapest of them must be strictly
    // cheaper too.
    const auto faster = std::lower_bound(m_times.begin(), m_times.end(), time->value);
    if (faster == m_times.begin()) return false;
    return m_costs[std::size_t(faster - m_times.begin()) - 1] < cost->value;
}

}  // namespace infraplan
