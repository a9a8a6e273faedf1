// Merging the outputs of a sharded search (strategy_search.h, mergeSearchJson).
#include <algorithm>

#include "core/common/shard_merge.h"
#include "core/search/pareto.h"
#include "core/search/strategy_search.h"

namespace infraplan {
namespace {

// The front of the shards' fronts: each shard's front holds every point of the whole front
// that lies in its part, so the front of their union is the single run's front.
nlohmann::json mergedParetoFront(const std::vector<nlohmann::json>& shards) {
    std::vector<nlohmann::json> points;
    nlohmann::json out = {{"time_unit", ""}, {"cost_unit", ""}};
    for (const nlohmann::json& s : shards) {
        const nlohmann::json pareto = s.value("pareto", nlohmann::json::object());
        for (const char* unit : {"time_unit", "cost_unit"})
            if (out[unit] == "" && pareto.value(unit, "") != "") out[unit] = pareto[unit];
        for (const nlohmann::json& p : pareto.value("points", nlohmann::json::array()))
            points.push_back(p);
    }
    out["points"] = paretoFrontByIndex(
        std::move(points), [](const nlohmann::json& p) { return p.value("index", 0ULL); },
        [](const nlohmann::json& p) { return p.value("time", 0.0); },
        [](const nlohmann::json& p) { return p.value("cost", 0.0); });
    return out;
}

}  // namespace

std::optional<nlohmann::json> mergeSearchJson(const std::vector<nlohmann::json>& shards,
                                              std::string* error) {
    if (!shardsBelongTogether(shards, {"objective", "top", "reasons"}, error)) return std::nullopt;
    nlohmann::json out =
        mergedCounters(shards, {"evaluated", "pruned_memory", "pruned_bound", "timed", "feasible"},
                       {"elapsed_s", "space"}, {"cancelled", "truncated"});
    const double elapsed = out.value("elapsed_s", 0.0);
    // Shards run side by side: the whole space over the longest shard's time.
    out["configurations_per_s"] = elapsed > 0 ? out.value("evaluated", 0.0) / elapsed : 0.0;
    out["pareto"] = mergedParetoFront(shards);
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
