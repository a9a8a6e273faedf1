#include "core/common/shard_merge.h"

#include <algorithm>
#include <set>

#include "core/common/shard.h"

namespace infraplan {

bool shardsBelongTogether(const std::vector<nlohmann::json>& shards,
                          const std::vector<std::string>& same, std::string* error) {
    auto fail = [error](const std::string& why) {
        if (error) *error = why;
        return false;
    };
    if (shards.empty()) return fail("no outputs to merge");
    std::set<int> seen;
    int count = 0;
    for (std::size_t i = 0; i < shards.size(); ++i) {
        const nlohmann::json& s = shards[i];
        const std::string which = "output " + std::to_string(i + 1);
        if (!s.is_object() || !s.contains("shard") || !s["shard"].is_string())
            return fail(which + " has no \"shard\": not an output of search or size --json");
        const auto shard = shardFromString(s["shard"].get<std::string>());
        if (!shard) return fail(which + ": \"shard\" is not K/N");
        if (i == 0) count = shard->count;
        if (shard->count != count)
            return fail(which + " is shard " + shard->text() + ", of another split than " +
                        std::to_string(count) + " parts");
        if (!seen.insert(shard->index).second)
            return fail(which + " repeats shard " + shard->text());
        for (const std::string& key : same)
            if (!s.contains(key) || s[key] != shards.front()[key])
                return fail(which + " differs from output 1 in \"" + key +
                            "\": the shards of another run");
    }
    if (static_cast<int>(seen.size()) != count)
        return fail(std::to_string(seen.size()) + " of " + std::to_string(count) +
                    " shards given: every shard is needed for the answer of one run");
    return true;
}

nlohmann::json mergedCounters(const std::vector<nlohmann::json>& shards,
                              const std::vector<std::string>& sums,
                              const std::vector<std::string>& maxima,
                              const std::vector<std::string>& any) {
    nlohmann::json out = shards.front();
    for (const std::string& key : sums) {
        long long total = 0;
        for (const nlohmann::json& s : shards)
            total += s.value(key, 0LL);
        out[key] = total;
    }
    for (const std::string& key : maxima) {
        double most = 0;
        for (const nlohmann::json& s : shards)
            most = std::max(most, s.value(key, 0.0));
        out[key] = most;
    }
    for (const std::string& key : any)
        out[key] = std::any_of(shards.begin(), shards.end(),
                               [&](const nlohmann::json& s) { return s.value(key, false); });
    out["shard"] = "1/1";
    return out;
}

}  // namespace infraplan
