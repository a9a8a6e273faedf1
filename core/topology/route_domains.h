#pragma once
// Scale-up domains for routing: each node-template instance is a small, identical subgraph
// (accelerators, scale-up switches, NICs, host) whose internal routes are computed once per
// template and reused for every instance. Its ports are the parts with links leaving it.

#include <cstdint>
#include <deque>
#include <unordered_map>
#include <utility>
#include <vector>

#include "catalog/catalog.h"
#include "core/topology/graph.h"

namespace infraplan {

// The hop count of a vertex no search reached.
inline constexpr std::uint16_t kUnreachableHops = 0xFFFF;

// Neighbours of every vertex (compressed sparse rows): to[k], edge[k] for k in the row.
struct Adjacency {
    std::vector<std::uint32_t> offset, to, edge;
    void build(const Graph& graph);
};

struct Domain {
    std::uint32_t vbegin = 0, vcount = 0;  // vertices [vbegin, vbegin + vcount)
    std::uint32_t ebegin = 0, ecount = 0;  // internal edges, contiguous
    std::uint32_t shape = 0;               // template id: domains of equal shape share routes
    std::vector<std::uint16_t> ports;      // local parts with links out of the domain
};

// A path bundle inside a domain: (2 * local edge + direction, fraction of the flow).
struct LocalRoute {
    std::vector<std::pair<std::uint32_t, float>> dirs;
    float latency_ns = 0;
    std::uint16_t hops = 0;
    bool ok = false;
};

class RouteDomains {
public:
    RouteDomains(const Graph& graph, const Adjacency& adjacency,
                 const std::vector<float>& transitNs);

    std::int32_t of(std::uint32_t v) const { return m_of[v]; }
    const Domain& domain(std::int32_t d) const { return m_domains[static_cast<std::size_t>(d)]; }
    bool internal(std::uint32_t edge) const { return m_internal[edge] != 0; }
    bool isPort(std::int32_t d, std::uint16_t part) const;

    // Shortest-path bundle between two parts of a domain (cached per shape).
    const LocalRoute& route(std::int32_t d, std::uint16_t from, std::uint16_t to);
    // The ports nearest to a part, each with an equal share.
    const std::vector<std::pair<std::uint16_t, float>>& nearestPorts(std::int32_t d,
                                                                     std::uint16_t part);

private:
    LocalRoute computeRoute(const Domain& d, std::uint16_t from, std::uint16_t to,
                            bool viaHost) const;
    bool passes(const Domain& d, std::uint32_t local, bool viaHost) const;
    void search(const Domain& d, std::uint32_t root, bool viaHost, std::vector<std::uint16_t>& dist,
                std::vector<float>* lat) const;

    const Graph& m_graph;
    const Adjacency& m_adj;
    const std::vector<float>& m_transitNs;
    std::vector<std::int32_t> m_of;
    std::vector<std::uint8_t> m_internal;
    std::vector<Domain> m_domains;
    std::vector<std::int32_t> m_shapeDomain;  // shape -> a domain of that shape
    // Caches: per shape, a dense (from, to) table of indices into m_routes, or a hash map
    // for very large domains.
    std::deque<LocalRoute> m_routes;  // deque: references stay valid as it grows
    std::vector<std::vector<std::int32_t>> m_routeIndex;
    std::unordered_map<std::uint64_t, std::int32_t> m_routeMap;
    std::deque<std::vector<std::pair<std::uint16_t, float>>> m_nearest;
    std::vector<std::vector<std::int32_t>> m_nearestIndex;  // per shape, per part
};

}  // namespace infraplan
