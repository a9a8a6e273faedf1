#pragma once
// How ranks map onto devices: the size of each parallel dimension and the order in which they
// are laid out, innermost first (Megatron's default: tp, cp, ep-within-dp, dp, pp). Shared by
// the per-tier estimate (perf/) and the placement of the flow-level model (topology/).

#include <array>
#include <string>

#include "core/comm/comm_model.h"

namespace infraplan {

struct RankLayout {
    std::array<int, 5> size{1, 1, 1, 1, 1};  // indexed by ParallelDim
    std::array<ParallelDim, 4> order{ParallelDim::tp, ParallelDim::cp, ParallelDim::dp,
                                     ParallelDim::pp};  // ep is carved out of tp x cp x dp
    int& operator[](ParallelDim d) { return size[static_cast<std::size_t>(d)]; }
    int operator[](ParallelDim d) const { return size[static_cast<std::size_t>(d)]; }
};

// Parses strategy.placement ("tp-first" = the default order; "dp-first", "pp-first",
// "cp-first" move that dimension innermost; or an explicit order "tp-cp-dp-pp").
// Returns false (layout keeps the default order) when the text is not understood.
bool parsePlacement(const std::string& text, RankLayout& layout);

}  // namespace infraplan
