#include "core/topology/network_eval.h"

namespace infraplan {

NetworkModel makeNetworkModel(const Design& design, const catalog::Catalog& catalog,
                              std::shared_ptr<const Graph> graph, const CancelToken* cancel) {
    NetworkModel out;
    FlowModelOptions options;
    options.cancel = cancel;
    auto model = std::make_unique<FlowCommModel>(std::move(graph), design, catalog, options);
    if (!model->placement().valid()) return out;  // the engines report the shortfall
    if (!model->connected()) {
        out.warning =
            "network: the devices the strategy uses are not all connected by drawn links; "
            "communication is estimated per tier instead of over the fabric";
        return out;
    }
    out.model = std::move(model);
    return out;
}

NetworkResults evaluateNetwork(const FlowCommModel& model,
                               std::span<const IssuedCollective> issued) {
    return model.network(issued);
}

}  // namespace infraplan
