#pragma once
// What merging the outputs of a sharded run (--shard K/N) checks and combines, shared by the
// search and the sizing merges (docs/planning.md, "Shards").

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace infraplan {

// Whether `shards` are every part of one run: each has "shard": "K/N" with the same N, each K
// once, K = 1..N, and the `same` members equal in all. Otherwise false and `error` says why.
bool shardsBelongTogether(const std::vector<nlohmann::json>& shards,
                          const std::vector<std::string>& same, std::string* error);

// The merged run's counters: `sums` added up, `maxima` the largest, `any` or-ed; the first
// shard's other members. "shard" becomes "1/1": the output stands for the whole run.
nlohmann::json mergedCounters(const std::vector<nlohmann::json>& shards,
                              const std::vector<std::string>& sums,
                              const std::vector<std::string>& maxima,
                              const std::vector<std::string>& any);

}  // namespace infraplan
