#pragma once
// Generated networks for `fabric` items. Expansion first collects, per fabric instance, the
// ports attached to it by design links (NICs, hosts, switches), then a generator builds the
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
    int rail = 0;                   // NIC position inside its node (rail fabrics)
    std::uint64_t owner = 0;        // the node/item instance it belongs to (torus positions)
    std::int32_t design_link = -1;  // the design link that attached it
    const catalog::Link* link = nullptr;
    RefId ref = kNoRef;  // catalog link id of that design link
};

// Upper bounds before allocation, from the number of attached lanes (switch ports) and the
// fabric switch's radix.
long long fabricVertexBound(const FabricParams& params, long long lanes);
long long fabricEdgeBound(const FabricParams& params, long long lanes, int radix);

struct FabricContext {
    const Item& item;
    std::uint32_t itemIndex = 0;
    std::uint32_t instance = 0;
    const catalog::Catalog& catalog;
    std::string pointer;  // JSON pointer of the fabric item, for warnings
};

// Append the fabric's switches and edges (its own cables and one edge per attachment).
void emitFabric(const FabricContext& context, const std::vector<FabricAttachment>& attachments,
                Graph& graph, Diagnostics& diagnostics);

}  // namespace infraplan
