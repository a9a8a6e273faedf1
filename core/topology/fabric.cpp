#include "core/topology/fabric.h"

#include <algorithm>

#include "core/topology/checked_count.h"
#include "core/topology/fabric_builder.h"

namespace infraplan {

long long dragonflyMaxGroups(int radix) {
    const long long p = std::max(1, (radix + 1) / 4);
    return 2 * p * p + 1;  // a * h + 1 groups with a = 2p, h = p
}

FabricSize fabricSize(const FabricParams& params, int radix, const FabricLoad& load) {
    if (radix < 2 || load.attachments <= 0) return {};
    switch (params.topology) {
        case FabricTopology::fat_tree:
        case FabricTopology::rail_optimized:
        case FabricTopology::rail_only:
            return closFabricSize(params, radix, load);
        case FabricTopology::torus:
        case FabricTopology::dragonfly:
        case FabricTopology::full_mesh:
            return directFabricSize(params, radix, load);
    }
    return {};
}

FabricBuilder::FabricBuilder(const FabricContext& context, Graph& graph, Diagnostics& diagnostics)
    : m_context(context), m_graph(graph), m_diags(diagnostics) {
    m_switch = context.catalog.switchEntry(params().switch_ref);
    m_link = context.catalog.link(params().link);
    m_radix = m_switch ? m_switch->radix : 0;
    m_switchRef = graph.internRef(params().switch_ref);
    m_linkRef = m_link ? graph.internRef(params().link) : kNoRef;
}

std::uint32_t FabricBuilder::addSwitch(int tier) {
    const auto v = static_cast<std::uint32_t>(m_graph.vertices.size());
    m_graph.vertices.push_back(Vertex{VertexKind::switch_, m_context.itemIndex, m_context.instance,
                                      -1, tier, m_switchRef});
    return v;
}

void FabricBuilder::connect(std::uint32_t a, std::uint32_t b, long long lanes) {
    if (lanes <= 0) return;
    const double perLane_gb_s =
        m_link ? m_link->bandwidth_gb_s : (m_switch ? m_switch->port_gbps / 8.0 : 0);
    m_graph.edges.push_back(Edge{a, b, perLane_gb_s * static_cast<double>(lanes),
                                 m_link ? m_link->latency_ns : 0, static_cast<std::uint32_t>(lanes),
                                 -1, m_context.itemIndex, m_linkRef});
}

void FabricBuilder::attach(const FabricAttachment& a, std::uint32_t fabricSwitch) {
    const double perLane_gb_s = a.link ? a.link->bandwidth_gb_s : 0;
    m_graph.edges.push_back(Edge{a.vertex, fabricSwitch, perLane_gb_s * a.lanes,
                                 a.link ? a.link->latency_ns : 0, a.lanes, a.design_link,
                                 m_context.itemIndex, a.ref});
}

void FabricBuilder::wireEvenly(const std::vector<std::uint32_t>& lower,
                               const std::vector<std::uint32_t>& upper, long long up) {
    if (upper.empty() || up <= 0) return;
    const long long n = static_cast<long long>(upper.size());
    for (std::size_t i = 0; i < lower.size(); ++i)
        for (long long k = 0; k < n; ++k) {
            // The first up % n uppers (rotated by i) take one extra cable.
            const long long extra = ((k - static_cast<long long>(i)) % n + n) % n < up % n;
            connect(lower[i], upper[static_cast<std::size_t>(k)], up / n + extra);
        }
}

void emitFabric(const FabricContext& context, const std::vector<FabricAttachment>& attachments,
                Graph& graph, Diagnostics& diagnostics) {
    if (attachments.empty() || !context.item.fabric) return;
    FabricBuilder b(context, graph, diagnostics);
    if (b.radix() < 2) {
        diagnostics.error(context.pointer + "/switch",
                          "switch '" + b.params().switch_ref + "' has no usable radix");
        return;
    }
    switch (b.params().topology) {
        case FabricTopology::fat_tree:
            buildFatTree(b, attachments);
            break;
        case FabricTopology::rail_optimized:
            buildRailOptimized(b, attachments);
            break;
        case FabricTopology::rail_only:
            buildRailOnly(b, attachments);
            break;
        case FabricTopology::torus:
            buildTorus(b, attachments);
            break;
        case FabricTopology::dragonfly:
            buildDragonfly(b, attachments);
            break;
        case FabricTopology::full_mesh:
            buildFullMesh(b, attachments);
            break;
    }
}

}  // namespace infraplan
