#include "core/topology/switch_tiers.h"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace infraplan {

void assignSwitchTiers(const Design& design, Graph& graph) {
    const auto& items = design.hardware.items;
    auto isDrawnSwitch = [&](const Vertex& v) {
        return v.kind == VertexKind::switch_ && v.item < items.size() &&
               items[v.item].kind == ItemKind::switch_;
    };
    if (std::none_of(items.begin(), items.end(),
                     [](const Item& i) { return i.kind == ItemKind::switch_; }))
        return;  // nothing drawn: skip the per-vertex bookkeeping on large generated graphs
    constexpr int kUnknown = -1;
    std::vector<int> tier(graph.vertices.size(), kUnknown);
    std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> switchNeighbours;
    for (const Edge& e : graph.edges) {
        for (auto [s, other] : {std::pair{e.a, e.b}, std::pair{e.b, e.a}}) {
            const Vertex& v = graph.vertices[s];
            if (!isDrawnSwitch(v)) continue;
            const Vertex& o = graph.vertices[other];
            int direct = kUnknown;
            if (o.kind == VertexKind::accelerator)
                direct = 0;
            else if (o.kind != VertexKind::switch_)
                direct = 1;
            else if (isDrawnSwitch(o))
                switchNeighbours[s].push_back(other);
            else
                direct = o.tier + 1;  // above a generated or node switch
            if (direct != kUnknown && (tier[s] == kUnknown || direct < tier[s])) tier[s] = direct;
        }
    }
    // Breadth-first from the switches whose tier is known, upwards through drawn switches.
    std::deque<std::uint32_t> queue;
    for (std::uint32_t v = 0; v < tier.size(); ++v)
        if (tier[v] != kUnknown) queue.push_back(v);
    while (!queue.empty()) {
        const std::uint32_t v = queue.front();
        queue.pop_front();
        auto it = switchNeighbours.find(v);
        if (it == switchNeighbours.end()) continue;
        for (std::uint32_t w : it->second) {
            if (tier[w] != kUnknown) continue;
            tier[w] = tier[v] + 1;
            queue.push_back(w);
        }
    }
    for (std::uint32_t v = 0; v < tier.size(); ++v)
        if (isDrawnSwitch(graph.vertices[v]))
            graph.vertices[v].tier = tier[v] == kUnknown ? 1 : tier[v];
}

}  // namespace infraplan
