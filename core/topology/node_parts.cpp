#include "core/topology/node_parts.h"

#include <cmath>

namespace infraplan {
namespace {
using catalog::ScaleUpTopology;

// PCIe Gen5 x16: 32 GT/s x 16 lanes x 128/130 encoding / 8 = 63 GB/s per direction (PCI-SIG
// PCIe 5.0 base spec). Used when the catalog has no link entry for the host bus.
constexpr double kPcieGen5X16_gb_s = 63.0;
constexpr const char* kHostLinkId = "pcie-gen5-x16";

// Most square factorization rows x cols of n (rows <= cols).
int torusRows(int n) {
    int rows = static_cast<int>(std::sqrt(static_cast<double>(n)));
    while (rows > 1 && n % rows != 0)
        --rows;
    return rows < 1 ? 1 : rows;
}

// Neighbours along one torus dimension of size k: 0, 1 (k == 2) or 2.
int torusDegree(int k) {
    return k <= 1 ? 0 : (k == 2 ? 1 : 2);
}
long long torusDimEdges(int k) {
    return k <= 1 ? 0 : (k == 2 ? 1 : k);
}
}  // namespace

long long NodeLayout::internalEdges() const {
    const long long n = accelerators;
    long long scaleup = 0;
    switch (topology) {
        case ScaleUpTopology::switched:
            scaleup = n * switches;
            break;
        case ScaleUpTopology::full_mesh:
            scaleup = n * (n - 1) / 2;
            break;
        case ScaleUpTopology::ring:
            scaleup = torusDimEdges(accelerators);
            break;
        case ScaleUpTopology::torus: {
            const int cols = accelerators / torus_rows;
            scaleup = torusDimEdges(cols) * torus_rows + torusDimEdges(torus_rows) * cols;
            break;
        }
        case ScaleUpTopology::pcie:
            scaleup = 0;
            break;
    }
    return scaleup + nics + n;  // + NIC attachments + host attachments
}

bool makeNodeLayout(const catalog::NodeTemplate& node, const catalog::Catalog& catalog,
                    const std::string& pointer, Diagnostics& diagnostics, NodeLayout& layout) {
    layout = NodeLayout{};
    layout.node = &node;
    layout.accelerator = catalog.accelerator(node.accelerator);
    if (!layout.accelerator) {
        diagnostics.error(pointer, "node template '" + node.id + "' names accelerator '" +
                                       node.accelerator + "', which is not in the catalog");
        return false;
    }
    if (node.accelerators < 1 || node.nics < 0 || node.scaleup_switches < 0) {
        diagnostics.error(pointer, "node template '" + node.id +
                                       "' needs at least one accelerator and no negative counts");
        return false;
    }
    layout.accelerators = node.accelerators;
    layout.nics = node.nics;
    layout.scaleup_link = catalog.link(node.scaleup_link);
    layout.host_link = catalog.link(kHostLinkId);
    layout.topology = node.scaleup_topology;
    if (layout.accelerators > 1 && layout.topology != ScaleUpTopology::pcie &&
        layout.accelerator->scaleup_bw_gb_s <= 0) {
        diagnostics.warning(pointer, "accelerator '" + layout.accelerator->id +
                                         "' has no scale-up bandwidth; its devices talk "
                                         "through the host (PCIe)");
        layout.topology = ScaleUpTopology::pcie;
    }
    if (layout.topology == ScaleUpTopology::switched) {
        if (node.scaleup_switches > 0 && catalog.switchEntry(node.scaleup_switch)) {
            layout.switches = node.scaleup_switches;
        } else {
            diagnostics.warning(pointer, "node template '" + node.id +
                                             "' is switched but names no scale-up switch in the "
                                             "catalog; modelled as a direct full mesh");
            layout.topology = ScaleUpTopology::full_mesh;
        }
    }
    if (layout.topology == ScaleUpTopology::torus) layout.torus_rows = torusRows(node.accelerators);
    return true;
}

void emitNodeInstance(const NodeLayout& layout, std::uint32_t item, std::uint32_t instance,
                      Graph& graph) {
    const auto base = static_cast<std::uint32_t>(graph.vertices.size());
    const catalog::NodeTemplate& node = *layout.node;
    const catalog::Accelerator& acc = *layout.accelerator;
    auto addVertex = [&](VertexKind kind, int part, int tier, RefId ref) {
        graph.vertices.push_back(Vertex{kind, item, instance, part, tier, ref});
    };
    const RefId accRef = graph.internRef(node.accelerator);
    for (int i = 0; i < layout.accelerators; ++i) {
        graph.accelerators.push_back(base + static_cast<std::uint32_t>(i));
        addVertex(VertexKind::accelerator, i, 0, accRef);
    }
    const RefId switchRef = graph.internRef(node.scaleup_switch);
    for (int k = 0; k < layout.switches; ++k)
        addVertex(VertexKind::switch_, layout.switchPart(k), 0, switchRef);
    const RefId nicRef = graph.internRef(node.nic);
    for (int k = 0; k < layout.nics; ++k)
        addVertex(VertexKind::nic, layout.nicPart(k), 0, nicRef);
    addVertex(VertexKind::cpu, layout.hostPart(), 0, kNoRef);

    const catalog::Link* up = layout.scaleup_link;
    const double upLatency_ns = up ? up->latency_ns : 0;
    const RefId upRef = up ? graph.internRef(node.scaleup_link) : kNoRef;
    auto addEdge = [&](int a, int b, double bandwidth_gb_s, double latency_ns, RefId ref,
                       const catalog::Link* link) {
        std::uint32_t lanes = 1;
        if (link && link->bandwidth_gb_s > 0)
            lanes = static_cast<std::uint32_t>(
                std::max(1.0, std::round(bandwidth_gb_s / link->bandwidth_gb_s)));
        graph.edges.push_back(Edge{base + static_cast<std::uint32_t>(a),
                                   base + static_cast<std::uint32_t>(b), bandwidth_gb_s, latency_ns,
                                   lanes, -1, item, ref});
    };
    const int n = layout.accelerators;
    const double bw = acc.scaleup_bw_gb_s;  // per device, per direction, all its links
    switch (layout.topology) {
        case ScaleUpTopology::switched:
            // Each device spreads its links evenly over the switches (DGX: 18 NVLinks on 4).
            for (int i = 0; i < n; ++i)
                for (int k = 0; k < layout.switches; ++k)
                    addEdge(i, layout.switchPart(k), bw / layout.switches, upLatency_ns, upRef, up);
            break;
        case ScaleUpTopology::full_mesh:
            for (int i = 0; i < n; ++i)
                for (int j = i + 1; j < n; ++j)
                    addEdge(i, j, bw / (n - 1), upLatency_ns, upRef, up);
            break;
        case ScaleUpTopology::ring:
        case ScaleUpTopology::torus: {
            const int rows = layout.topology == ScaleUpTopology::ring ? 1 : layout.torus_rows;
            const int cols = n / rows;
            const int degree = torusDegree(cols) + torusDegree(rows);
            const double linkBw = degree > 0 ? bw / degree : 0;
            auto at = [cols](int r, int c) { return r * cols + c; };
            for (int r = 0; r < rows; ++r)
                for (int c = 0; c < (cols == 2 ? 1 : cols); ++c)
                    if (cols > 1)
                        addEdge(at(r, c), at(r, (c + 1) % cols), linkBw, upLatency_ns, upRef, up);
            for (int c = 0; c < cols; ++c)
                for (int r = 0; r < (rows == 2 ? 1 : rows); ++r)
                    if (rows > 1)
                        addEdge(at(r, c), at((r + 1) % rows, c), linkBw, upLatency_ns, upRef, up);
            break;
        }
        case ScaleUpTopology::pcie:
            break;  // devices reach each other through the host
    }
    const catalog::Link* pcie = layout.host_link;
    const double pcie_gb_s = pcie ? pcie->bandwidth_gb_s : kPcieGen5X16_gb_s;
    const double pcieLatency_ns = pcie ? pcie->latency_ns : 0;
    const RefId pcieRef = pcie ? graph.internRef(pcie->id) : kNoRef;
    for (int k = 0; k < layout.nics; ++k)
        addEdge(k % n, layout.nicPart(k), pcie_gb_s, pcieLatency_ns, pcieRef, pcie);
    for (int i = 0; i < n; ++i)
        addEdge(i, layout.hostPart(), pcie_gb_s, pcieLatency_ns, pcieRef, pcie);
}

}  // namespace infraplan
