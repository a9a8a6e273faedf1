// FlowCommModel::network(): the results section from the collectives costed so far.
#include <algorithm>
#include <map>

#include "core/topology/flow_comm_model.h"

namespace infraplan {

NetworkResults FlowCommModel::network() const {
    std::lock_guard lock(m_mutex);
    NetworkResults out;
    out.vertices = static_cast<long long>(m_graph.vertices.size());
    out.edges = static_cast<long long>(m_graph.edges.size());
    out.placement = m_placement->order();
    out.warnings = m_warnings;
    // Tiers: links and capacity, with the oversubscription of the fabric they belong to.
    std::map<std::string, NetworkTier> tiers;
    for (std::uint32_t e = 0; e < m_graph.edges.size(); ++e) {
        NetworkTier& t = tiers[m_labels->tier(e)];
        t.name = m_labels->tier(e);
        ++t.links;
        t.bandwidth_gb_s += m_graph.edges[e].bandwidth_gb_s;
        const std::uint32_t item = m_graph.edges[e].item;
        if (item < m_design.hardware.items.size() && m_design.hardware.items[item].fabric)
            t.oversubscription = m_design.hardware.items[item].fabric->oversubscription;
    }
    // Per edge: the collective that keeps it busiest, as a share of that collective's time.
    struct Busiest {
        double utilization = 0, bytes = 0;
        std::uint32_t dir = 0;
        std::string collective;
    };
    std::vector<Busiest> busiest(m_graph.edges.size());
    for (const auto& [key, rec] : m_recorded) {
        const double time_s = rec.plan.bandwidth_s + rec.plan.latency_s;
        const std::string name = collectiveName(rec.request);
        const CollectiveCost c = toCost(rec.plan);
        out.collectives.push_back(NetworkCollective{
            name, rec.plan.algorithm, rec.request.bytes, m_placement->size(rec.request.dim),
            m_placement->groups(rec.request.dim).count(), c.time_s, c.bandwidth_time_s,
            c.latency_time_s, c.binding_link, c.binding_tier, c.binding_utilization});
        if (!(time_s > 0)) continue;
        const Eigen::VectorXd loads = loadsOf(std::span<const Plan>(&rec.plan, 1));
        for (Eigen::Index d = 0; d < loads.size(); ++d) {
            if (loads[d] <= 0) continue;
            const double u = loads[d] / m_bandwidth_b_s[d] / time_s;
            Busiest& b = busiest[static_cast<std::size_t>(d / 2)];
            if (u > b.utilization) b = Busiest{u, loads[d], static_cast<std::uint32_t>(d), name};
            NetworkTier& t = tiers[m_labels->tier(static_cast<std::uint32_t>(d / 2))];
            if (u > t.max_utilization) {
                t.max_utilization = u;
                t.busiest_collective = name;
            }
        }
    }
    for (auto& [name, t] : tiers)
        out.tiers.push_back(t);
    std::vector<std::uint32_t> order;
    for (std::uint32_t e = 0; e < busiest.size(); ++e)
        if (busiest[e].utilization > 0) order.push_back(e);
    const std::size_t keep = std::min<std::size_t>(order.size(), std::max(m_options.top_links, 0));
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(keep), order.end(),
                      [&](std::uint32_t a, std::uint32_t b) {
                          return busiest[a].utilization > busiest[b].utilization;
                      });
    for (std::size_t k = 0; k < keep; ++k) {
        const std::uint32_t e = order[k];
        const Busiest& b = busiest[e];
        const Edge& edge = m_graph.edges[e];
        const std::uint32_t from = b.dir % 2 == 0 ? edge.a : edge.b;
        const std::uint32_t to = from == edge.a ? edge.b : edge.a;
        out.links.push_back(NetworkLinkLoad{m_labels->link(e, from), m_labels->itemId(from),
                                            m_labels->itemId(to), m_labels->tier(e), b.collective,
                                            b.bytes, edge.bandwidth_gb_s, b.utilization});
    }
    return out;
}

}  // namespace infraplan
