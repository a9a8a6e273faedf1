#pragma once
// Flow routing over the expanded graph: shortest paths (hop count) with per-hop ECMP splitting,
// as switches hash flows over equal-cost next hops. Inside scale-up domains the routes are
// computed once per node template; across domains a flow leaves through a NIC (the one on the
// destination's rail when the source node has it, as NCCL's PXN does, else its nearest),
// crosses the outer fabric and enters the destination node through its nearest NIC.
// Flows of one class are routed together: one breadth-first search per destination switch.

#include <Eigen/SparseCore>
#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "catalog/catalog.h"
#include "core/common/cancel.h"
#include "core/topology/graph.h"
#include "core/topology/route_domains.h"

namespace infraplan {

struct FlowDemand {
    std::uint32_t src = 0, dst = 0;  // vertex ids
    double weight = 1;               // relative volume
};

// Bytes per edge direction (row 2*edge + 0 for a->b, + 1 for b->a) per unit of volume.
struct RoutedClass {
    RoutedClass() = default;
    RoutedClass(const RoutedClass&) = default;
    RoutedClass& operator=(const RoutedClass&) = default;
    // Eigen 3.4's SparseVector has no move constructor: moving swaps the loads, so storing a
    // routed class (the comm model keeps one per collective pattern) does not copy them.
    RoutedClass(RoutedClass&& other) noexcept { *this = std::move(other); }
    RoutedClass& operator=(RoutedClass&& other) noexcept {
        loads.swap(other.loads);
        latency_ns = other.latency_ns;
        scale_out = other.scale_out;
        unreachable = other.unreachable;
        return *this;
    }

    Eigen::SparseVector<double> loads;
    double latency_ns = 0;      // the slowest flow's path latency (links + switch hops)
    bool scale_out = false;     // some flow leaves its scale-up domain
    long long unreachable = 0;  // flows without any path (not counted in loads)
};

class Router {
public:
    // Routing polls `cancel` (may be null) and stops early once it is set; the loads of a
    // cancelled evaluation are discarded with it.
    Router(const Graph& graph, const catalog::Catalog& catalog,
           const CancelToken* cancel = nullptr);
    ~Router();

    RoutedClass route(std::span<const FlowDemand> flows);
    std::size_t directions() const { return 2 * m_graph.edges.size(); }
    const RouteDomains& domains() const { return *m_domains; }

private:
    struct CoreTree;                     // distances and latencies to one destination switch
    struct Pending {                     // a flow segment waiting for the core: anchor to anchor
        std::uint32_t from = 0, to = 0;  // core ids
        double weight = 0;
        float extra_ns = 0;     // latency outside the core
        bool via_host = false;  // toward a memory item: hosts forward (CXL/PCIe memory)
    };

    void routeFlow(const FlowDemand& f);
    void outerSegment(std::uint32_t p, std::uint32_t q, double w, float extra_ns, bool viaHost);
    // Whether the core connects port p to port q (anchors, then the search from q's core).
    bool outerReachable(std::uint32_t p, std::uint32_t q, bool viaHost);
    void addLocal(std::int32_t d, const LocalRoute& r, double w);
    void addDir(std::uint32_t edge, std::uint32_t from, double w);
    void addLoad(std::uint32_t dir, double w) {
        if (m_load[dir] == 0) m_touched.push_back(dir);
        m_load[dir] += w;
    }
    // The search toward `root`; with `viaHost` hosts forward too (the way to a memory item).
    const CoreTree& coreTree(std::uint32_t root, bool viaHost);
    void flushCore();
    void findTwins();

    const Graph& m_graph;
    const CancelToken* m_cancel = nullptr;
    Adjacency m_adj;
    std::vector<float> m_transitNs;  // switch latency of each vertex (0 for others)
    std::unique_ptr<RouteDomains> m_domains;
    // The outer graph without its pendant ports (NICs on one cable): the "core".
    std::vector<std::int32_t> m_core;         // vertex -> core id or -1
    std::vector<std::uint32_t> m_coreVertex;  // core id -> vertex
    std::vector<std::uint32_t> m_anchorEdge;  // pendant vertex -> its single outer edge
    std::vector<std::uint32_t> m_anchor;      // vertex -> core vertex it reaches the core at
    std::vector<std::uint8_t> m_coreTransit;  // core id -> may carry through traffic
    // Twins: core vertices with the same neighbours over equal links (the leaves of a pod)
    // are equidistant from everything else, so one search serves the whole class.
    std::vector<std::uint32_t> m_twin;  // core id -> representative core id
    std::vector<std::uint32_t> m_coreOffset, m_coreTo, m_coreEdge;
    std::vector<std::uint32_t> m_coreDir;  // per adjacency entry: the edge direction leaving u
    std::unordered_map<std::uint64_t, std::unique_ptr<CoreTree>> m_trees;  // (root, viaHost)
    std::size_t m_treeBytes = 0;
    // Per route() call.
    using Shares = std::vector<std::pair<std::uint32_t, float>>;  // ports and their shares
    Shares m_entryShares, m_exitShares;                           // per flow
    std::vector<double> m_load;
    std::vector<std::uint32_t> m_touched;
    std::vector<Pending> m_pending;
    RoutedClass* m_out = nullptr;
};

}  // namespace infraplan
