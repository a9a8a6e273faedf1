#include "core/topology/collective_flows.h"

#include <map>

namespace infraplan {

const char* toString(FlowPattern p) {
    switch (p) {
        case FlowPattern::ring:
            return "ring";
        case FlowPattern::tree:
            return "tree";
        case FlowPattern::intra_ring:
            return "intra-node ring";
        case FlowPattern::inter_ring:
            return "inter-node ring";
        case FlowPattern::all_to_all:
            return "all-to-all";
        case FlowPattern::next_stage:
            return "point-to-point";
    }
    return "?";
}

namespace {
// Members of one group split by node, in rank order: nodes[k][i] = i-th rank on k-th node.
std::vector<std::vector<std::uint32_t>> byNode(std::span<const std::uint32_t> group,
                                               const Placement& placement) {
    std::vector<std::vector<std::uint32_t>> nodes;
    std::map<std::uint64_t, std::size_t> index;
    for (std::uint32_t d : group) {
        auto [it, added] = index.emplace(placement.nodeOf(d), nodes.size());
        if (added) nodes.emplace_back();
        nodes[it->second].push_back(d);
    }
    return nodes;
}

void ring(std::span<const std::uint32_t> members, std::vector<FlowDemand>& out, bool wrap) {
    const std::size_t n = members.size();
    if (n < 2) return;
    for (std::size_t i = 0; i < (wrap ? n : n - 1); ++i)
        out.push_back({members[i], members[(i + 1) % n], 1.0});
}

// Two binary trees over the group, the second mirrored so that the interior ranks of one are
// leaves of the other (Sanders et al. 2009, as NCCL builds them).
void doubleTree(std::span<const std::uint32_t> members, std::vector<FlowDemand>& out) {
    const std::size_t n = members.size();
    for (std::size_t i = 1; i < n; ++i) {
        const std::size_t parent = (i - 1) / 2;
        for (auto [c, p] : {std::pair{i, parent}, std::pair{n - 1 - i, n - 1 - parent}}) {
            out.push_back({members[c], members[p], 1.0});
            out.push_back({members[p], members[c], 1.0});
        }
    }
}
}  // namespace

NodeSplit nodeSplit(const RankGroups& groups, const Placement& placement) {
    NodeSplit split;
    if (groups.count() == 0) return split;
    const auto nodes = byNode(groups.group(0), placement);
    split.nodes = static_cast<int>(nodes.size());
    split.per_node = static_cast<int>(nodes.front().size());
    for (const auto& n : nodes)
        split.uniform &= static_cast<int>(n.size()) == split.per_node;
    return split;
}

std::vector<FlowDemand> patternFlows(FlowPattern pattern, const RankGroups& groups,
                                     const Placement& placement) {
    std::vector<FlowDemand> out;
    for (long long g = 0; g < groups.count(); ++g) {
        const auto members = groups.group(g);
        switch (pattern) {
            case FlowPattern::ring:
                ring(members, out, true);
                break;
            case FlowPattern::next_stage:
                ring(members, out, false);
                break;
            case FlowPattern::tree:
                doubleTree(members, out);
                break;
            case FlowPattern::all_to_all:
                for (std::uint32_t a : members)
                    for (std::uint32_t b : members)
                        if (a != b) out.push_back({a, b, 1.0});
                break;
            case FlowPattern::intra_ring:
                for (const auto& node : byNode(members, placement))
                    ring(node, out, true);
                break;
            case FlowPattern::inter_ring: {
                const auto nodes = byNode(members, placement);
                for (std::size_t k = 0; k < nodes.front().size(); ++k) {
                    std::vector<std::uint32_t> peers;
                    for (const auto& node : nodes)
                        if (k < node.size()) peers.push_back(node[k]);
                    ring(peers, out, true);
                }
                break;
            }
        }
    }
    return out;
}

}  // namespace infraplan
