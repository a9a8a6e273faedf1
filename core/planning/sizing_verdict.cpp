#include "core/planning/sizing_verdict.h"

#include "core/planning/sizing.h"

namespace infraplan {

std::string SizingVerdict::problemWith(const SizedDesign& d) {
    const SizingConstraints& c = m_target.constraints;
    if (m_target.training() && (!d.days_to_train || *d.days_to_train > m_target.deadline_days))
        return "misses the deadline";
    if (!m_target.training() &&
        (!d.goodput_rps || *d.goodput_rps < m_target.workload.traffic.rate_per_s))
        return "does not carry the load within the SLO";
    const std::string cluster =
        describeCandidate(d.candidate, m_catalog) + ", " + toString(d.cooling) + " cooling";
    if (c.power_budget_mw > 0 && d.facility_capacity_mw > c.power_budget_mw) {
        overPower(cluster, d.facility_capacity_mw);
        return "over the power budget";
    }
    const double cost = c.budget_basis == BudgetBasis::tco ? d.tco_usd : d.capex_usd;
    if (c.budget_usd > 0 && cost > c.budget_usd) {
        m_misses.noteCheapestOver(miss(cluster, cost));
        return "over the dollar budget";
    }
    return {};
}

void SizingVerdict::rejected(const std::string& why) {
    m_misses.noteRejection(miss(why, 0));
}

void SizingVerdict::overPower(const std::string& cluster, double capacity_mw) {
    m_misses.noteSmallestOver(miss(cluster, capacity_mw));
}

void SizingVerdict::tooSlowAtPeak(const std::string& cluster, double days) {
    m_misses.noteLargestAtPeak(miss(cluster, days));
}

void SizingVerdict::searched(const std::string& cluster, const SearchResult& search) {
    for (const SearchCandidate& c : search.best) {
        if (m_target.training()) {
            // The search ranks by time: its score is the days to train.
            m_misses.noteFastest(miss(cluster, c.score), true);
        } else if (c.results.inference && c.results.inference->goodput_rps) {
            m_misses.noteFastest(miss(cluster, *c.results.inference->goodput_rps), false);
        }
    }
}

}  // namespace infraplan
