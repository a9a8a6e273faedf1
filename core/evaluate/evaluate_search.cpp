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
    // Not the prepared hardware, or hardware that is not valid: evaluate() reports it.
    if (!m_prepared.ok() || !m_prepared.matches(design, m_catalog, m_options))
        return {evaluatePrepared(m_prepared, design, m_catalog, m_options), false};
    if (!sameLayout(design.strategy)) {
        m_network = {};  // the model refers to the old design: drop it first
        m_layoutDesign = std::make_unique<Design>(design);
        m_network =
            makeNetworkModel(*m_layoutDesign, m_catalog, m_prepared.graph, m_options.cancel);
        ++m_built;
    }
    if (!m_facility) {
        Diagnostics ignored;  // validation reported them: prepared.ok() means none is an error
        m_facility = describeFacilityHardware(design, m_catalog, *m_prepared.graph,
                                              resolveFacilityParams(design, m_catalog, ignored));
    }
    return evaluateWithNetwork(m_prepared, design, m_catalog, m_options, m_network, *m_facility);
}

}  // namespace infraplan
