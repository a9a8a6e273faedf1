#pragma once
// The topology engine's part of evaluate(): build the flow-level comm model over the expanded
// graph for the engines to use, then report what they asked of the network (results.network)
// and which link tier binds each communication phase that matters (results.bottlenecks).

#include <memory>

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "core/results/results.h"
#include "core/topology/flow_comm_model.h"

namespace infraplan {

// The model, or nullptr (with a warning in results) when the placed devices are not all
// connected, so the engines fall back to their per-tier estimate.
std::unique_ptr<FlowCommModel> makeNetworkModel(const Design& design,
                                                const catalog::Catalog& catalog, const Graph& graph,
                                                Results& results);

// Fills results.network and adds a bottleneck for every communication phase that takes at
// least 5% of the training step, naming its binding link tier.
void addNetworkResults(const FlowCommModel& model, const Design& design, Results& results);

}  // namespace infraplan
