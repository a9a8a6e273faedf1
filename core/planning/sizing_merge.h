#pragma once
// Merging the outputs of a sharded sizing sweep (`size --shard K/N --json`, then
// `infraplan-cli merge`): the designs of every shard ranked as one run ranks them.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace infraplan {

// The shards' outputs (sizingResultToJson) as one run's: designs re-ranked by the run's rank
// and its tie-breaks, the first `top`, renumbered; counts summed, elapsed_s the longest
// shard's. When no shard found a design, the first shard's `infeasible` is kept. nullopt and
// `error` when the outputs are not every shard of one sweep.
std::optional<nlohmann::json> mergeSizingJson(const std::vector<nlohmann::json>& shards,
                                              std::string* error);

}  // namespace infraplan
