// FlowCommModel::network(): the results section from the collectives a step issued.
#include <algorithm>
#include <map>

#include "core/topology/flow_comm_model.h"

namespace infraplan {
namespace {

// Per edge: the collective that keeps it busiest, as a share of that collective's time.
struct Busiest {
    double utilization = 0, bytes = 0;
    std::uint32_t dir = 0;
    std::size_t collective = 0;  // index into NetworkResults::collectives
};

}  // namespace

// Every tier's links and capacity, with the oversubscription of the fabric it belongs to.
std::vector<NetworkTier> FlowCommModel::tierCapacities() const {
    // Keyed by the tier's name literal (LinkLabels::tier returns one pointer per name).
    std::map<const char*, NetworkTier> tiers;
    for (std::uint32_t e = 0; e < graph().edges.size(); ++e) {
        NetworkTier& t = tiers[labels().tier(e)];
        if (t.name.empty()) t.name = labels().tier(e);
        ++t.links;
        t.bandwidth_gb_s += graph().edges[e].bandwidth_gb_s;
        const std::uint32_t item = graph().edges[e].item;
        if (item < m_design.hardware.items.size() && m_design.hardware.items[item].fabric)
            t.oversubscription = m_design.hardware.items[item].fabric->oversubscription;
    }
    std::vector<NetworkTier> out;
    for (auto& [name, t] : tiers)
        out.push_back(t);
    return out;
}

std::vector<std::string> FlowCommModel::routingWarnings(
    std::span<const IssuedCollective> issued) const {
    std::vector<char> used;
    for (const IssuedCollective& c : issued)
        for (const Plan& p : candidates(c.request))
            for (const Phase& phase : p.phases) {
                const auto column = static_cast<std::size_t>(phase.column);
                if (column >= used.size()) used.resize(column + 1, 0);
                used[column] = 1;
            }
    std::vector<std::string> out;
    for (std::size_t c = 0; c < m_classes.size(); ++c) {
        if (c >= used.size() || !used[c] || m_classes[c]->unreachable <= 0) continue;
        const auto [pattern, dim] = m_classKeys[c];
        out.push_back(std::to_string(m_classes[c]->unreachable) + " flows of the " + toString(dim) +
                      " " + toString(pattern) +
                      " have no path through the hardware graph; they are left out");
    }
    return out;
}

NetworkResults FlowCommModel::network(std::span<const IssuedCollective> issued) const {
    std::vector<NetworkMemoryTier> memory = memoryTiers();
    std::lock_guard lock(m_mutex);
    NetworkResults out;
    out.vertices = static_cast<long long>(graph().vertices.size());
    out.edges = static_cast<long long>(graph().edges.size());
    out.placement = m_placement->order();
    out.memory = std::move(memory);
    std::vector<NetworkTier> tiers = tierCapacities();
    const auto tierOf = [&](std::uint32_t edge) -> NetworkTier& {
        const char* name = labels().tier(edge);
        return *std::find_if(tiers.begin(), tiers.end(),
                             [&](const NetworkTier& t) { return t.name == name; });
    };
    std::vector<Busiest> busiest(graph().edges.size());
    for (const IssuedCollective& issue : issued) {
        const CollectiveRequest& r = issue.request;
        const Plan plan = best(r);
        const double time_s = plan.bandwidth_s + plan.latency_s;
        const std::string name = collectiveName(r);
        // A runtime's own kernel (serving custom all-reduce) reports what the step paid; the
        // link loads below stay those of the model's plan.
        const bool runtimeKernel = !issue.cost.runtime_algorithm.empty();
        const CollectiveCost c = runtimeKernel ? issue.cost : toCost(plan);
        out.collectives.push_back(NetworkCollective{
            name, runtimeKernel ? issue.cost.runtime_algorithm : plan.algorithm, r.bytes,
            m_placement->size(r.dim), m_placement->groups(r.dim).count(), c.time_s,
            c.bandwidth_time_s, c.latency_time_s, c.binding_link, c.binding_tier,
            c.binding_utilization, r.dim, c.binding_item, issue.calls_per_step});
        if (!(time_s > 0)) continue;
        const Eigen::VectorXd loads = loadsOf(std::span<const Plan>(&plan, 1));
        for (Eigen::Index d = 0; d < loads.size(); ++d) {
            if (loads[d] <= 0) continue;
            const double u = loads[d] / bandwidths()[d] / time_s;
            Busiest& b = busiest[static_cast<std::size_t>(d / 2)];
            if (u > b.utilization)
                b = Busiest{u, loads[d], static_cast<std::uint32_t>(d), out.collectives.size() - 1};
            NetworkTier& t = tierOf(static_cast<std::uint32_t>(d / 2));
            if (u > t.max_utilization) {
                t.max_utilization = u;
                t.busiest_collective = name;
            }
        }
    }
    out.tiers = std::move(tiers);
    std::vector<std::uint32_t> order;
    for (std::uint32_t e = 0; e < busiest.size(); ++e)
        if (busiest[e].utilization > 0) order.push_back(e);
    const std::size_t keep =
        std::min<std::size_t>(order.size(), std::max(m_fabric->options().top_links, 0));
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(),
                      [&](std::uint32_t a, std::uint32_t b) {
                          return busiest[a].utilization > busiest[b].utilization;
                      });
    for (std::size_t k = 0; k < keep; ++k) {
        const std::uint32_t e = order[k];
        const Busiest& b = busiest[e];
        const Edge& edge = graph().edges[e];
        const std::uint32_t from = b.dir % 2 == 0 ? edge.a : edge.b;
        const std::uint32_t to = from == edge.a ? edge.b : edge.a;
        out.links.push_back(NetworkLinkLoad{
            labels().link(e, from), labels().itemId(from), labels().itemId(to), labels().tier(e),
            out.collectives[b.collective].name, b.bytes, edge.bandwidth_gb_s, b.utilization});
    }
    out.warnings = m_warnings;
    for (std::string& w : routingWarnings(issued))
        out.warnings.push_back(std::move(w));
    return out;
}

}  // namespace infraplan
