#pragma once
// The human-readable rendering of a results JSON object for the terminal. It walks the JSON
// contract generically, so every engine's section appears without code here.

#include <nlohmann/json.hpp>
#include <string>

namespace infraplan {

// One scalar as people read it: "yes"/"no", "-" for null, 857,600 for large numbers, four
// significant digits otherwise. Shared by the text, compare and PDF reports.
std::string formatScalar(const nlohmann::json& v);

std::string formatResultsText(const std::string& design_name, const nlohmann::json& results);

}  // namespace infraplan
