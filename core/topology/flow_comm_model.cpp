#include "core/topology/flow_comm_model.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <unordered_map>

namespace infraplan {
FlowCommModel::FlowCommModel(std::shared_ptr<const Graph> graph, const Design& design,
                             const catalog::Catalog& catalog, const FlowModelOptions& options)
    : FlowCommModel(std::make_shared<const FlowFabric>(std::move(graph), design, catalog, options),
                    design) {}

FlowCommModel::FlowCommModel(std::shared_ptr<const FlowFabric> fabric, const Design& design)
    : m_fabric(std::move(fabric)), m_design(design) {
    m_placement = std::make_unique<Placement>(graph(), design, m_warnings);
    m_warnings.insert(m_warnings.end(), m_fabric->warnings().begin(), m_fabric->warnings().end());
    m_connected = placedDevicesConnected();
}

FlowCommModel::~FlowCommModel() = default;

bool FlowCommModel::placedDevicesConnected() const {
    if (!m_placement->valid() || m_placement->ranks() == 0) return false;
    const std::uint32_t root = m_fabric->component(m_placement->device(0));
    for (long long r = 1; r < m_placement->ranks(); ++r)
        if (m_fabric->component(m_placement->device(r)) != root) return false;
    return true;
}

int FlowCommModel::column(FlowPattern pattern, ParallelDim dim) const {
    const auto key = std::make_pair(pattern, dim);
    auto it = m_columns.find(key);
    if (it != m_columns.end()) return it->second;
    const RankGroups groups = m_placement->groups(dim);
    const std::vector<FlowDemand> flows = patternFlows(pattern, groups, *m_placement);
    std::shared_ptr<const RoutedClass> routed = m_fabric->route(flows);
    double worst = 0;
    std::uint32_t binding = 0;
    for (Eigen::SparseVector<double>::InnerIterator in(routed->loads); in; ++in) {
        const double s = in.value() / bandwidths()[in.index()];
        if (s > worst) {
            worst = s;
            binding = static_cast<std::uint32_t>(in.index());
        }
    }
    const int col = static_cast<int>(m_classes.size());
    m_classes.push_back(std::move(routed));
    m_classKeys.push_back(key);
    m_secondsPerByte.push_back(worst);
    m_bindingDir.push_back(binding);
    m_routingStale = true;
    m_columns.emplace(key, col);
    return col;
}

// Per-rank volumes of the textbook algorithms (docs/topology.md; Thakur et al. 2005 for ring,
// NCCL's double binary tree): each phase's flows carry `volume` bytes per unit weight.
// "direct" sends each peer its shard over its own path (a reduce-scatter, then an all-gather):
// behind a switch it loads a device's uplink as the ring does, in as many steps, so it wins
// only where the peers have links of their own (a full mesh such as Gaudi's or MI300X's, where
// a ring would use one of the seven).
constexpr int kMaxDirectRanks = 16;

std::vector<FlowCommModel::Plan> FlowCommModel::candidates(const CollectiveRequest& r) const {
    std::vector<Plan> out;
    const int n = m_placement->size(r.dim);
    if (!m_placement->valid() || n <= 1 || !(r.bytes > 0) || !std::isfinite(r.bytes)) return out;
    const double S = r.bytes, nn = n;
    auto cached = m_splits.find(r.dim);
    if (cached == m_splits.end())
        cached = m_splits.emplace(r.dim, nodeSplit(m_placement->groups(r.dim), *m_placement)).first;
    const NodeSplit split = cached->second;
    const bool hier = split.uniform && split.per_node > 1 && split.nodes > 1;
    const double g = split.per_node, m = split.nodes;
    // Direct sends are the libraries' choice inside a small scale-up domain; across nodes, or
    // among many ranks, their n^2 flows would cost more to route than they could save.
    const bool direct = split.uniform && split.nodes == 1 && n <= kMaxDirectRanks;
    auto plan = [&](const char* name, std::vector<Phase> phases) {
        out.push_back(Plan{name, std::move(phases)});
    };
    auto col = [&](FlowPattern p) { return column(p, r.dim); };
    switch (r.op) {
        case Collective::all_reduce:
            plan("ring", {{col(FlowPattern::ring), 2 * (nn - 1) / nn * S, 2 * (nn - 1)}});
            if (direct)
                plan("direct", {{col(FlowPattern::all_to_all), S / nn, nn - 1},
                                {col(FlowPattern::all_to_all), S / nn, nn - 1}});
            plan("tree", {{col(FlowPattern::tree), S / 2, 2 * std::ceil(std::log2(nn))}});
            if (hier)
                plan("hierarchical",
                     {{col(FlowPattern::intra_ring), (g - 1) / g * S, g - 1},
                      {col(FlowPattern::inter_ring), 2 * (m - 1) / m * S / g, 2 * (m - 1)},
                      {col(FlowPattern::intra_ring), (g - 1) / g * S, g - 1}});
            break;
        case Collective::reduce_scatter:
        case Collective::all_gather:
            plan("ring", {{col(FlowPattern::ring), (nn - 1) / nn * S, nn - 1}});
            if (direct) plan("direct", {{col(FlowPattern::all_to_all), S / nn, nn - 1}});
            if (hier)
                plan("hierarchical", {{col(FlowPattern::intra_ring), (g - 1) / g * S, g - 1},
                                      {col(FlowPattern::inter_ring), (m - 1) / m * S / g, m - 1}});
            break;
        case Collective::all_to_all:
            plan("all-to-all", {{col(FlowPattern::all_to_all), S / nn, 1}});
            break;
        case Collective::send_recv:
            plan("point-to-point",
                 {{col(r.dim == ParallelDim::pp ? FlowPattern::next_stage : FlowPattern::ring), S,
                   1}});
            break;
    }
    return out;
}

void FlowCommModel::evaluate(Plan& plan) const {
    plan.bandwidth_s = plan.latency_s = plan.binding_busy_s = 0;
    for (const Phase& p : plan.phases) {
        const auto c = static_cast<std::size_t>(p.column);
        const double busy = p.volume * m_secondsPerByte[c];
        const double step_s =
            m_classes[c]->latency_ns * 1e-9 +
            (m_classes[c]->scale_out ? m_fabric->stepLatencyOut_s() : m_fabric->stepLatencyUp_s());
        plan.bandwidth_s += busy;
        plan.latency_s += p.steps * step_s;
        if (busy > plan.binding_busy_s) {
            plan.binding_busy_s = busy;
            plan.binding_dir = m_bindingDir[c];
        }
    }
}

FlowCommModel::Plan FlowCommModel::best(const CollectiveRequest& r) const {
    Plan chosen;
    bool any = false;
    for (Plan& p : candidates(r)) {
        evaluate(p);
        // A plan must be faster by more than rounding to displace an earlier one: "direct" ties
        // with the ring behind a switch, where the ring is what the libraries run.
        const double time = p.bandwidth_s + p.latency_s;
        if (!any || time < (chosen.bandwidth_s + chosen.latency_s) * (1 - 1e-9)) chosen = p;
        any = true;
    }
    return chosen;
}

CollectiveCost FlowCommModel::toCost(const Plan& plan) const {
    CollectiveCost c;
    c.bandwidth_time_s = plan.bandwidth_s;
    c.latency_time_s = plan.latency_s;
    c.time_s = plan.bandwidth_s + plan.latency_s;
    if (plan.phases.empty() || !(plan.binding_busy_s > 0)) return c;
    const std::uint32_t e = plan.binding_dir / 2;
    const Edge& edge = graph().edges[e];
    const std::uint32_t from = plan.binding_dir % 2 == 0 ? edge.a : edge.b;
    c.binding_tier = labels().tier(e);
    c.binding_link = labels().link(e, from);
    c.binding_item = labels().itemId(from == edge.a ? edge.b : edge.a);
    c.binding_utilization = c.time_s > 0 ? plan.binding_busy_s / c.time_s : 0;
    return c;
}

// The routing matrix: one column per flow class, one row per link direction, assembled
// column by column (each class's loads are already sorted by row).
const Eigen::SparseMatrix<double>& FlowCommModel::routing() const {
    if (!m_routingStale) return m_routing;
    Eigen::Index nonZeros = 0;
    for (const auto& c : m_classes)
        nonZeros += c->loads.nonZeros();
    m_routing.resize(bandwidths().size(), static_cast<Eigen::Index>(m_classes.size()));
    m_routing.reserve(nonZeros);
    for (std::size_t c = 0; c < m_classes.size(); ++c) {
        m_routing.startVec(static_cast<Eigen::Index>(c));
        for (Eigen::SparseVector<double>::InnerIterator in(m_classes[c]->loads); in; ++in)
            m_routing.insertBack(in.index(), static_cast<Eigen::Index>(c)) = in.value();
    }
    m_routing.finalize();
    m_routingStale = false;
    return m_routing;
}

Eigen::VectorXd FlowCommModel::loadsOf(std::span<const Plan> plans) const {
    const Eigen::SparseMatrix<double>& R = routing();
    Eigen::VectorXd volume = Eigen::VectorXd::Zero(R.cols());
    for (const Plan& plan : plans)
        for (const Phase& p : plan.phases)
            volume[p.column] += p.volume;
    if (R.cols() == 0) return Eigen::VectorXd::Zero(bandwidths().size());
    return R * volume;
}

std::size_t FlowCommModel::RequestKeyHash::operator()(const RequestKey& k) const {
    const std::uint64_t tag =
        (std::uint64_t{static_cast<std::uint8_t>(k.op)} << 8) | static_cast<std::uint8_t>(k.dim);
    return std::hash<std::uint64_t>{}(k.bytes_bits * 0x9E3779B97F4A7C15ULL ^ tag);
}

CollectiveCost FlowCommModel::cost(const CollectiveRequest& request) const {
    constexpr std::size_t kMaxMemoizedCosts = 4096;  // a bound for a model asked forever
    std::lock_guard lock(m_mutex);
    const RequestKey key{request.op, request.dim, std::bit_cast<std::uint64_t>(request.bytes)};
    if (const auto it = m_costs.find(key); it != m_costs.end()) return it->second;
    CollectiveCost c = toCost(best(request));
    if (m_costs.size() >= kMaxMemoizedCosts) m_costs.clear();
    m_costs.emplace(key, c);
    return c;
}

// Collectives that overlap share links: their volumes add up in one routing-matrix product,
// and the busiest link direction of the sum sets the bandwidth time.
CollectiveCost FlowCommModel::concurrentCost(std::span<const CollectiveRequest> requests) const {
    std::lock_guard lock(m_mutex);
    std::vector<Plan> plans;
    double latency = 0;
    for (const CollectiveRequest& r : requests) {
        plans.push_back(best(r));
        latency = std::max(latency, plans.back().latency_s);
    }
    const Eigen::VectorXd loads = loadsOf(plans);
    Plan combined;
    combined.latency_s = latency;
    if (loads.size() > 0) {
        Eigen::Index worst = 0;
        const Eigen::VectorXd busy = loads.cwiseQuotient(bandwidths());
        combined.bandwidth_s = busy.maxCoeff(&worst);
        combined.binding_busy_s = combined.bandwidth_s;
        combined.binding_dir = static_cast<std::uint32_t>(worst);
    }
    for (const Plan& p : plans)
        combined.phases.insert(combined.phases.end(), p.phases.begin(), p.phases.end());
    return toCost(combined);
}

Eigen::VectorXd FlowCommModel::linkLoads(const CollectiveRequest& request) const {
    std::lock_guard lock(m_mutex);
    const Plan plan = best(request);
    return loadsOf(std::span<const Plan>(&plan, 1));
}

}  // namespace infraplan
