#pragma once
// The `network` section of the results JSON (flow-level fabric model, core/topology).

#include <nlohmann/json.hpp>

#include "core/results/results.h"

namespace infraplan {

void writeNetworkJson(const Results& results, nlohmann::json& out);

}  // namespace infraplan
