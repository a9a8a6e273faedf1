#include "core/topology/route_domains.h"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

namespace infraplan {
namespace {
constexpr int kMaxDomainParts = 4096;
}  // namespace

void Adjacency::build(const Graph& graph) {
    const std::size_t n = graph.vertices.size();
    offset.assign(n + 1, 0);
    for (const Edge& e : graph.edges) {
        ++offset[e.a + 1];
        ++offset[e.b + 1];
    }
    for (std::size_t v = 0; v < n; ++v)
        offset[v + 1] += offset[v];
    to.resize(offset[n]);
    edge.resize(offset[n]);
    std::vector<std::uint32_t> fill(offset.begin(), offset.end() - 1);
    for (std::uint32_t e = 0; e < graph.edges.size(); ++e) {
        const Edge& ed = graph.edges[e];
        to[fill[ed.a]] = ed.b;
        edge[fill[ed.a]++] = e;
        to[fill[ed.b]] = ed.a;
        edge[fill[ed.b]++] = e;
    }
}

RouteDomains::RouteDomains(const Graph& graph, const Adjacency& adjacency,
                           const std::vector<float>& transitNs)
    : m_graph(graph), m_adj(adjacency), m_transitNs(transitNs) {
    const auto& vs = graph.vertices;
    m_of.assign(vs.size(), -1);
    for (std::uint32_t v = 0; v < vs.size(); ++v) {
        // Parts are numbered in 16 bits; a larger template is routed as ordinary vertices.
        if (vs[v].part < 0 || vs[v].part >= kMaxDomainParts) continue;
        const bool fresh = m_domains.empty() || vs[v].part == 0 || vs[v - 1].part < 0 ||
                           vs[v - 1].item != vs[v].item || vs[v - 1].instance != vs[v].instance;
        if (fresh) m_domains.push_back(Domain{v, 0, 0, 0, 0, {}});
        ++m_domains.back().vcount;
        m_of[v] = static_cast<std::int32_t>(m_domains.size() - 1);
    }
    // A template too large for 16-bit part numbers is routed as ordinary vertices throughout.
    for (std::uint32_t v = 1; v < vs.size(); ++v)
        if (vs[v].part >= kMaxDomainParts && m_of[v - 1] >= 0 && vs[v - 1].item == vs[v].item &&
            vs[v - 1].instance == vs[v].instance) {
            const Domain& d = m_domains[static_cast<std::size_t>(m_of[v - 1])];
            for (std::uint32_t k = 0; k < d.vcount; ++k)
                m_of[d.vbegin + k] = -1;
        }
    m_internal.assign(graph.edges.size(), 0);
    std::vector<std::uint32_t> last(m_domains.size(), 0);
    std::vector<bool> regular(m_domains.size(), true);
    for (std::uint32_t e = 0; e < graph.edges.size(); ++e) {
        const std::int32_t da = m_of[graph.edges[e].a], db = m_of[graph.edges[e].b];
        if (da < 0 || da != db) continue;
        Domain& d = m_domains[static_cast<std::size_t>(da)];
        if (d.ecount == 0)
            d.ebegin = e;
        else if (last[static_cast<std::size_t>(da)] + 1 != e)
            regular[static_cast<std::size_t>(da)] = false;
        last[static_cast<std::size_t>(da)] = e;
        ++d.ecount;
        m_internal[e] = 1;
    }
    // Shapes: (item, vertex count, edge count); an irregular domain gets a shape of its own.
    std::map<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::size_t>, std::uint32_t>
        shapes;
    for (std::size_t i = 0; i < m_domains.size(); ++i) {
        Domain& d = m_domains[i];
        const std::size_t unique = regular[i] ? 0 : i + 1;
        auto key = std::make_tuple(vs[d.vbegin].item, d.vcount, d.ecount, unique);
        auto [it, added] = shapes.emplace(key, static_cast<std::uint32_t>(m_shapeDomain.size()));
        if (added) m_shapeDomain.push_back(static_cast<std::int32_t>(i));
        d.shape = it->second;
        for (std::uint32_t k = 0; k < d.vcount; ++k) {
            const std::uint32_t v = d.vbegin + k;
            for (std::uint32_t a = m_adj.offset[v]; a < m_adj.offset[v + 1]; ++a)
                if (!m_internal[m_adj.edge[a]]) {
                    d.ports.push_back(static_cast<std::uint16_t>(k));
                    break;
                }
        }
    }
}

bool RouteDomains::isPort(std::int32_t d, std::uint16_t part) const {
    const auto& ports = domain(d).ports;
    return std::binary_search(ports.begin(), ports.end(), part);
}

const LocalRoute& RouteDomains::route(std::int32_t d, std::uint16_t from, std::uint16_t to) {
    const Domain& dom = domain(d);
    constexpr std::uint32_t kDenseLimit = 1024;  // parts; beyond, a hash map
    std::int32_t* slot = nullptr;
    if (dom.vcount <= kDenseLimit) {
        if (m_routeIndex.size() <= dom.shape) m_routeIndex.resize(dom.shape + 1u);
        auto& table = m_routeIndex[dom.shape];
        if (table.empty()) table.assign(std::size_t{dom.vcount} * dom.vcount, -1);
        slot = &table[std::size_t{from} * dom.vcount + to];
    } else {
        const std::uint64_t key = (static_cast<std::uint64_t>(dom.shape) << 32) |
                                  (static_cast<std::uint64_t>(from) << 16) | to;
        slot = &m_routeMap.emplace(key, -1).first->second;
    }
    if (*slot >= 0) return m_routes[static_cast<std::size_t>(*slot)];
    const Domain& shape = domain(m_shapeDomain[dom.shape]);
    LocalRoute r = computeRoute(shape, from, to, false);
    if (!r.ok) r = computeRoute(shape, from, to, true);  // PCIe-only nodes: through the host
    *slot = static_cast<std::int32_t>(m_routes.size());
    m_routes.push_back(std::move(r));
    return m_routes.back();
}

const std::vector<std::pair<std::uint16_t, float>>& RouteDomains::nearestPorts(std::int32_t d,
                                                                               std::uint16_t part) {
    const Domain& dom = domain(d);
    if (m_nearestIndex.size() <= dom.shape) m_nearestIndex.resize(dom.shape + 1u);
    auto& table = m_nearestIndex[dom.shape];
    if (table.empty()) table.assign(dom.vcount, -1);
    if (table[part] >= 0) return m_nearest[static_cast<std::size_t>(table[part])];
    // One search from the part gives its distance to every port (distances are symmetric).
    const Domain& shape = domain(m_shapeDomain[dom.shape]);
    std::vector<std::pair<std::uint16_t, float>> best;
    for (bool viaHost : {false, true}) {
        std::vector<std::uint16_t> dist;
        search(shape, part, viaHost, dist, nullptr);
        std::uint16_t bestHops = kUnreachableHops;
        for (std::uint16_t p : dom.ports) {
            if (dist[p] == kUnreachableHops || dist[p] > bestHops) continue;
            if (dist[p] < bestHops) best.clear();
            bestHops = dist[p];
            best.emplace_back(p, 0.f);
        }
        if (!best.empty()) break;
    }
    for (auto& b : best)
        b.second = 1.f / static_cast<float>(best.size());
    table[part] = static_cast<std::int32_t>(m_nearest.size());
    m_nearest.push_back(std::move(best));
    return m_nearest.back();
}

bool RouteDomains::passes(const Domain& d, std::uint32_t local, bool viaHost) const {
    const VertexKind k = m_graph.vertices[d.vbegin + local].kind;
    return k == VertexKind::accelerator || k == VertexKind::switch_ ||
           (viaHost && k == VertexKind::cpu);
}

// Hop distances (and latencies) from `root` to every part, through transit parts only.
void RouteDomains::search(const Domain& d, std::uint32_t root, bool viaHost,
                          std::vector<std::uint16_t>& dist, std::vector<float>* lat) const {
    dist.assign(d.vcount, kUnreachableHops);
    if (lat) lat->assign(d.vcount, 0.f);
    std::vector<std::uint32_t> queue{root};
    dist[root] = 0;
    for (std::size_t q = 0; q < queue.size(); ++q) {
        const std::uint32_t u = queue[q];
        if (u != root && !passes(d, u, viaHost)) continue;
        const std::uint32_t gu = d.vbegin + u;
        for (std::uint32_t a = m_adj.offset[gu]; a < m_adj.offset[gu + 1]; ++a) {
            if (!m_internal[m_adj.edge[a]]) continue;
            const std::uint32_t w = m_adj.to[a] - d.vbegin;
            if (dist[w] != kUnreachableHops) continue;
            dist[w] = static_cast<std::uint16_t>(dist[u] + 1);
            if (lat)
                (*lat)[w] = (*lat)[u] +
                            static_cast<float>(m_graph.edges[m_adj.edge[a]].latency_ns) +
                            (u != root ? m_transitNs[gu] : 0.f);
            queue.push_back(w);
        }
    }
}

// Breadth-first from `to` inside the domain, then the flow from `from` split equally over
// every next hop on a shortest path (per-hop ECMP). Hosts and NICs are not transit unless
// `viaHost` (servers without a scale-up fabric reach each other over PCIe via the host).
LocalRoute RouteDomains::computeRoute(const Domain& d, std::uint16_t from, std::uint16_t to,
                                      bool viaHost) const {
    LocalRoute out;
    if (from == to) {
        out.ok = true;
        return out;
    }
    const std::uint32_t n = d.vcount;
    auto transit = [&](std::uint32_t local) { return passes(d, local, viaHost); };
    std::vector<std::uint16_t> dist;
    std::vector<float> lat;
    search(d, to, viaHost, dist, &lat);
    if (dist[from] == kUnreachableHops) return out;
    out.ok = true;
    out.hops = dist[from];
    out.latency_ns = lat[from];
    std::vector<double> flow(n, 0);
    std::vector<std::vector<std::uint32_t>> level(dist[from] + 1u);
    flow[from] = 1;
    level[dist[from]].push_back(from);
    std::map<std::uint32_t, double> dirs;
    for (std::size_t h = dist[from]; h > 0; --h) {
        for (std::uint32_t u : level[h]) {
            const std::uint32_t gu = d.vbegin + u;
            std::vector<std::uint32_t> next;
            for (std::uint32_t a = m_adj.offset[gu]; a < m_adj.offset[gu + 1]; ++a) {
                const std::uint32_t w = m_adj.to[a] - d.vbegin;
                if (m_internal[m_adj.edge[a]] && dist[w] + 1u == h && (w == to || transit(w)))
                    next.push_back(a);
            }
            for (std::uint32_t a : next) {
                const std::uint32_t w = m_adj.to[a] - d.vbegin;
                const double share = flow[u] / static_cast<double>(next.size());
                const std::uint32_t e = m_adj.edge[a];
                const std::uint32_t dir = m_graph.edges[e].a == gu ? 0 : 1;
                dirs[2 * (e - d.ebegin) + dir] += share;
                if (flow[w] == 0) level[h - 1].push_back(w);
                flow[w] += share;
            }
        }
    }
    for (const auto& [dir, share] : dirs)
        out.dirs.emplace_back(dir, static_cast<float>(share));
    return out;
}

}  // namespace infraplan
