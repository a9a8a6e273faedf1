#pragma once
// `infraplan-cli calibrate --json` (docs/planning.md, "Calibration") and the fields it writes,
// described like the results schema so that docs/results.md lists them and a test holds every
// emitted key to a description.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/planning/calibration.h"
#include "core/results/schema.h"

namespace infraplan {

nlohmann::json calibrationToJson(const CalibrationResult& result);

const std::vector<ResultField>& calibrationSchema();
std::string calibrationSchemaMarkdown();

}  // namespace infraplan
