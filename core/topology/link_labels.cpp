#include "core/topology/link_labels.h"

#include <unordered_map>

#include "core/design/resolve.h"

namespace infraplan {
namespace {
const char* partName(const Vertex& v) {
    switch (v.kind) {
        case VertexKind::accelerator:
            return "gpu";
        case VertexKind::switch_:
            return "switch";
        case VertexKind::nic:
            return "nic";
        case VertexKind::cpu:
            return "host";
        case VertexKind::memory:
            return "memory";
    }
    return "?";
}
}  // namespace

LinkLabels::LinkLabels(const Graph& graph, const Design& design)
    : m_graph(graph), m_design(design) {
    m_index.resize(graph.vertices.size());
    std::unordered_map<std::uint64_t, std::uint32_t> next;
    for (std::size_t i = 0; i < graph.vertices.size(); ++i) {
        const Vertex& v = graph.vertices[i];
        const bool fabric = v.item < design.hardware.items.size() &&
                            design.hardware.items[v.item].kind == ItemKind::fabric;
        // (item, instance, kind) for parts; (item, tier) for a fabric's switches.
        const std::uint64_t key = (static_cast<std::uint64_t>(v.item) << 40) |
                                  (fabric ? (1ULL << 39) | static_cast<std::uint64_t>(v.tier & 0xff)
                                          : (static_cast<std::uint64_t>(v.instance) << 8) |
                                                static_cast<std::uint64_t>(v.kind));
        m_index[i] = next[key]++;
    }
    const ItemIndex items(design);
    for (const Item& item : design.hardware.items)
        m_instances.push_back(totalInstances(items, item));
}

const std::string& LinkLabels::itemId(std::uint32_t v) const {
    static const std::string none;
    const std::uint32_t item = m_graph.vertices[v].item;
    return item < m_design.hardware.items.size() ? m_design.hardware.items[item].id : none;
}

std::string LinkLabels::vertex(std::uint32_t v) const {
    const Vertex& x = m_graph.vertices[v];
    const std::string& id = itemId(v);
    const bool fabric = x.item < m_design.hardware.items.size() &&
                        m_design.hardware.items[x.item].kind == ItemKind::fabric;
    if (fabric) return id + "/" + switchTierName(x.tier) + std::to_string(m_index[v]);
    const bool single = x.item < m_instances.size() && m_instances[x.item] == 1;
    std::string name = single ? id : id + "[" + std::to_string(x.instance) + "]";
    if (x.part >= 0) name += "/" + std::string(partName(x)) + std::to_string(m_index[v]);
    return name;
}

std::string LinkLabels::link(std::uint32_t edge, std::uint32_t fromVertex) const {
    const Edge& e = m_graph.edges[edge];
    const std::uint32_t to = e.a == fromVertex ? e.b : e.a;
    return vertex(fromVertex) + " -> " + vertex(to);
}

const char* LinkLabels::tier(std::uint32_t edge) const {
    const Edge& e = m_graph.edges[edge];
    const Vertex& a = m_graph.vertices[e.a];
    const Vertex& b = m_graph.vertices[e.b];
    auto is = [&](VertexKind k) { return a.kind == k || b.kind == k; };
    if (is(VertexKind::memory)) return "memory";
    const bool sa = a.kind == VertexKind::switch_, sb = b.kind == VertexKind::switch_;
    if (sa && sb) {
        const int lo = std::min(a.tier, b.tier), hi = std::max(a.tier, b.tier);
        if (lo == 0) return "scale-up";
        if (lo == 1 && hi == 2) return "leaf-spine";
        if (lo == 2 && hi == 3) return "spine-core";
        return "fabric";
    }
    if (sa || sb) {
        const Vertex& sw = sa ? a : b;
        return sw.tier == 0 ? "scale-up" : "nic";
    }
    if (is(VertexKind::cpu) || (is(VertexKind::nic) && is(VertexKind::accelerator))) return "pcie";
    if (is(VertexKind::nic)) return "nic";
    return "scale-up";  // accelerators wired directly (meshes, rings, tori)
}

}  // namespace infraplan
