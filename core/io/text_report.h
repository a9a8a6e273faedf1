#pragma once
// The human-readable rendering of a results JSON object for the terminal. It walks the JSON
// contract generically, so every engine's section appears without code here.

#include <nlohmann/json.hpp>
#include <string>

namespace infraplan {

std::string formatResultsText(const std::string& design_name, const nlohmann::json& results);

}  // namespace infraplan
