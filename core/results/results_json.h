#pragma once
// Results -> the results JSON contract (docs/results.md, field by field in
// core/results/schema.h). Every engine's section is written here (or by a function this file
// calls), and the output is checked against the schema, so a key outside the contract never
// goes unnoticed.

#include <nlohmann/json.hpp>

#include "core/results/results.h"

namespace infraplan {

nlohmann::json resultsToJson(const Results& results);

// [{name, flops, bytes, time_s, calls_per_step, bound}]: `training.operators` and
// `inference.operators` (for roofline charts).
nlohmann::json operatorsToJson(const OperatorList& operators);

// Replace any non-finite number with null and report where, so that no NaN ever reaches a
// user; returns the JSON pointers that were fixed (empty in a correct engine).
std::vector<std::string> scrubNonFinite(nlohmann::json& value, const std::string& pointer = "");

}  // namespace infraplan
