#pragma once
// The JSON report (`infraplan-cli report -o OUT.json`, File -> Export Report in the GUI): the
// design as saved and its results (docs/results.md), with the program that wrote them.

#include <nlohmann/json.hpp>
#include <string>

#include "core/design/design.h"

namespace infraplan {

// `generator` names the program, e.g. "infraplan-cli 0.1.0".
nlohmann::json reportToJson(const Design& design, const nlohmann::json& results,
                            const std::string& generator);

}  // namespace infraplan
