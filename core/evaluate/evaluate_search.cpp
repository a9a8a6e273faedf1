#include "core/evaluate/evaluate_search.h"

#include <optional>

namespace infraplan {

SearchEvaluator::SearchEvaluator(const PreparedDesign& prepared, const catalog::Catalog& catalog,
                                 const EvaluateOptions& options)
    : m_prepared(prepared), m_catalog(catalog), m_options(options) {}

SearchEvaluator::~SearchEvaluator() = default;

// What the placement and the flow model read from a strategy.
bool SearchEvaluator::sameLayout(const Strategy& s) const {
    if (!m_layoutDesign) return false;
    const Strategy& l = m_layoutDesign->strategy;
    return s.tp == l.tp && s.pp == l.pp && s.cp == l.cp && s.ep == l.ep && s.dp == l.dp &&
           s.placement == l.placement;
}

SearchEvaluation SearchEvaluator::evaluate(const Design& design) {
    if (!m_prepared.matches(design, m_catalog, m_options))  // not the prepared hardware
        return {evaluatePrepared(m_prepared, design, m_catalog, m_options), false};
    if (!sameLayout(design.strategy) && m_prepared.ok()) {
        m_network = {};  // the model refers to the old design: drop it first
        m_layoutDesign = std::make_unique<Design>(design);
        m_network =
            makeNetworkModel(*m_layoutDesign, m_catalog, m_prepared.graph, m_options.cancel);
        ++m_built;
    }
    if (!m_facility) {
        Diagnostics ignored;  // validation reported them: prepared.ok() means none is an error
        m_facility = resolveFacilityParams(design, m_catalog, ignored);
    }
    return evaluateWithNetwork(m_prepared, design, m_catalog, m_options, m_network, *m_facility);
}

}  // namespace infraplan
