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

// What one fabric instance will hold, counted before anything is built by the generators'
// own sizing rules: its switches (vertices) and the cable bundles between them (edges; the
// attachments' own edges are counted with the design links). Saturates instead of wrapping.
struct FabricLoad {
    long long lanes = 0;        // attached lanes (switch ports used by endpoints)
    long long attachments = 0;  // attachment edges (one per endpoint port and design link)
    long long owners = 0;       // distinct endpoint owners (nodes or item instances)
};
struct FabricSize {
    long long switches = 0;
    long long cables = 0;
};
FabricSize fabricSize(const FabricParams& params, int radix, const FabricLoad& load);
// By topology (fabric_clos.cpp, fabric_direct.cpp).
FabricSize closFabricSize(const FabricParams& params, int radix, const FabricLoad& load);
FabricSize directFabricSize(const FabricParams& params, int radix, const FabricLoad& load);

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
