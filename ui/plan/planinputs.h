#pragma once
// What a planning result depends on: the design without its name, description and layout and,
// for a strategy search (which varies it), without its strategy. Two designs with equal inputs
// give the same result, so a result is current while its inputs equal the design's (the stale
// banner, and the results the report carries).

#include <nlohmann/json.hpp>

#include "core/design/design.h"

namespace infraplan::ui {

enum class PlanScope { ignoreStrategy, includeStrategy };

nlohmann::json planInputs(const Design& design, PlanScope scope);

}  // namespace infraplan::ui
