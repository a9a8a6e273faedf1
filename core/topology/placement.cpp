#include "core/topology/placement.h"

#include "core/comm/rank_layout.h"
#include "core/topology/checked_count.h"

#include <algorithm>
#include <set>

namespace infraplan {
namespace {
constexpr std::size_t idx(ParallelDim d) {
    return static_cast<std::size_t>(d);
}

}  // namespace

Placement::Placement(const Graph& graph, const Design& design, std::vector<std::string>& warnings)
    : m_graph(graph), m_design(design) {
    const Strategy& strategy = design.strategy;
    const long long devices = static_cast<long long>(graph.accelerators.size());
    auto& s = m_size;
    s[idx(ParallelDim::tp)] = std::max(1, strategy.tp);
    s[idx(ParallelDim::cp)] = std::max(1, strategy.cp);
    s[idx(ParallelDim::pp)] = std::max(1, strategy.pp);
    s[idx(ParallelDim::ep)] = std::max(1, strategy.ep);
    const long long inner =
        1LL * s[idx(ParallelDim::tp)] * s[idx(ParallelDim::cp)] * s[idx(ParallelDim::pp)];
    const long long dp = strategy.dp > 0 ? strategy.dp : devices / std::max(inner, 1LL);
    s[idx(ParallelDim::dp)] = static_cast<int>(std::clamp<long long>(dp, 1, 1 << 30));
    m_ranks = checkedMultiply(inner, s[idx(ParallelDim::dp)]);
    RankLayout layout;  // the order parser the per-tier model uses too
    if (parsePlacement(strategy.placement, layout))
        m_order = layout.order;
    else
        warnings.push_back("placement '" + strategy.placement +
                           "' is not understood; using tp-first (tp, cp, dp, pp innermost first)");
    if (m_ranks > devices || devices == 0) {
        warnings.push_back("the strategy needs " + std::to_string(m_ranks) +
                           " devices but the hardware has " + std::to_string(devices));
        return;
    }
    if (s[idx(ParallelDim::dp)] % s[idx(ParallelDim::ep)] != 0) {
        warnings.push_back("ep=" + std::to_string(s[idx(ParallelDim::ep)]) +
                           " does not divide dp=" + std::to_string(s[idx(ParallelDim::dp)]) +
                           "; expert groups ignored");
        s[idx(ParallelDim::ep)] = 1;
    }
    m_valid = true;
    if (m_ranks < devices)
        warnings.push_back("the strategy uses " + std::to_string(m_ranks) + " of " +
                           std::to_string(devices) + " devices");
    const RankGroups tp = groups(ParallelDim::tp);
    if (tp.size > 1 && tp.count() > 0) {
        std::set<std::uint64_t> nodes;
        for (std::uint32_t d : tp.group(0))
            nodes.insert(nodeOf(d));
        if (nodes.size() > 1)
            warnings.push_back("each TP group of " + std::to_string(tp.size) + " ranks spans " +
                               std::to_string(nodes.size()) +
                               " nodes: tensor-parallel traffic crosses the scale-out network");
    }
}

long long Placement::stride(ParallelDim d) const {
    if (d == ParallelDim::ep) d = ParallelDim::dp;  // experts: consecutive DP ranks
    long long stride = 1;
    for (ParallelDim o : m_order) {
        if (o == d) return stride;
        stride *= m_size[idx(o)];
    }
    return stride;
}

RankGroups Placement::groups(ParallelDim d) const {
    RankGroups out;
    if (!m_valid) return out;
    out.size = size(d);
    const long long st = stride(d);
    // Ranks whose coordinate along d is 0 start a group (for ep: a multiple of ep in dp).
    const long long span = d == ParallelDim::ep ? st * size(ParallelDim::dp) : st * out.size;
    out.devices.reserve(static_cast<std::size_t>(m_ranks));
    for (long long r = 0; r < m_ranks; ++r) {
        const long long coord = (r % span) / st;
        if (coord % out.size != 0) continue;
        for (long long i = 0; i < out.size; ++i)
            out.devices.push_back(device(r + i * st));
    }
    return out;
}

std::string Placement::order() const {
    std::string out;
    for (ParallelDim d : m_order)
        out += (out.empty() ? "" : "-") + std::string(toString(d));
    return out;
}

std::uint64_t Placement::nodeOf(std::uint32_t device) const {
    const Vertex& v = m_graph.vertices[device];
    if (v.part < 0) {
        const long long count = v.item < m_design.hardware.items.size()
                                    ? std::max<long long>(1, m_design.hardware.items[v.item].count)
                                    : 1;
        return (1ULL << 63) | (static_cast<std::uint64_t>(v.item) << 32) |
               static_cast<std::uint64_t>(v.instance / count);
    }
    return (static_cast<std::uint64_t>(v.item) << 32) | v.instance;
}

}  // namespace infraplan
