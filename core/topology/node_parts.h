#pragma once
// A node template (catalog::NodeTemplate) as graph parts: its accelerators, scale-up switches,
// NICs and host, and the links inside one node. One NodeLayout per node item; every instance
// of the item emits the same parts at its own vertex offset.

#include <cstdint>
#include <string>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "core/topology/graph.h"

namespace infraplan {

struct NodeLayout {
    const catalog::NodeTemplate* node = nullptr;
    const catalog::Accelerator* accelerator = nullptr;
    const catalog::Link* scaleup_link = nullptr;  // may be null (bandwidth from the accelerator)
    const catalog::Link* host_link = nullptr;     // PCIe link used for NICs and host; may be null
    catalog::ScaleUpTopology topology = catalog::ScaleUpTopology::switched;  // as expanded
    int accelerators = 0;
    int switches = 0;  // scale-up switches placed (0 unless switched)
    int nics = 0;
    int torus_rows = 1;  // in-node torus shape rows x (accelerators / rows)

    int stride() const { return accelerators + switches + nics + 1; }
    int switchPart(int k) const { return accelerators + k; }
    int nicPart(int k) const { return accelerators + switches + k; }
    int hostPart() const { return accelerators + switches + nics; }
    // Scale-out ports a design link attaches to: NICs, or the host when there are none.
    int ports() const { return nics > 0 ? nics : 1; }
    int portPart(long long lane) const {
        return nics > 0 ? nicPart(static_cast<int>(lane % nics)) : hostPart();
    }
    long long internalEdges() const;
};

// Resolve a template's parts against the catalog. Errors and warnings name `pointer` (the
// node item's ref). Returns false when the template cannot be expanded.
bool makeNodeLayout(const catalog::NodeTemplate& node, const catalog::Catalog& catalog,
                    const std::string& pointer, Diagnostics& diagnostics, NodeLayout& layout);

// Append one instance's vertices (at graph.vertices.size()) and internal edges.
void emitNodeInstance(const NodeLayout& layout, std::uint32_t item, std::uint32_t instance,
                      Graph& graph);

}  // namespace infraplan
