#pragma once
// The inputs two designs differ in: every workload, strategy, facility and economics value of
// their design files (docs/design-file.md keys, "strategy.tp"), for the comparison report and
// the GUI's Compare view. Hardware differences show in the results (inventory, cost).

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/design/design.h"

namespace infraplan {

struct InputDifference {
    std::string key;   // "strategy.tp", "workload.traffic.rate_per_s"
    nlohmann::json a;  // null when only B sets it
    nlohmann::json b;  // null when only A sets it
};

struct InputComparison {
    std::vector<InputDifference> differences;  // sections in the order above, keys sorted
    std::size_t same = 0;                      // inputs equal in both
};

InputComparison compareInputs(const Design& a, const Design& b);

}  // namespace infraplan
