#include "core/topology/flow_fabric.h"

#include <algorithm>
#include <bit>

namespace infraplan {
namespace {
constexpr double kMinBandwidth_b_s = 1e6;  // a link listed without bandwidth: 1 MB/s, warned
// Routes remembered per fabric, in bytes of flows and loads: a search worker's layouts reuse
// a few dozen classes; past this the memory is cleared rather than grown.
constexpr std::size_t kRememberedRouteBytes = std::size_t{64} << 20;

// FNV-1a over the flows' endpoints and weights (their exact bits).
std::uint64_t flowsHash(std::span<const FlowDemand> flows) {
    std::uint64_t h = 1469598103934665603ull;
    const auto mix = [&](std::uint64_t x) {
        h ^= x;
        h *= 1099511628211ull;
    };
    for (const FlowDemand& f : flows) {
        mix((std::uint64_t{f.src} << 32) | f.dst);
        mix(std::bit_cast<std::uint64_t>(f.weight));
    }
    return h;
}

bool sameFlows(std::span<const FlowDemand> a, std::span<const FlowDemand> b) {
    return std::equal(
        a.begin(), a.end(), b.begin(), b.end(), [](const FlowDemand& x, const FlowDemand& y) {
            return x.src == y.src && x.dst == y.dst &&
                   std::bit_cast<std::uint64_t>(x.weight) == std::bit_cast<std::uint64_t>(y.weight);
        });
}
}  // namespace

FlowFabric::FlowFabric(std::shared_ptr<const Graph> graph, const Design& design,
                       const catalog::Catalog& catalog, const FlowModelOptions& options)
    : m_graph(std::move(graph)), m_design(design), m_catalog(catalog), m_options(options) {
    m_labels = std::make_unique<LinkLabels>(*m_graph, m_design);
    m_router = std::make_unique<Router>(*m_graph, catalog, options.cancel);
    initBandwidths();
    initComponents();
}

FlowFabric::~FlowFabric() = default;

std::shared_ptr<const RoutedClass> FlowFabric::route(std::span<const FlowDemand> flows) const {
    const std::lock_guard lock(m_mutex);
    const std::uint64_t hash = flowsHash(flows);
    const auto [first, last] = m_routes.equal_range(hash);
    for (auto it = first; it != last; ++it)
        if (sameFlows(it->second.flows, flows)) return it->second.routed;
    auto routed = std::make_shared<RoutedClass>(m_router->route(flows));
    if (m_options.cancel && m_options.cancel->cancelled()) return routed;  // cut short
    const std::size_t bytes =
        flows.size() * sizeof(FlowDemand) + static_cast<std::size_t>(routed->loads.nonZeros()) * 12;
    if (m_rememberedBytes + bytes > kRememberedRouteBytes) {
        m_routes.clear();
        m_rememberedBytes = 0;
    }
    m_rememberedBytes += bytes;
    m_routes.emplace(hash, RememberedRoute{{flows.begin(), flows.end()}, routed});
    return routed;
}

// Achieved bandwidth per link direction: the link's rate times what collectives achieve over
// it (its catalog entry's figure, else its class's). The step latency of each class is the
// slowest of its links'.
void FlowFabric::initBandwidths() {
    const Graph& graph = *m_graph;
    m_bandwidth_b_s.resize(static_cast<Eigen::Index>(2 * graph.edges.size()));
    std::vector<const catalog::Link*> links(graph.refs.size(), nullptr);  // per catalog id
    for (std::size_t r = 0; r < graph.refs.size(); ++r)
        links[r] = m_catalog.link(graph.refs[r]);
    bool warned = false;
    // The slowest link's figure, so a link measured faster than the default counts too.
    m_stepLatencyUp_s = m_stepLatencyOut_s = 0;
    for (std::size_t e = 0; e < graph.edges.size(); ++e) {
        const Edge& edge = graph.edges[e];
        const catalog::Link* link = edge.ref < links.size() ? links[edge.ref] : nullptr;
        const bool scaleUp = link ? link->cls == catalog::LinkClass::scale_up
                                  : m_router->domains().internal(static_cast<std::uint32_t>(e));
        double bw =
            edge.bandwidth_gb_s * 1e9 * achievedFraction(link, scaleUp, m_options.efficiency);
        double& step = scaleUp ? m_stepLatencyUp_s : m_stepLatencyOut_s;
        step = std::max(step, stepLatency(link, scaleUp, m_options.efficiency));
        if (!(bw >= kMinBandwidth_b_s)) {
            if (!warned)
                m_warnings.push_back("link " +
                                     m_labels->link(static_cast<std::uint32_t>(e), edge.a) +
                                     " has no bandwidth; counted as 1 MB/s");
            warned = true;
            bw = kMinBandwidth_b_s;
        }
        m_bandwidth_b_s[static_cast<Eigen::Index>(2 * e)] = bw;
        m_bandwidth_b_s[static_cast<Eigen::Index>(2 * e + 1)] = bw;
    }
    // A class without links of its own (nothing drawn): the default.
    if (m_stepLatencyUp_s == 0) m_stepLatencyUp_s = m_options.efficiency.scaleup_step_latency_s;
    if (m_stepLatencyOut_s == 0) m_stepLatencyOut_s = m_options.efficiency.scaleout_step_latency_s;
}

// Union-find over the edges, then every vertex points at its component's root.
void FlowFabric::initComponents() {
    const Graph& graph = *m_graph;
    std::vector<std::uint32_t>& parent = m_component;
    parent.resize(graph.vertices.size());
    for (std::uint32_t v = 0; v < parent.size(); ++v)
        parent[v] = v;
    auto find = [&](std::uint32_t v) {
        while (parent[v] != v)
            v = parent[v] = parent[parent[v]];
        return v;
    };
    for (const Edge& e : graph.edges)
        parent[find(e.a)] = find(e.b);
    for (std::uint32_t v = 0; v < parent.size(); ++v)
        parent[v] = find(v);
}

}  // namespace infraplan
