#pragma once
// The explicit hardware graph of a design: every replicated item and every node-template part
// becomes a vertex, every physical connection an edge. Vertices keep the index of the design
// item they came from, so results can be shown on what the user drew. Built by expand().
// The graph owns everything it refers to: catalog ids are indices into its own string table,
// so it stays valid after the design or catalog it was expanded from is gone (a reused
// preparation checks that a design still matches it: PreparedDesign::matches).

#include <cstdint>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "core/design/design.h"

namespace infraplan {

// Index into Graph::refs; kNoRef = none.
using RefId = std::uint32_t;
inline constexpr RefId kNoRef = ~RefId{0};

enum class VertexKind : std::uint8_t { accelerator, memory, switch_, nic, cpu };

// The kind as the results, the inventory and graph exports spell it ("switch", not "switch_").
constexpr const char* toString(VertexKind kind) {
    switch (kind) {
        case VertexKind::accelerator:
            return "accelerator";
        case VertexKind::memory:
            return "memory";
        case VertexKind::switch_:
            return "switch";
        case VertexKind::nic:
            return "nic";
        case VertexKind::cpu:
            return "cpu";
    }
    return "?";
}

// A switch tier as names and labels spell it: 0 scale-up, 1 leaf, 2 spine, 3 core.
constexpr const char* switchTierName(int tier) {
    switch (tier) {
        case 0:
            return "scaleup";
        case 1:
            return "leaf";
        case 2:
            return "spine";
        default:
            return "core";
    }
}

struct Vertex {
    VertexKind kind = VertexKind::accelerator;
    std::uint32_t item = 0;      // index into Design::hardware.items this vertex came from
    std::uint32_t instance = 0;  // which replica of that item (0 .. total instances - 1)
    std::int32_t part = -1;      // position inside a node template (GPU 3, NIC 5); -1 otherwise
    std::int32_t tier = 0;       // switches: 0 scale-up, 1 leaf, 2 spine, 3 core (fabrics)
    RefId ref = kNoRef;          // catalog id
};

struct Edge {
    std::uint32_t a = 0, b = 0;  // vertex indices; links are full duplex
    double bandwidth_gb_s = 0;   // per direction, all lanes together
    double latency_ns = 0;
    std::uint32_t lanes = 1;
    std::int32_t design_link = -1;  // index into Design::hardware.links; -1 = generated/internal
    std::uint32_t item = 0;         // the design item that owns it (fabric/node for generated)
    RefId ref = kNoRef;             // catalog link id
};

struct Graph {
    std::vector<Vertex> vertices;
    std::vector<Edge> edges;
    std::vector<std::uint32_t> accelerators;  // vertex indices of accelerators, in rank order
    long long nodes = 0;                      // node-template instances
    std::vector<std::string> refs;            // catalog ids, each once (RefId indexes them)

    // The catalog id `id` names, or null for kNoRef.
    const std::string* ref(RefId id) const { return id < refs.size() ? &refs[id] : nullptr; }
    // The id of `catalogId` in refs, added on first use; kNoRef for an empty id.
    RefId internRef(const std::string& catalogId);
};

// Every kind of vertex counts (switches, NICs, CPUs, memory items), not only accelerators: the
// limits keep a whole evaluation near or under 1 GB (about 3.4 KB per accelerator measured on
// a 131,072-GPU fat-tree design: 440 MB, 22 s) whatever the design holds.
struct ExpandOptions {
    long long max_devices = 1'000'000;  // refuse larger designs before allocating anything
    long long max_vertices = 2'000'000;
    long long max_edges = 8'000'000;
};

struct ExpandResult {
    Graph graph;
    Diagnostics diagnostics;  // errors name the design item or link by JSON pointer
    bool ok() const { return !diagnostics.hasErrors(); }
};

// Expand replication (item and group counts), node templates and fabric generators into an
// explicit graph. Never allocates past the limits: counts are checked first.
ExpandResult expand(const Design& design, const catalog::Catalog& catalog,
                    const ExpandOptions& options = {});

// What expand() would build, counted by the same rules without building anything (the
// fabric generators' own sizing), with the same refusals. Validation runs it, so a design it
// accepts is one evaluation can build.
struct ExpansionCount {
    long long devices = 0;
    long long vertices = 0;
    long long edges = 0;
    Diagnostics diagnostics;
};
ExpansionCount countExpansion(const Design& design, const catalog::Catalog& catalog,
                              const ExpandOptions& options = {});

}  // namespace infraplan
