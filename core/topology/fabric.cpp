#include "core/topology/fabric.h"

namespace infraplan {

// First milestone: every fabric is one non-blocking aggregate switch (the generators replace
// this). Its vertex carries tier 1, so routing sees it as the scale-out network.
long long fabricVertexBound(const FabricParams& /*params*/, long long /*ports*/) {
    return 1;
}
long long fabricEdgeBound(const FabricParams& /*params*/, long long ports) {
    return ports;
}

void emitFabric(const Item& item, std::uint32_t itemIndex, std::uint32_t instance,
                const std::vector<FabricAttachment>& attachments, Graph& graph) {
    const auto hub = static_cast<std::uint32_t>(graph.vertices.size());
    const std::string* switchRef = item.fabric ? &item.fabric->switch_ref : nullptr;
    graph.vertices.push_back(Vertex{VertexKind::switch_, itemIndex, instance, -1, 1, switchRef});
    for (const FabricAttachment& a : attachments) {
        const double perLane_gb_s = a.link ? a.link->bandwidth_gb_s : 0;
        graph.edges.push_back(Edge{a.vertex, hub, perLane_gb_s * a.lanes,
                                   a.link ? a.link->latency_ns : 0, a.lanes, a.design_link,
                                   itemIndex, a.ref});
    }
}

}  // namespace infraplan
