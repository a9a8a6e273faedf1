#pragma once
// Accelerator islands: the connected parts of the expanded graph that hold the strategy's
// ranks, the devices of one node counted as connected (an undrawn box of accelerators keeps
// its per-tier scale-up). A parallel group whose devices sit on two islands cannot run its
// collectives; replicas of a served model that each stay on one island can (docs/topology.md,
// "Islands").

#include <optional>
#include <string>

#include "core/comm/comm_model.h"
#include "core/topology/flow_comm_model.h"

namespace infraplan {

// What the islands mean, in words that name each island ("island 1: g1/n1; island 2: g2/n2").
struct IslandReport {
    std::optional<std::string> reason;   // infeasible: collectives that would cross islands
    std::optional<std::string> warning;  // feasible, but the islands are worth a word
};

// The islands of `model`'s placed devices and what they mean for `design`'s strategy. A model
// whose placed devices are all connected gives one island and neither reason nor warning.
IslandReport placedIslands(const FlowCommModel& model, const Design& design);

}  // namespace infraplan
