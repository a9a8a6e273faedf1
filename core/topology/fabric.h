#pragma once
// Generated networks for `fabric` items. Expansion first collects, per fabric instance, the
// ports attached to it by design links (NICs, hosts, switches), then the generator builds the
// switches and cables that connect them and wires each attachment to an edge switch.

#include <cstdint>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "core/topology/graph.h"

namespace infraplan {

// One endpoint port of a fabric: a vertex outside the fabric and the cable that reaches it.
struct FabricAttachment {
    std::uint32_t vertex = 0;
    std::uint32_t lanes = 1;
    int rail = 0;                   // NIC position inside its node (rail-optimized fabrics)
    std::int32_t design_link = -1;  // the design link that attached it
    const catalog::Link* link = nullptr;
    const std::string* ref = nullptr;  // catalog link id of that design link
};

// Upper bounds before allocation, from the number of attached lanes (ports).
long long fabricVertexBound(const FabricParams& params, long long ports);
long long fabricEdgeBound(const FabricParams& params, long long ports);

// Append the fabric's switches and edges (its own cables and one edge per attachment).
void emitFabric(const Item& item, std::uint32_t itemIndex, std::uint32_t instance,
                const std::vector<FabricAttachment>& attachments, Graph& graph);

}  // namespace infraplan
