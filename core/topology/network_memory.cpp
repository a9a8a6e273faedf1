// FlowCommModel::memoryTiers(): memory items as offload targets. Every placed device streams
// to the item (spread evenly over its instances); the routed loads give the time per byte of
// the busiest link, and the item's media bandwidth caps the total.
#include <algorithm>

#include "core/topology/flow_comm_model.h"

namespace infraplan {

std::vector<NetworkMemoryTier> FlowCommModel::memoryTiers() const {
    std::lock_guard lock(m_mutex);
    std::vector<NetworkMemoryTier> out;
    for (std::uint32_t i = 0; i < m_design.hardware.items.size(); ++i)
        if (std::optional<NetworkMemoryTier> tier = memoryTier(i)) out.push_back(std::move(*tier));
    return out;
}

std::optional<MemoryPath> FlowCommModel::memoryPath(const std::string& itemId) const {
    std::lock_guard lock(m_mutex);
    const auto& items = m_design.hardware.items;
    for (std::uint32_t i = 0; i < items.size(); ++i) {
        if (items[i].id != itemId) continue;
        const std::optional<NetworkMemoryTier> tier = memoryTier(i);
        if (!tier) return std::nullopt;
        MemoryPath path;
        path.per_device_bandwidth_b_s = tier->per_device_bandwidth_gb_s * 1e9;
        path.latency_s = tier->latency_ns * 1e-9;
        path.capacity_bytes = tier->capacity_gb * 1e9;
        path.binding = tier->binding;
        path.unreachable_devices = tier->unreachable_devices;
        return path;
    }
    return std::nullopt;
}

std::optional<NetworkMemoryTier> FlowCommModel::memoryTier(std::uint32_t i) const {
    const auto& items = m_design.hardware.items;
    if (!m_placement->valid() || i >= items.size() || items[i].kind != ItemKind::memory)
        return std::nullopt;
    std::vector<std::uint32_t> targets;
    for (std::uint32_t v = 0; v < graph().vertices.size(); ++v)
        if (graph().vertices[v].item == i) targets.push_back(v);
    if (targets.empty()) return std::nullopt;
    const catalog::MemoryNode* node = m_fabric->catalog().memory(items[i].ref);
    NetworkMemoryTier tier;
    tier.item = items[i].id;
    tier.type = node ? catalog::toString(node->type) : "";
    tier.instances = static_cast<long long>(targets.size());
    tier.capacity_gb = node ? node->capacity_gb * static_cast<double>(targets.size()) : 0;
    std::vector<FlowDemand> flows;
    const double share = 1.0 / static_cast<double>(targets.size());
    for (long long r = 0; r < m_placement->ranks(); ++r)
        for (std::uint32_t t : targets)
            flows.push_back({m_placement->device(r), t, share});
    const std::shared_ptr<const RoutedClass> routedShared = m_fabric->route(flows);
    const RoutedClass& routed = *routedShared;
    tier.unreachable_devices = std::min(routed.unreachable, m_placement->ranks());
    double secondsPerByte = 0;  // every device streaming one byte
    Eigen::Index binding = -1;
    for (Eigen::SparseVector<double>::InnerIterator in(routed.loads); in; ++in) {
        const double s = in.value() / bandwidths()[in.index()];
        if (s > secondsPerByte) {
            secondsPerByte = s;
            binding = in.index();
        }
    }
    if (secondsPerByte > 0 && binding >= 0) {
        const double devices = static_cast<double>(m_placement->ranks());
        double aggregate_b_s = devices / secondsPerByte;
        const auto e = static_cast<std::uint32_t>(binding / 2);
        tier.binding = labels().link(e, binding % 2 == 0 ? graph().edges[e].a : graph().edges[e].b);
        const double media_b_s =
            node ? node->bandwidth_gb_s * 1e9 * static_cast<double>(targets.size()) : 0;
        if (media_b_s > 0 && media_b_s < aggregate_b_s) {
            aggregate_b_s = media_b_s;
            tier.binding = "media";
        }
        tier.aggregate_bandwidth_gb_s = aggregate_b_s / 1e9;
        tier.per_device_bandwidth_gb_s = aggregate_b_s / devices / 1e9;
    }
    tier.latency_ns = routed.latency_ns + (node ? node->latency_ns : 0);
    return tier;
}

}  // namespace infraplan
