#include "core/evaluate/inventory.h"

namespace infraplan {

Inventory takeInventory(const Graph& graph, const catalog::Catalog& catalog) {
    Inventory inv;
    for (const Vertex& v : graph.vertices) {
        ++inv.items_by_kind[toString(v.kind)];
        const std::string* ref = graph.ref(v.ref);
        if (!ref) continue;
        if (v.kind == VertexKind::accelerator) {
            ++inv.devices;
            if (const auto* acc = catalog.accelerator(*ref)) {
                for (std::size_t p = 0; p < catalog::kPrecisionCount; ++p)
                    inv.peak_tflops[p] += acc->peak_tflops[p];
                inv.memory_capacity_gb += acc->memory_gb;
                inv.memory_bandwidth_gb_s += acc->memory_bw_gb_s;
            }
        } else if (v.kind == VertexKind::memory) {
            if (const auto* mem = catalog.memory(*ref))
                inv.memory_node_capacity_gb += mem->capacity_gb;
        }
    }
    for (const Edge& e : graph.edges)
        inv.links_by_type[e.ref != kNoRef ? *graph.ref(e.ref) : std::string("internal")] += e.lanes;
    return inv;
}

}  // namespace infraplan
