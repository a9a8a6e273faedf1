#pragma once
// Collective algorithms as flows between ranks (docs/topology.md): each pattern lists, for every
// group of a parallel dimension at once, who sends to whom, with relative weights. The comm
// model multiplies a pattern by its per-flow volume (e.g. 2(n-1)/n·S for a ring all-reduce).

#include <cstdint>
#include <vector>

#include "core/topology/placement.h"
#include "core/topology/router.h"

namespace infraplan {

enum class FlowPattern : std::uint8_t {
    ring,        // rank i -> i+1 (mod n) in every group
    tree,        // NCCL's double binary tree: both trees, up and down, weight 1 per tree edge
    intra_ring,  // ring among a group's ranks that share a node
    inter_ring,  // ring across nodes among the ranks with the same local index
    all_to_all,  // every ordered pair
    next_stage,  // rank i -> i+1 without wraparound (pipeline stage boundaries)
};
const char* toString(FlowPattern p);

// How a group's ranks sit on nodes: `per_node` ranks on each of `nodes` nodes (uniform).
struct NodeSplit {
    int per_node = 1;
    int nodes = 1;
    bool uniform = true;
};
NodeSplit nodeSplit(const RankGroups& groups, const Placement& placement);

std::vector<FlowDemand> patternFlows(FlowPattern pattern, const RankGroups& groups,
                                     const Placement& placement);

}  // namespace infraplan
