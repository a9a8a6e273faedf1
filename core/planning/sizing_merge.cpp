#include "core/planning/sizing_merge.h"

#include <algorithm>

#include "core/common/shard_merge.h"
#include "core/planning/sizing.h"
#include "core/planning/sizing_misses.h"

namespace infraplan {
namespace {

std::optional<double> optionalNumber(const nlohmann::json& j, const char* key) {
    if (!j.contains(key) || !j[key].is_number()) return std::nullopt;
    return j[key].get<double>();
}

// What ranksBefore() reads of a design, back from its JSON: the merge ranks with the same
// function as the sweep, not a copy of its rules.
SizedDesign rankingFields(const nlohmann::json& d) {
    SizedDesign s;
    s.candidate.node = d.value("node", "");
    s.candidate.nodes = d.value("nodes", 0LL);
    s.candidate.oversubscription = d.value("oversubscription", 1.0);
    s.cooling = coolingFromString(d.value("cooling", "air")).value_or(Cooling::air);
    s.days_to_train = optionalNumber(d, "days_to_train");
    s.tco_usd = d.value("tco_usd", 0.0);
    s.tokens_per_s_per_mw = d.value("tokens_per_s_per_mw", 0.0);
    const nlohmann::json* e2e = nullptr;
    if (d.contains("results") && d["results"].contains("inference"))
        e2e = &d["results"]["inference"]["e2e_ms"];
    if (e2e && e2e->contains("mean")) {
        s.results.inference.emplace();
        s.results.inference->e2e_ms.mean = (*e2e)["mean"].get<double>();
    }
    return s;
}

}  // namespace

std::optional<nlohmann::json> mergeSizingJson(const std::vector<nlohmann::json>& shards,
                                              std::string* error) {
    if (!shardsBelongTogether(shards, {"target", "rank", "top", "candidates"}, error))
        return std::nullopt;
    const auto rank = sizingRankFromString(shards.front().value("rank", ""));
    if (!rank) {
        if (error) *error = "output 1: unknown \"rank\"";
        return std::nullopt;
    }
    nlohmann::json out = mergedCounters(shards, {"searched", "strategies_evaluated"}, {"elapsed_s"},
                                        {"cancelled", "truncated"});
    std::vector<std::pair<SizedDesign, nlohmann::json>> designs;
    for (const nlohmann::json& s : shards) {
        if (out["truncation"] == "" && s.value("truncation", "") != "")
            out["truncation"] = s["truncation"];
        for (const nlohmann::json& d : s.value("designs", nlohmann::json::array()))
            designs.emplace_back(rankingFields(d), d);
    }
    std::stable_sort(designs.begin(), designs.end(), [&](const auto& a, const auto& b) {
        return ranksBefore(a.first, b.first, *rank);
    });
    const std::size_t top = out.value("top", std::size_t{10});
    nlohmann::json ranked = nlohmann::json::array();
    for (std::size_t i = 0; i < designs.size() && i < top; ++i) {
        nlohmann::json d = designs[i].second;
        d["rank"] = i + 1;
        ranked.push_back(std::move(d));
    }
    const VerdictTarget target = verdictTargetFromJson(out["target"]);
    SizingMisses misses;
    for (const nlohmann::json& s : shards)
        if (s.contains("closest_misses"))
            misses.mergeFrom(missesFromJson(s["closest_misses"]), target.training);
    out["closest_misses"] = missesToJson(misses);
    out["infeasible"] = ranked.empty() ? whyNoDesign(misses, target) : "";
    out["designs"] = std::move(ranked);
    return out;
}

}  // namespace infraplan
