#include "core/planning/sizing_verdict.h"

#include "core/planning/sizing.h"
#include "core/results/format.h"

namespace infraplan {

std::string SizingVerdict::targetText() const {
    std::string text = m_target.training()
                           ? "meets " + formatNumber(m_target.deadline_days) + " days"
                           : "carries " + formatNumber(m_target.workload.traffic.rate_per_s) +
                                 " requests/s within the SLO";
    const SizingConstraints& c = m_target.constraints;
    if (c.power_budget_mw > 0) text += " under " + formatNumber(c.power_budget_mw) + " MW";
    if (c.budget_usd > 0)
        text += std::string(c.power_budget_mw > 0 ? " and " : " under ") +
                formatMoney(c.budget_usd) + " " +
                (c.budget_basis == BudgetBasis::tco ? "TCO" : "capex");
    return text;
}

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
        if (!m_cheapestOver || cost < m_cheapestOver->value) m_cheapestOver = Miss{cluster, cost};
        return "over the dollar budget";
    }
    return {};
}

void SizingVerdict::rejected(const std::string& why) {
    if (m_firstRejection.empty()) m_firstRejection = why;
}

void SizingVerdict::overPower(const std::string& cluster, double capacity_mw) {
    if (!m_smallestOver || capacity_mw < m_smallestOver->value)
        m_smallestOver = Miss{cluster, capacity_mw};
}

void SizingVerdict::tooSlowAtPeak(const std::string& cluster, double days) {
    if (!m_largestAtPeak || days < m_largestAtPeak->value) m_largestAtPeak = Miss{cluster, days};
}

void SizingVerdict::searched(const std::string& cluster, const SearchResult& search) {
    for (const SearchCandidate& c : search.best) {
        if (m_target.training()) {
            // The search ranks by time: its score is the days to train.
            if (!m_fastest || c.score < m_fastest->value) m_fastest = Miss{cluster, c.score};
        } else if (c.results.inference && c.results.inference->goodput_rps) {
            const double rps = *c.results.inference->goodput_rps;
            if (!m_fastest || rps > m_fastest->value) m_fastest = Miss{cluster, rps};
        }
    }
}

std::string SizingVerdict::whyNone() const {
    const std::string text = "no candidate " + targetText();
    const bool training = m_target.training();
    if (m_cheapestOver)
        return text + ": the cheapest that meets it, " + m_cheapestOver->cluster + ", costs " +
               formatMoney(m_cheapestOver->value) + " " +
               (m_target.constraints.budget_basis == BudgetBasis::tco ? "TCO" : "capex");
    // A fastest cluster that met the target was held back by the power of its cooling type.
    const bool fastestMet =
        m_fastest && (training ? m_fastest->value <= m_target.deadline_days
                               : m_fastest->value >= m_target.workload.traffic.rate_per_s);
    if (m_fastest && !fastestMet)
        return text + ": the " + (training ? "fastest, " : "best, ") + m_fastest->cluster +
               (training
                    ? ", needs " + formatNumber(m_fastest->value) + " days"
                    : ", reaches " + formatNumber(m_fastest->value) + " requests/s within the SLO");
    if (m_largestAtPeak && !fastestMet)
        return text + ": even at peak FLOP/s the fastest cluster tried, " +
               m_largestAtPeak->cluster + ", needs " + formatNumber(m_largestAtPeak->value) +
               " days";
    if (m_smallestOver)
        return text + ": the smallest cluster tried, " + m_smallestOver->cluster + ", needs " +
               formatNumber(m_smallestOver->value) + " MW provisioned";
    if (!m_firstRejection.empty()) return text + ": " + m_firstRejection;
    return text + ": no cluster was tried";
}

}  // namespace infraplan
