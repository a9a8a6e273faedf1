#pragma once
// `infraplan-cli size --json` (docs/planning.md) and the fields it writes, described in the
// same form as the results schema (core/results/schema.h) so that docs/results.md lists them
// and a test holds every emitted key to a description.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/planning/sizing.h"
#include "core/results/schema.h"

namespace infraplan {

// `design_files`: the file each design was written to (-o DIR), by rank; may be empty.
nlohmann::json sizingResultToJson(const SizingResult& result, const SizingTarget& target,
                                  SizingRank rank, const std::vector<std::string>& design_files);

// Every key sizingResultToJson writes; `designs[].strategy` and `designs[].results` are the
// design file's strategy section and the results object (docs/results.md, "Fields").
const std::vector<ResultField>& sizingSchema();

// The Markdown table of sizingSchema(), as docs/results.md holds it between its markers.
std::string sizingSchemaMarkdown();

}  // namespace infraplan
