#pragma once
// Logical ranks on devices: rank r runs on Graph::accelerators[r] (node-major, so consecutive
// ranks share a node). The strategy's parallel sizes are laid out innermost first in the
// placement order (default "tp-first": tp, cp, dp, pp as Megatron-LM does); expert parallel
// groups are carved out of consecutive data-parallel ranks.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/comm/comm_model.h"
#include "core/design/design.h"
#include "core/topology/graph.h"

namespace infraplan {

// Every group of one parallel dimension: `count` groups of `size` devices, stored flat.
struct RankGroups {
    int size = 1;
    std::vector<std::uint32_t> devices;  // accelerator vertex ids, group by group, rank order

    long long count() const { return size > 0 ? static_cast<long long>(devices.size()) / size : 0; }
    std::span<const std::uint32_t> group(long long g) const {
        return {devices.data() + g * size, static_cast<std::size_t>(size)};
    }
};

class Placement {
public:
    // Sizes from the strategy (dp "auto" = devices / (tp*cp*pp)). Problems (more ranks than
    // devices, an unknown order, a TP group spanning nodes) are appended to `warnings`; when
    // the ranks do not fit, valid() is false and no groups are formed.
    Placement(const Graph& graph, const Design& design, std::vector<std::string>& warnings);

    bool valid() const { return m_valid; }
    int size(ParallelDim d) const { return m_size[static_cast<std::size_t>(d)]; }
    long long ranks() const { return m_ranks; }
    std::uint32_t device(long long rank) const {
        return m_graph.accelerators[static_cast<std::size_t>(rank)];
    }
    RankGroups groups(ParallelDim d) const;
    // The layout order used, innermost first ("tp-cp-dp-pp").
    std::string order() const;
    // The node a device sits in, packed: a node-template instance, or for accelerators drawn
    // as items the replica of their enclosing group (instance / item count).
    std::uint64_t nodeOf(std::uint32_t device) const;

private:
    long long stride(ParallelDim d) const;

    const Graph& m_graph;
    const Design& m_design;
    std::array<int, 5> m_size{1, 1, 1, 1, 1};
    std::array<ParallelDim, 4> m_order{ParallelDim::tp, ParallelDim::cp, ParallelDim::dp,
                                       ParallelDim::pp};
    long long m_ranks = 0;
    bool m_valid = false;
};

}  // namespace infraplan
