#include "core/evaluate/evaluate_search.h"

#include <optional>
#include <tuple>

namespace infraplan {
namespace {

// What the placement and the flow model read from a strategy.
auto searchLayoutKey(const Strategy& s) {
    return std::tie(s.tp, s.pp, s.cp, s.ep, s.dp, s.placement);
}

}  // namespace

SearchHardware describeSearchHardware(const PreparedDesign& prepared, const Design& design,
                                      const catalog::Catalog& catalog,
                                      const EvaluateOptions& options) {
    SearchHardware out;
    if (!prepared.ok() || !prepared.matches(design, catalog, options)) return out;
    Diagnostics ignored;  // validation reported them: prepared.ok() means none is an error
    out.facility = describeFacilityHardware(design, catalog, *prepared.graph,
                                            resolveFacilityParams(design, catalog, ignored));
    out.fabric = makeFlowFabric(design, catalog, prepared.graph, options.cancel);
    out.devices = summarizeDevices(design, catalog);
    return out;
}

SearchEvaluator::SearchEvaluator(const PreparedDesign& prepared, const SearchHardware& hardware,
                                 const catalog::Catalog& catalog, const EvaluateOptions& options)
    : m_prepared(prepared), m_hardware(hardware), m_catalog(catalog), m_options(options) {}

SearchEvaluator::~SearchEvaluator() = default;

SearchEvaluation SearchEvaluator::evaluate(const Design& design, const ResultsBoundTest* beaten) {
    // Not the prepared hardware, or hardware that is not valid: evaluate() reports it.
    if (!m_hardware.facility)
        return {evaluatePrepared(m_prepared, design, m_catalog, m_options), false};
    if (!m_layoutDesign ||
        searchLayoutKey(design.strategy) != searchLayoutKey(m_layoutDesign->strategy)) {
        m_network = {};  // the model refers to the old design: drop it first
        m_layoutDesign = std::make_unique<Design>(design);
        // The candidates share the hardware: one fabric serves every layout; only the
        // placement is built again.
        m_network = makeNetworkModel(*m_layoutDesign, m_hardware.fabric);
    }
    return evaluateWithNetwork(m_prepared, design, m_catalog, m_options, m_network, m_hardware,
                               &m_layerTimes, beaten);
}

}  // namespace infraplan
