#pragma once
// The topology engine's part of evaluate(): build the flow-level comm model over the expanded
// graph for the engines to use, then report the collectives a step issued (results.network).

#include <memory>
#include <optional>
#include <string>

#include "catalog/catalog.h"
#include "core/comm/issued_collectives.h"
#include "core/common/cancel.h"
#include "core/design/design.h"
#include "core/results/network_results.h"
#include "core/topology/flow_comm_model.h"

namespace infraplan {

struct NetworkModel {
    // Null when the strategy's ranks do not fit the devices (the engines report that) or the
    // placed devices are not all connected; the engines then use their per-tier estimate.
    std::unique_ptr<FlowCommModel> model;
    std::optional<std::string> warning;  // why the flow-level model is not used
    // Set when the strategy's collectives would cross accelerator islands (core/topology/
    // islands.h): the design is infeasible for this reason.
    std::optional<std::string> infeasible;
};

NetworkModel makeNetworkModel(const Design& design, const catalog::Catalog& catalog,
                              std::shared_ptr<const Graph> graph, const CancelToken* cancel);
// The same over a fabric built from `design`'s hardware (shared by a search's layouts).
NetworkModel makeNetworkModel(const Design& design, std::shared_ptr<const FlowFabric> fabric);
// The fabric makeNetworkModel builds for `design`'s hardware.
std::shared_ptr<const FlowFabric> makeFlowFabric(const Design& design,
                                                 const catalog::Catalog& catalog,
                                                 std::shared_ptr<const Graph> graph,
                                                 const CancelToken* cancel);

// results.network for the collectives a step issued.
NetworkResults evaluateNetwork(const FlowCommModel& model,
                               std::span<const IssuedCollective> issued);

}  // namespace infraplan
