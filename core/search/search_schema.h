#pragma once
// The fields `infraplan-cli search --json` writes (searchResultToJson), described in the same
// form as the results schema (core/results/schema.h) so that docs/results.md lists them and a
// test holds every emitted key to a description.

#include <string>
#include <vector>

#include "core/results/schema.h"

namespace infraplan {

// Every key searchResultToJson writes; `results[].strategy` and `pareto.points[].strategy` are
// the design file's strategy section, `results[].results` the results object.
const std::vector<ResultField>& searchSchema();

// The Markdown table of searchSchema(), as docs/results.md holds it between its markers.
std::string searchSchemaMarkdown();

}  // namespace infraplan
