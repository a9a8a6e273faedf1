#include "core/search/search_bound.h"

#include <algorithm>
#include <cmath>
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

bool BoundThresholds::beatenAt(const Results& bound) const {
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

namespace {

// `bound`'s section at another step: the same tokens per step and devices.
TrainingResults atStep(const TrainingResults& bound, double step_s) {
    TrainingResults r = bound;
    const double scale = bound.step_time_s / step_s;
    r.step_time_s = step_s;
    r.tokens_per_s = bound.tokens_per_s * scale;
    r.samples_per_s = bound.samples_per_s * scale;
    r.time_to_train_days = bound.time_to_train_days / scale;
    return r;
}

}  // namespace

double WorkerBoundTest::leastBeatenStep(const TrainingResults& bound,
                                        const BoundFigures& figures) const {
    auto beatenAt = [&](double step) {
        return m_thresholds.beatenAt(figures(atStep(bound, step)));
    };
    double lo = 1e-9, hi = 1e12;  // seconds
    if (!beatenAt(hi)) return std::numeric_limits<double>::infinity();
    if (beatenAt(lo)) return lo;
    while (hi > lo * (1 + 1e-12)) {
        const double mid = std::sqrt(lo * hi);
        (beatenAt(mid) ? hi : lo) = mid;
    }
    return hi;  // beaten there, so at every longer step
}

bool WorkerBoundTest::beaten(const TrainingResults& bound, const BoundFigures& figures) {
    if (!(bound.step_time_s > 0)) return false;
    auto known = std::find_if(m_steps.begin(), m_steps.end(),
                              [&](const auto& s) { return s.first == bound.devices_used; });
    if (known == m_steps.end()) {
        m_steps.emplace_back(bound.devices_used, leastBeatenStep(bound, figures));
        known = m_steps.end() - 1;
    }
    return bound.step_time_s >= known->second;
}

}  // namespace infraplan
