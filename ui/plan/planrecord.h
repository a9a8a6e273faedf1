#pragma once
// The last result of each planning tool (strategy search, hardware sizing, sensitivity) run on
// the open design, kept after its dialog closes so that the design's report can carry it as a
// section. Each is tagged with the inputs of the design it was computed for (planinputs.h) and
// goes into the report only while the design's inputs are still those: an edit that changes
// what a result depends on leaves it out, undoing that edit brings it back.

#include <optional>
#include <vector>

#include "core/planning/sensitivity.h"
#include "core/planning/sizing.h"
#include "core/search/strategy_search.h"
#include "ui/plan/planinputs.h"
#include "ui/report/reportoptions.h"

namespace infraplan::ui {

class PlanRecord {
public:
    // `design` is the one the tool ran on (as it was when it started).
    void keepSearch(const Design& design, SearchObjective objective, SearchResult result);
    void keepSizing(const Design& design, SizingTarget target, SizingRank rank,
                    SizingResult result);
    void keepSensitivity(const Design& design, SensitivityResult result);

    // The report sections of the kept results that are current for `design`: search, sizing,
    // sensitivity, in that order.
    std::vector<report::ExtraSection> sectionsFor(const Design& design) const;

private:
    struct Search {
        nlohmann::json inputs;
        SearchObjective objective;
        bool inference;
        SearchResult result;
    };
    struct Sizing {
        nlohmann::json inputs;
        SizingTarget target;
        SizingRank rank;
        SizingResult result;
    };
    struct Sensitivity {
        nlohmann::json inputs;
        SensitivityResult result;
    };
    std::optional<Search> m_search;
    std::optional<Sizing> m_sizing;
    std::optional<Sensitivity> m_sensitivity;
};

}  // namespace infraplan::ui
