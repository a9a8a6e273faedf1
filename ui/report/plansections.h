#pragma once
// The planning tools' results as report sections (ReportOptions::sections, rendered by
// report_extra.cpp): the strategy search's best strategies with their scores and a chart of the
// objective, the hardware sizing's ranked designs, and the sensitivity ranking as a table and a
// chart of each input's effect. Every figure is core's (SearchResult, SizingResult,
// SensitivityResult), formatted by core's formatter; nothing is computed here. The caller adds
// the note saying where and for what the result was computed.

#include "core/planning/sensitivity.h"
#include "core/planning/sizing.h"
#include "core/search/strategy_search.h"
#include "ui/report/reportoptions.h"

namespace infraplan::report {

// The search of a training or a serving design (`inference`), by `objective`.
ExtraSection searchSection(const SearchResult& result, SearchObjective objective, bool inference);

// The sizing for `target`, ranked by `rank`.
ExtraSection sizingSection(const SizingResult& result, const SizingTarget& target, SizingRank rank);

ExtraSection sensitivitySection(const SensitivityResult& result);

}  // namespace infraplan::report
