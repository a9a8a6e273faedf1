#pragma once
// Tiers of the switches a user drew explicitly (generated ones know theirs): a switch wired to
// accelerators is scale-up (0), one wired to NICs, hosts or memory is a leaf (1), and a switch
// wired only to other switches sits one tier above the lowest of them (spine 2, core 3).

#include "core/design/design.h"
#include "core/topology/graph.h"

namespace infraplan {

void assignSwitchTiers(const Design& design, Graph& graph);

}  // namespace infraplan
