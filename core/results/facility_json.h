#pragma once
// The facility sections of the results JSON (docs/results.md): power, cooling, reliability, cost,
// energy. Called by resultsToJson(); writes nothing when the facility model did not run.

#include <nlohmann/json.hpp>

#include "core/results/results.h"

namespace infraplan {

void writeFacilityJson(const Results& results, nlohmann::json& out);

}  // namespace infraplan
