#pragma once
// What a search minimizes, read from one evaluation's results. Cost and energy are the facility
// model's figures (results.facility), the same the dashboard and the report show.

#include <optional>
#include <string>

#include "core/design/design.h"
#include "core/results/results.h"

namespace infraplan {

enum class SearchObjective : std::uint8_t;

struct Score {
    double value = 0;       // lower is better
    const char* unit = "";  // a literal: scoring runs per candidate, so it allocates nothing
};

// The objective's value for these results; nullopt when the results lack what it needs
// (infeasible, or a section the objective reads was not computed).
std::optional<Score> objectiveScore(SearchObjective objective, const Workload& workload,
                                    const Results& results);

}  // namespace infraplan
