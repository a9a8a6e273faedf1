#include "core/facility/cabling.h"

#include <map>
#include <tuple>

namespace infraplan {

const char* toString(LengthClass c) {
    return c == LengthClass::in_rack ? "in-rack" : "between racks";
}

const catalog::Link* cableLink(const Edge& edge, const std::vector<Item>& items, const Graph& graph,
                               const catalog::Catalog& catalog) {
    if (edge.item < items.size() && items[edge.item].kind == ItemKind::node && edge.design_link < 0)
        return nullptr;
    const std::string* ref = graph.ref(edge.ref);
    return ref ? catalog.link(*ref) : nullptr;
}

CableMedia mediaFor(LengthClass length, const FacilityParams& params) {
    // Every cable is priced at its catalog link's cost_usd (a transceiver at each end and the
    // fiber) and powered at its power_w_per_port (a transceiver's), in both length classes, so
    // both are named for those optics. A passive copper DAC would reach inside a rack and cost
    // and draw less, but the catalog prices no DAC; the in-rack medium says that it would reach.
    if (length == LengthClass::in_rack)
        return {"mmf", "multimode fiber, transceiver at each end; in passive DAC reach", 2,
                params.dac_reach_m};
    return {"mmf", "multimode fiber, transceiver at each end", 2, params.multimode_reach_m};
}

DeviceNames::DeviceNames(const Design& design, const Graph& graph)
    : m_design(design), m_graph(graph) {
    const auto& items = design.hardware.items;
    m_device.resize(graph.vertices.size());
    m_nicIndex.assign(graph.vertices.size(), -1);
    m_used.assign(graph.vertices.size(), 0);
    // Fabric switches: numbered per fabric instance and tier in the order they were built.
    std::map<std::tuple<std::uint32_t, std::uint32_t, int>, int> fabricCount;
    // Node parts: the first NIC part of each node item, to number NICs from 0 within a node.
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> firstNic;
    for (std::uint32_t vi = 0; vi < graph.vertices.size(); ++vi) {
        const Vertex& v = graph.vertices[vi];
        const Item* item = v.item < items.size() ? &items[v.item] : nullptr;
        const std::string id = item ? item->id : "item" + std::to_string(v.item);
        if (item && item->kind == ItemKind::fabric) {
            const int n = ++fabricCount[{v.item, v.instance, v.tier}];
            std::string name = id;
            if (item->count > 1) name += "-" + std::to_string(v.instance + 1);
            m_device[vi] = name + "-" + switchTierName(v.tier) + "-" + std::to_string(n);
            continue;
        }
        m_device[vi] = id + "-" + std::to_string(v.instance + 1);
        if (item && item->kind == ItemKind::node && v.kind == VertexKind::nic) {
            auto [it, inserted] = firstNic.try_emplace({v.item, v.instance}, v.part);
            m_nicIndex[vi] = v.part - it->second;
        }
    }
}

std::string DeviceNames::takePort(std::uint32_t vertex) {
    const std::uint32_t n = ++m_used[vertex];
    const Vertex& v = m_graph.vertices[vertex];
    const auto& items = m_design.hardware.items;
    const bool inNode = v.item < items.size() && items[v.item].kind == ItemKind::node;
    std::string base;
    if (inNode && v.kind == VertexKind::nic)
        base = "nic" + std::to_string(m_nicIndex[vertex]);
    else if (inNode && v.kind == VertexKind::cpu)
        base = "host";
    else if (inNode)
        base = "part" + std::to_string(v.part);
    if (base.empty()) return "port" + std::to_string(n);
    return n == 1 ? base : base + "-" + std::to_string(n);
}

}  // namespace infraplan
