#pragma once
// The human-readable rendering of a results JSON object for the terminal: every field in the
// results schema's reading order, under its JSON key, with its unit (core/results/schema.h,
// core/results/format.h).

#include <nlohmann/json.hpp>
#include <string>

namespace infraplan {

std::string formatResultsText(const std::string& design_name, const nlohmann::json& results);

}  // namespace infraplan
