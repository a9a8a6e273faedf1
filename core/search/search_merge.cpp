// Merging the outputs of a sharded search (strategy_search.h, mergeSearchJson).
#include <algorithm>

#include "core/common/shard_merge.h"
#include "core/search/strategy_search.h"

namespace infraplan {

std::optional<nlohmann::json> mergeSearchJson(const std::vector<nlohmann::json>& shards,
                                              std::string* error) {
    if (!shardsBelongTogether(shards, {"objective", "top", "reasons"}, error)) return std::nullopt;
    nlohmann::json out = mergedCounters(shards, {"evaluated", "feasible"}, {"elapsed_s"},
                                        {"cancelled", "truncated"});
    nlohmann::json results = nlohmann::json::array();
    for (const nlohmann::json& s : shards) {
        if (out["score_unit"] == "" && s.value("score_unit", "") != "")
            out["score_unit"] = s["score_unit"];
        if (out["truncation"] == "" && s.value("truncation", "") != "")
            out["truncation"] = s["truncation"];
        for (const nlohmann::json& r : s.value("results", nlohmann::json::array()))
            results.push_back(r);
    }
    // The single run's order: score, then the candidate's index in the whole space.
    std::stable_sort(results.begin(), results.end(), [](const auto& a, const auto& b) {
        const double sa = a.value("score", 0.0), sb = b.value("score", 0.0);
        return sa != sb ? sa < sb : a.value("index", 0ULL) < b.value("index", 0ULL);
    });
    const std::size_t top = out.value("top", std::size_t{10});
    if (results.size() > top)
        results.erase(results.begin() + static_cast<long>(top), results.end());
    out["results"] = std::move(results);
    return out;
}

}  // namespace infraplan
