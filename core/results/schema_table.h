#pragma once
// One Markdown table of schema fields (the columns of docs/results.md), for the outputs of
// other commands described in the same form (core/planning/sizing_json.h).

#include <string>
#include <vector>

#include "core/results/schema.h"

namespace infraplan {

std::string schemaTableMarkdown(const std::vector<ResultField>& fields);

}  // namespace infraplan
