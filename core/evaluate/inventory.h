#pragma once
// What the expanded hardware adds up to before any workload runs on it.

#include "catalog/catalog.h"
#include "core/results/results.h"
#include "core/topology/graph.h"

namespace infraplan {

Inventory takeInventory(const Graph& graph, const catalog::Catalog& catalog);

}  // namespace infraplan
