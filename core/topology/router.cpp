#include "core/topology/router.h"

#include <algorithm>
#include <limits>
#include <map>

#include "core/common/cancel.h"

namespace infraplan {
namespace {
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
constexpr std::size_t kTreeBudgetBytes = 64u << 20;  // cached searches; beyond, recompute
}  // namespace

struct Router::CoreTree {
    std::vector<std::uint16_t> dist;
    std::vector<float> lat;  // latency from the vertex to the root along a shortest path
};

Router::~Router() = default;

Router::Router(const Graph& graph, const catalog::Catalog& catalog, const CancelToken* cancel)
    : m_graph(graph), m_cancel(cancel) {
    m_adj.build(graph);
    const std::size_t n = graph.vertices.size();
    m_transitNs.assign(n, 0.f);
    std::vector<float> latencyOf(graph.refs.size(), 0.f);  // per catalog id: a switch's latency
    for (std::size_t r = 0; r < graph.refs.size(); ++r)
        if (const catalog::Switch* sw = catalog.switchEntry(graph.refs[r]))
            latencyOf[r] = static_cast<float>(sw->latency_ns);
    for (std::size_t v = 0; v < n; ++v) {
        const Vertex& vx = graph.vertices[v];
        if (vx.kind == VertexKind::switch_ && vx.ref < latencyOf.size())
            m_transitNs[v] = latencyOf[vx.ref];
    }
    m_domains = std::make_unique<RouteDomains>(graph, m_adj, m_transitNs);
    const RouteDomains& dom = *m_domains;
    std::vector<std::uint32_t> outerDegree(n, 0), lastOuter(n, kNone);
    for (std::uint32_t e = 0; e < graph.edges.size(); ++e) {
        if (dom.internal(e)) continue;
        for (std::uint32_t v : {graph.edges[e].a, graph.edges[e].b}) {
            ++outerDegree[v];
            lastOuter[v] = e;
        }
    }
    m_core.assign(n, -1);
    m_anchor.assign(n, kNone);
    m_anchorEdge.assign(n, kNone);
    for (std::uint32_t v = 0; v < n; ++v) {
        if (outerDegree[v] == 0) continue;
        if (outerDegree[v] == 1) {
            const Edge& e = graph.edges[lastOuter[v]];
            const std::uint32_t other = e.a == v ? e.b : e.a;
            if (outerDegree[other] >= 2) {  // a pendant port: reaches the core at `other`
                m_anchor[v] = other;
                m_anchorEdge[v] = lastOuter[v];
                continue;
            }
        }
        m_core[v] = static_cast<std::int32_t>(m_coreVertex.size());
        m_coreVertex.push_back(v);
        m_anchor[v] = v;
        const VertexKind k = graph.vertices[v].kind;
        const bool transit = dom.of(v) < 0 && k != VertexKind::cpu && k != VertexKind::memory;
        m_coreTransit.push_back(transit ? 1 : 0);
    }
    m_coreOffset.assign(m_coreVertex.size() + 1, 0);
    for (std::size_t c = 0; c < m_coreVertex.size(); ++c) {
        const std::uint32_t v = m_coreVertex[c];
        for (std::uint32_t a = m_adj.offset[v]; a < m_adj.offset[v + 1]; ++a)
            if (!dom.internal(m_adj.edge[a]) && m_core[m_adj.to[a]] >= 0) {
                m_coreTo.push_back(static_cast<std::uint32_t>(m_core[m_adj.to[a]]));
                m_coreEdge.push_back(m_adj.edge[a]);
                m_coreDir.push_back(2 * m_adj.edge[a] +
                                    (graph.edges[m_adj.edge[a]].a == v ? 0 : 1));
            }
        m_coreOffset[c + 1] = static_cast<std::uint32_t>(m_coreTo.size());
    }
    findTwins();
    m_load.assign(directions(), 0.0);
}

void Router::findTwins() {
    std::map<std::vector<std::uint64_t>, std::uint32_t> classes;
    m_twin.resize(m_coreVertex.size());
    std::vector<std::uint64_t> key;
    for (std::uint32_t c = 0; c < m_coreVertex.size(); ++c) {
        key.clear();
        for (std::uint32_t a = m_coreOffset[c]; a < m_coreOffset[c + 1]; ++a) {
            const auto latency =
                static_cast<std::uint32_t>(m_graph.edges[m_coreEdge[a]].latency_ns);
            key.push_back((static_cast<std::uint64_t>(m_coreTo[a]) << 32) | latency);
        }
        std::sort(key.begin(), key.end());
        key.push_back(m_coreTransit[c]);
        key.push_back(static_cast<std::uint64_t>(m_graph.vertices[m_coreVertex[c]].kind));
        m_twin[c] = classes.emplace(key, c).first->second;
    }
}

void Router::addDir(std::uint32_t edge, std::uint32_t from, double w) {
    addLoad(2 * edge + (m_graph.edges[edge].a == from ? 0 : 1), w);
}

void Router::addLocal(std::int32_t d, const LocalRoute& r, double w) {
    const std::uint32_t base = 2 * m_domains->domain(d).ebegin;
    for (const auto& [dir, share] : r.dirs) {
        if (m_load[base + dir] == 0) m_touched.push_back(base + dir);
        m_load[base + dir] += w * share;
    }
}

RoutedClass Router::route(std::span<const FlowDemand> flows) {
    RoutedClass out;
    m_out = &out;
    for (const FlowDemand& f : flows)
        if (f.weight > 0 && f.src != f.dst) routeFlow(f);
    flushCore();
    out.loads.resize(static_cast<Eigen::Index>(directions()));
    out.loads.reserve(static_cast<Eigen::Index>(m_touched.size()));
    if (m_touched.size() * 16 < directions()) {  // few: sort them; many: sweep in order
        std::sort(m_touched.begin(), m_touched.end());
        for (std::uint32_t dir : m_touched)
            out.loads.insertBack(dir) = m_load[dir];
    } else {
        for (std::uint32_t dir = 0; dir < directions(); ++dir)
            if (m_load[dir] != 0) out.loads.insertBack(dir) = m_load[dir];
    }
    for (std::uint32_t dir : m_touched)
        m_load[dir] = 0;
    m_touched.clear();
    m_out = nullptr;
    return out;
}

void Router::routeFlow(const FlowDemand& f) {
    RouteDomains& dom = *m_domains;
    const std::int32_t ds = dom.of(f.src), dt = dom.of(f.dst);
    const auto part = [&](std::int32_t d, std::uint32_t v) {
        return static_cast<std::uint16_t>(v - dom.domain(d).vbegin);
    };
    if (ds >= 0 && ds == dt) {
        const LocalRoute& r = dom.route(ds, part(ds, f.src), part(ds, f.dst));
        if (!r.ok) ++m_out->unreachable;
        addLocal(ds, r, f.weight);
        m_out->latency_ns = std::max(m_out->latency_ns, static_cast<double>(r.latency_ns));
        return;
    }
    m_out->scale_out = true;
    // Into the router's scratch lists: a layout routes hundreds of thousands of flows.
    auto portsNear = [&](std::int32_t d, std::uint32_t v, Shares& out) {
        out.clear();
        for (const auto& [p, share] : dom.nearestPorts(d, part(d, v)))
            out.emplace_back(dom.domain(d).vbegin + p, share);
    };
    Shares& entries = m_entryShares;
    if (dt >= 0)
        portsNear(dt, f.dst, entries);
    else
        entries.assign(1, {f.dst, 1.f});
    if (entries.empty()) ++m_out->unreachable;
    for (const auto& [q, fq] : entries) {
        Shares& exits = m_exitShares;
        exits.assign(1, {f.src, 1.f});
        if (ds >= 0) {
            const bool sameRail = dt >= 0 && dom.domain(ds).shape == dom.domain(dt).shape &&
                                  dom.isPort(ds, part(dt, q));
            if (sameRail)
                exits.assign(1, {dom.domain(ds).vbegin + part(dt, q), 1.f});
            else
                portsNear(ds, f.src, exits);
            if (exits.empty()) ++m_out->unreachable;
        }
        const bool viaHost = m_graph.vertices[f.dst].kind == VertexKind::memory;
        if (viaHost && exits.size() > 1) {
            // Only the domain's ports that lead to the memory item carry its flow (a GPU
            // reaches a CXL pool through its host, not through its NICs). Between devices
            // every port leads into the fabric, and the check would cost the hot path.
            Shares reachable;
            float total = 0;
            for (const auto& [p, fp] : exits)
                if (outerReachable(p, q, viaHost)) {
                    reachable.emplace_back(p, fp);
                    total += fp;
                }
            if (!reachable.empty() && total > 0) {
                for (auto& [p, fp] : reachable)
                    fp /= total;
                exits = std::move(reachable);
            }
        }
        for (const auto& [p, fp] : exits) {
            const double w = f.weight * fq * fp;
            float extra = 0;
            if (ds >= 0 && p != f.src) {
                const LocalRoute& r = dom.route(ds, part(ds, f.src), part(ds, p));
                if (!r.ok) {
                    ++m_out->unreachable;
                    continue;
                }
                addLocal(ds, r, w);
                extra += r.latency_ns;
            }
            if (dt >= 0 && q != f.dst) {
                const LocalRoute& r = dom.route(dt, part(dt, q), part(dt, f.dst));
                if (!r.ok) {
                    ++m_out->unreachable;
                    continue;
                }
                addLocal(dt, r, w);
                extra += r.latency_ns;
            }
            outerSegment(p, q, w, extra, viaHost);
        }
    }
}

void Router::outerSegment(std::uint32_t p, std::uint32_t q, double w, float extra_ns,
                          bool viaHost) {
    const std::uint32_t ap = m_anchor[p], aq = m_anchor[q];
    if (ap == kNone || aq == kNone) {
        ++m_out->unreachable;
        return;
    }
    if (p != ap) {
        addDir(m_anchorEdge[p], p, w);
        extra_ns += static_cast<float>(m_graph.edges[m_anchorEdge[p]].latency_ns) + m_transitNs[ap];
    }
    if (q != aq) {
        addDir(m_anchorEdge[q], aq, w);
        extra_ns += static_cast<float>(m_graph.edges[m_anchorEdge[q]].latency_ns) +
                    (aq != ap ? m_transitNs[aq] : 0.f);
    }
    if (ap == aq) {
        m_out->latency_ns = std::max(m_out->latency_ns, static_cast<double>(extra_ns));
        return;
    }
    m_pending.push_back(Pending{static_cast<std::uint32_t>(m_core[ap]),
                                static_cast<std::uint32_t>(m_core[aq]), w, extra_ns, viaHost});
}

bool Router::outerReachable(std::uint32_t p, std::uint32_t q, bool viaHost) {
    const std::uint32_t ap = m_anchor[p], aq = m_anchor[q];
    if (ap == kNone || aq == kNone) return false;
    if (ap == aq) return true;
    const auto root = static_cast<std::uint32_t>(m_core[aq]);
    const auto from = static_cast<std::uint32_t>(m_core[ap]);
    const CoreTree& tree = coreTree(root, viaHost);
    const std::uint32_t rep = m_twin[root];  // the search ran from the twin: swap the two
    const std::uint32_t d = from == rep ? tree.dist[root] : tree.dist[from];
    return d != kUnreachableHops;
}

const Router::CoreTree& Router::coreTree(std::uint32_t root, bool viaHost) {
    root = m_twin[root];
    const std::uint64_t key = (static_cast<std::uint64_t>(root) << 1) | (viaHost ? 1u : 0u);
    auto it = m_trees.find(key);
    if (it != m_trees.end()) return *it->second;
    const std::size_t n = m_coreVertex.size();
    if (m_treeBytes + n * 6 > kTreeBudgetBytes) {
        m_trees.clear();
        m_treeBytes = 0;
    }
    // Toward a memory item, hosts forward (CXL/PCIe memory hangs off the host).
    const auto passes = [&](std::uint32_t c) {
        return m_coreTransit[c] ||
               (viaHost && m_graph.vertices[m_coreVertex[c]].kind == VertexKind::cpu);
    };
    auto tree = std::make_unique<CoreTree>();
    tree->dist.assign(n, kUnreachableHops);
    tree->lat.assign(n, 0.f);
    std::vector<std::uint32_t> queue{root};
    tree->dist[root] = 0;
    for (std::size_t k = 0; k < queue.size(); ++k) {
        const std::uint32_t u = queue[k];
        if (u != root && !passes(u)) continue;  // hosts, memory, node ports: ends only
        if (tree->dist[u] + 2u >= kUnreachableHops)
            continue;  // deeper than 16-bit hop counts: unreachable
        const float through = u != root ? m_transitNs[m_coreVertex[u]] : 0.f;
        for (std::uint32_t a = m_coreOffset[u]; a < m_coreOffset[u + 1]; ++a) {
            const std::uint32_t w = m_coreTo[a];
            if (tree->dist[w] != kUnreachableHops) continue;
            tree->dist[w] = static_cast<std::uint16_t>(tree->dist[u] + 1);
            tree->lat[w] = tree->lat[u] +
                           static_cast<float>(m_graph.edges[m_coreEdge[a]].latency_ns) + through;
            queue.push_back(w);
        }
    }
    m_treeBytes += n * 6;
    return *m_trees.emplace(key, std::move(tree)).first->second;
}

// All pending segments, grouped by destination: the flow at each core vertex, from the
// farthest inwards, splits equally over its next hops toward the destination.
void Router::flushCore() {
    std::sort(m_pending.begin(), m_pending.end(), [](const Pending& a, const Pending& b) {
        return a.to != b.to ? a.to < b.to : a.via_host < b.via_host;
    });
    std::vector<double> flow(m_coreVertex.size(), 0.0);
    std::vector<std::vector<std::uint32_t>> level;
    for (std::size_t i = 0; i < m_pending.size();) {
        if (isCancelled(m_cancel)) break;  // a cancelled evaluation discards the loads
        const std::uint32_t root = m_pending[i].to;
        const bool viaHost = m_pending[i].via_host;
        const CoreTree& tree = coreTree(root, viaHost);
        // The search ran from root's twin `rep`: only those two swap places.
        const std::uint32_t rep = m_twin[root];
        const auto dist = [&](std::uint32_t v) -> std::uint32_t {
            return v == root ? 0 : (v == rep ? tree.dist[root] : tree.dist[v]);
        };
        const auto lat = [&](std::uint32_t v) -> float {
            return v == root ? 0.f : (v == rep ? tree.lat[root] : tree.lat[v]);
        };
        const auto passes = [&](std::uint32_t c) {
            return m_coreTransit[c] ||
                   (viaHost && m_graph.vertices[m_coreVertex[c]].kind == VertexKind::cpu);
        };
        std::size_t top = 0;
        for (; i < m_pending.size() && m_pending[i].to == root && m_pending[i].via_host == viaHost;
             ++i) {
            const Pending& p = m_pending[i];
            const std::uint32_t d = dist(p.from);
            if (d == kUnreachableHops) {
                ++m_out->unreachable;
                continue;
            }
            m_out->latency_ns =
                std::max(m_out->latency_ns, static_cast<double>(p.extra_ns + lat(p.from)));
            if (level.size() <= d) level.resize(d + 1u);
            if (flow[p.from] == 0) level[d].push_back(p.from);
            flow[p.from] += p.weight;
            top = std::max<std::size_t>(top, d);
        }
        std::vector<std::uint32_t> next;
        for (std::size_t h = top; h > 0; --h) {
            for (std::uint32_t u : level[h]) {
                const double f = flow[u];
                flow[u] = 0;
                next.clear();
                for (std::uint32_t a = m_coreOffset[u]; a < m_coreOffset[u + 1]; ++a) {
                    const std::uint32_t w = m_coreTo[a];
                    if (dist(w) + 1u == h && (w == root || passes(w))) next.push_back(a);
                }
                if (next.empty()) continue;
                const double share = f / static_cast<double>(next.size());
                for (std::uint32_t a : next) {
                    const std::uint32_t w = m_coreTo[a];
                    addLoad(m_coreDir[a], share);
                    if (flow[w] == 0) level[h - 1].push_back(w);
                    flow[w] += share;
                }
            }
            level[h].clear();
        }
        flow[root] = 0;
        if (!level.empty()) level[0].clear();
    }
    m_pending.clear();
}

}  // namespace infraplan
