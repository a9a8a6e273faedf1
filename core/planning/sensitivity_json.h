#pragma once
// `infraplan-cli sensitivity --json` (docs/planning.md, "Sensitivity") and the fields it
// writes, described like the results schema so that docs/results.md lists them and a test
// holds every emitted key to a description.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/planning/sensitivity.h"
#include "core/results/schema.h"

namespace infraplan {

nlohmann::json sensitivityToJson(const SensitivityResult& result, double step);

const std::vector<ResultField>& sensitivitySchema();
std::string sensitivitySchemaMarkdown();

}  // namespace infraplan
