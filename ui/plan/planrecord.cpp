#include "ui/plan/planrecord.h"

#include "ui/report/plansections.h"

namespace infraplan::ui {

void PlanRecord::keepSearch(const Design& design, SearchObjective objective, SearchResult result) {
    m_search = Search{planInputs(design, PlanScope::ignoreStrategy), objective,
                      design.workload.mode == WorkloadMode::inference, std::move(result)};
}

void PlanRecord::keepSizing(const Design& design, SizingTarget target, SizingRank rank,
                            SizingResult result) {
    m_sizing = Sizing{planInputs(design, PlanScope::includeStrategy), std::move(target), rank,
                      std::move(result)};
}

void PlanRecord::keepSensitivity(const Design& design, SensitivityResult result) {
    m_sensitivity = Sensitivity{planInputs(design, PlanScope::includeStrategy), std::move(result)};
}

std::vector<report::ExtraSection> PlanRecord::sectionsFor(const Design& design) const {
    std::vector<report::ExtraSection> sections;
    if (m_search && m_search->inputs == planInputs(design, PlanScope::ignoreStrategy)) {
        sections.push_back(
            report::searchSection(m_search->result, m_search->objective, m_search->inference));
        sections.back().note = QStringLiteral(
            "Searched in the GUI (Tools → Search Strategies) for this design's hardware, "
            "workload, facility and economics as they are now; the strategy may have changed "
            "since.");
    }
    const nlohmann::json inputs = planInputs(design, PlanScope::includeStrategy);
    if (m_sizing && m_sizing->inputs == inputs) {
        sections.push_back(
            report::sizingSection(m_sizing->result, m_sizing->target, m_sizing->rank));
        sections.back().note = QStringLiteral(
            "Sized in the GUI (Tools → Size Hardware) from this design as it is now: "
            "precision, sequence length, batch, facility and economics are its own.");
    }
    if (m_sensitivity && m_sensitivity->inputs == inputs) {
        sections.push_back(report::sensitivitySection(m_sensitivity->result));
        sections.back().note = QStringLiteral(
            "Analysed in the GUI (Tools → Sensitivity) for this design as it is now, strategy "
            "included.");
    }
    return sections;
}

}  // namespace infraplan::ui
