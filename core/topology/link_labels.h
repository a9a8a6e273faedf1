#pragma once
// Readable names for vertices and links ("dgx[5]/nic3", "ib/spine2") and the tier each link
// belongs to, so results name what the user drew.

#include <string>
#include <vector>

#include "core/design/design.h"
#include "core/topology/graph.h"

namespace infraplan {

class LinkLabels {
public:
    LinkLabels(const Graph& graph, const Design& design);

    std::string vertex(std::uint32_t v) const;
    std::string link(std::uint32_t edge, std::uint32_t fromVertex) const;
    const std::string& itemId(std::uint32_t v) const;
    // "scale-up" | "pcie" | "nic" | "leaf-spine" | "spine-core" | "fabric" | "memory"
    const char* tier(std::uint32_t edge) const;

private:
    const Graph& m_graph;
    const Design& m_design;
    std::vector<std::uint32_t> m_index;  // position among its siblings of the same kind
    std::vector<long long> m_instances;  // per item: total instances
};

}  // namespace infraplan
