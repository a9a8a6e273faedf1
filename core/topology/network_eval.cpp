#include "core/topology/network_eval.h"

#include "core/topology/islands.h"

namespace infraplan {

std::shared_ptr<const FlowFabric> makeFlowFabric(const Design& design,
                                                 const catalog::Catalog& catalog,
                                                 std::shared_ptr<const Graph> graph,
                                                 const CancelToken* cancel) {
    FlowModelOptions options;
    options.cancel = cancel;
    return std::make_shared<const FlowFabric>(std::move(graph), design, catalog, options);
}

NetworkModel makeNetworkModel(const Design& design, std::shared_ptr<const FlowFabric> fabric) {
    NetworkModel out;
    auto model = std::make_unique<FlowCommModel>(std::move(fabric), design);
    if (!model->placement().valid()) return out;  // the engines report the shortfall
    if (!model->connected()) {
        const IslandReport islands = placedIslands(*model, design);
        out.warning = islands.warning;
        out.infeasible = islands.reason;
        if (!out.warning && !out.infeasible)
            out.warning =
                "network: the devices the strategy uses are not all connected by drawn links; "
                "communication is estimated per tier instead of over the fabric";
        return out;
    }
    out.model = std::move(model);
    return out;
}

NetworkModel makeNetworkModel(const Design& design, const catalog::Catalog& catalog,
                              std::shared_ptr<const Graph> graph, const CancelToken* cancel) {
    return makeNetworkModel(design, makeFlowFabric(design, catalog, std::move(graph), cancel));
}

NetworkResults evaluateNetwork(const FlowCommModel& model,
                               std::span<const IssuedCollective> issued) {
    return model.network(issued);
}

}  // namespace infraplan
