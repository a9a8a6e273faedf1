#include "core/planning/sizing_misses.h"

#include <array>

#include "core/results/format.h"

namespace infraplan {
namespace {

// The miss at `slot` is replaced by `m` when `better` says so, or on an equal value when
// `m` came from an earlier candidate.
void keepBetter(std::optional<SizingMiss>& slot, const SizingMiss& m, bool lower_is_better) {
    if (!slot) {
        slot = m;
        return;
    }
    const bool better = lower_is_better ? m.value < slot->value : m.value > slot->value;
    if (better || (m.value == slot->value && m.candidate < slot->candidate)) slot = m;
}

using MissSlot = std::optional<SizingMiss> SizingMisses::*;
constexpr std::array<std::pair<const char*, MissSlot>, 5> kMissKinds = {{
    {"fastest", &SizingMisses::fastest},
    {"cheapest_over", &SizingMisses::cheapest_over},
    {"smallest_over", &SizingMisses::smallest_over},
    {"largest_at_peak", &SizingMisses::largest_at_peak},
    {"first_rejection", &SizingMisses::first_rejection},
}};

std::string targetSentence(const VerdictTarget& t) {
    std::string text = t.training
                           ? "meets " + formatNumber(t.deadline_days) + " days"
                           : "carries " + formatNumber(t.rate_per_s) + " requests/s within the SLO";
    if (t.power_budget_mw > 0) text += " under " + formatNumber(t.power_budget_mw) + " MW";
    if (t.budget_usd > 0)
        text += std::string(t.power_budget_mw > 0 ? " and " : " under ") +
                formatMoney(t.budget_usd) + " " +
                (t.budget_basis == BudgetBasis::tco ? "TCO" : "capex");
    return text;
}

// Readers that take a value of the wrong type (a hand-edited shard output) as absent.
double numberOr(const nlohmann::json& j, const char* key, double fallback) {
    return j.contains(key) && j[key].is_number() ? j[key].get<double>() : fallback;
}
std::string textOr(const nlohmann::json& j, const char* key, const char* fallback) {
    return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : fallback;
}
std::size_t indexOr(const nlohmann::json& j, const char* key) {
    return j.contains(key) && j[key].is_number_unsigned() ? j[key].get<std::size_t>() : 0;
}

}  // namespace

void SizingMisses::noteFastest(const SizingMiss& m, bool training) {
    keepBetter(fastest, m, training);
}
void SizingMisses::noteCheapestOver(const SizingMiss& m) {
    keepBetter(cheapest_over, m, true);
}
void SizingMisses::noteSmallestOver(const SizingMiss& m) {
    keepBetter(smallest_over, m, true);
}
void SizingMisses::noteLargestAtPeak(const SizingMiss& m) {
    keepBetter(largest_at_peak, m, true);
}
void SizingMisses::noteRejection(const SizingMiss& m) {
    if (!first_rejection || m.candidate < first_rejection->candidate) first_rejection = m;
}

void SizingMisses::mergeFrom(const SizingMisses& other, bool training) {
    if (other.fastest) noteFastest(*other.fastest, training);
    if (other.cheapest_over) noteCheapestOver(*other.cheapest_over);
    if (other.smallest_over) noteSmallestOver(*other.smallest_over);
    if (other.largest_at_peak) noteLargestAtPeak(*other.largest_at_peak);
    if (other.first_rejection) noteRejection(*other.first_rejection);
}

VerdictTarget verdictTarget(const SizingTarget& target) {
    return {target.training(),
            target.deadline_days,
            target.workload.traffic.rate_per_s,
            target.constraints.power_budget_mw,
            target.constraints.budget_usd,
            target.constraints.budget_basis};
}

VerdictTarget verdictTargetFromJson(const nlohmann::json& t) {
    VerdictTarget v;
    if (!t.is_object()) return v;
    v.training = textOr(t, "mode", "training") == "training";
    v.deadline_days = numberOr(t, "deadline_days", 0);
    v.rate_per_s = numberOr(t, "request_rate_per_s", 0);
    v.power_budget_mw = numberOr(t, "power_budget_mw", 0);
    v.budget_usd = numberOr(t, "budget_usd", 0);
    v.budget_basis =
        budgetBasisFromString(textOr(t, "budget_basis", "capex")).value_or(BudgetBasis::capex);
    return v;
}

std::string whyNoDesign(const SizingMisses& m, const VerdictTarget& t) {
    const std::string text = "no candidate " + targetSentence(t);
    if (m.cheapest_over)
        return text + ": the cheapest that meets it, " + m.cheapest_over->cluster + ", costs " +
               formatMoney(m.cheapest_over->value) + " " +
               (t.budget_basis == BudgetBasis::tco ? "TCO" : "capex");
    // A fastest cluster that met the target was held back by the power of its cooling type.
    const bool fastestMet = m.fastest && (t.training ? m.fastest->value <= t.deadline_days
                                                     : m.fastest->value >= t.rate_per_s);
    if (m.fastest && !fastestMet)
        return text + ": the " + (t.training ? "fastest, " : "best, ") + m.fastest->cluster +
               (t.training
                    ? ", needs " + formatNumber(m.fastest->value) + " days"
                    : ", reaches " + formatNumber(m.fastest->value) + " requests/s within the SLO");
    if (m.largest_at_peak && !fastestMet)
        return text + ": even at peak FLOP/s the fastest cluster tried, " +
               m.largest_at_peak->cluster + ", needs " + formatNumber(m.largest_at_peak->value) +
               " days";
    if (m.smallest_over)
        return text + ": the smallest cluster tried, " + m.smallest_over->cluster + ", needs " +
               formatNumber(m.smallest_over->value) + " MW provisioned";
    if (m.first_rejection) return text + ": " + m.first_rejection->cluster;
    return text + ": no cluster was tried";
}

nlohmann::json missesToJson(const SizingMisses& misses) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& [kind, slot] : kMissKinds)
        if (const auto& m = misses.*slot)
            out.push_back({{"kind", kind},
                           {"cluster", m->cluster},
                           {"value", m->value},
                           {"candidate", m->candidate}});
    return out;
}

SizingMisses missesFromJson(const nlohmann::json& records) {
    SizingMisses misses;
    if (!records.is_array()) return misses;
    for (const nlohmann::json& r : records) {
        if (!r.is_object()) continue;
        const std::string kind = textOr(r, "kind", "");
        for (const auto& [name, slot] : kMissKinds)
            if (kind == name)
                misses.*slot = SizingMiss{textOr(r, "cluster", ""), numberOr(r, "value", 0),
                                          indexOr(r, "candidate")};
    }
    return misses;
}

}  // namespace infraplan
