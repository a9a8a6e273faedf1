#pragma once
// The closest misses of a sizing sweep (docs/planning.md, "When nothing fits") and the sentence
// that says what stood in the way. Each miss keeps the index of the candidate it came from, so
// the misses of shards combine into exactly those of the single run (`merge`).

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/planning/sizing_target.h"

namespace infraplan {

struct SizingMiss {
    std::string cluster;  // "64 x NVIDIA DGX H100, fat-tree 1:1" (or the reason, for a rejection)
    double value = 0;     // days, requests/s, USD or MW, by kind
    std::size_t candidate = 0;  // its index in the sweep's candidate list
};

struct SizingMisses {
    std::optional<SizingMiss> fastest;          // training: fewest days; serving: most goodput
    std::optional<SizingMiss> cheapest_over;    // met the target, over the dollar budget
    std::optional<SizingMiss> smallest_over;    // over the power budget: least provisioned MW
    std::optional<SizingMiss> largest_at_peak;  // too slow even at peak: the fewest days
    std::optional<SizingMiss> first_rejection;  // the first cluster refused, and why

    // Keep `m` where it beats what is there (a lower value, or a higher goodput; on a tie or
    // for rejections, the earlier candidate), the rule of both the sweep and `merge`.
    void noteFastest(const SizingMiss& m, bool training);
    void noteCheapestOver(const SizingMiss& m);
    void noteSmallestOver(const SizingMiss& m);
    void noteLargestAtPeak(const SizingMiss& m);
    void noteRejection(const SizingMiss& m);
    void mergeFrom(const SizingMisses& other, bool training);
};

// What the sentence needs of the target; from the target itself or from a `size --json`
// output's "target" object.
struct VerdictTarget {
    bool training = true;
    double deadline_days = 0;
    double rate_per_s = 0;
    double power_budget_mw = 0;
    double budget_usd = 0;
    BudgetBasis budget_basis = BudgetBasis::capex;
};
VerdictTarget verdictTarget(const SizingTarget& target);
VerdictTarget verdictTargetFromJson(const nlohmann::json& target);

// "no candidate meets 90 days under 20 MW: the fastest, 512 x ..., needs 104 days".
std::string whyNoDesign(const SizingMisses& misses, const VerdictTarget& target);

// `closest_misses`: one record per kind present ({kind, cluster, value, candidate}).
nlohmann::json missesToJson(const SizingMisses& misses);
SizingMisses missesFromJson(const nlohmann::json& records);

}  // namespace infraplan
