#include "core/perf/inference_tiers.h"

#include <cmath>

#include "core/design/resolve.h"

namespace infraplan {
namespace {

bool positive(double x) {
    return std::isfinite(x) && x > 0;
}

// Without the topology engine: the design's links to the item (summed), else its catalog
// link, capped by its media; shared evenly by the used devices.
double estimatedLinkPerDevice(const Design& design, const catalog::Catalog& catalog,
                              const catalog::MemoryNode& node, const std::string& id,
                              double instances, long long devices_used) {
    double total = 0;
    for (const DesignLink& l : design.hardware.links) {
        if (l.from != id && l.to != id) continue;
        if (const catalog::Link* link = catalog.link(l.ref))
            total += link->bandwidth_gb_s * 1e9 * static_cast<double>(l.count);
    }
    if (total > 0) {
        total *= instances;
    } else if (const catalog::Link* link = catalog.link(node.link)) {
        total = link->bandwidth_gb_s * 1e9 * instances;
    }
    if (positive(node.bandwidth_gb_s))
        total = std::min(total, node.bandwidth_gb_s * 1e9 * instances);
    return devices_used > 0 && positive(total) ? total / double(devices_used) : 0;
}

}  // namespace

MemoryItemPlan planMemoryItem(const Design& design, const catalog::Catalog& catalog,
                              const std::string& id, const std::string& field,
                              const CommModel& comm, long long devices_used,
                              EngineMessages& results) {
    MemoryItemPlan plan;
    const Item* item = design.findItem(id);
    const catalog::MemoryNode* node =
        item && item->kind == ItemKind::memory ? catalog.memory(item->ref) : nullptr;
    if (!node) {
        results.warnings.push_back(field + ": '" + id +
                                   "' is not a memory item with a catalog entry; not used");
        return plan;
    }
    const double instances = static_cast<double>(totalInstances(design, *item));
    plan.instances = static_cast<long long>(instances);
    plan.capacity_bytes = positive(node->capacity_gb) ? node->capacity_gb * 1e9 * instances : 0;
    plan.internal_b_s = positive(node->bandwidth_gb_s) ? node->bandwidth_gb_s * 1e9 * instances : 0;
    plan.compute_flops =
        positive(node->compute_tflops) ? node->compute_tflops * 1e12 * instances : 0;
    if (const std::optional<MemoryPath> path = comm.memoryPath(id)) {
        // The topology engine routed every device to the item: its busiest link (or the
        // media) over the devices streaming at once.
        plan.from_topology = true;
        plan.link_b_s_per_device =
            positive(path->per_device_bandwidth_b_s) ? path->per_device_bandwidth_b_s : 0;
        if (path->unreachable_devices > 0)
            results.warnings.push_back(field + ": " + std::to_string(path->unreachable_devices) +
                                       " devices have no path to '" + id + "'");
    } else {
        plan.link_b_s_per_device =
            estimatedLinkPerDevice(design, catalog, *node, id, instances, devices_used);
        if (plan.link_b_s_per_device > 0)
            results.warnings.push_back(field + ": the bandwidth to '" + id +
                                       "' is estimated from its links (no topology model)");
    }
    plan.usable = plan.capacity_bytes > 0;
    if (!plan.usable)
        results.warnings.push_back(field + ": '" + id + "' has no capacity; not used");
    return plan;
}

bool checkNearMemoryCompute(const MemoryItemPlan& plan, const std::string& id,
                            EngineMessages& results) {
    if (!plan.usable) return false;
    std::string missing;
    if (!(plan.compute_flops > 0)) missing = "compute_tflops";
    if (!(plan.internal_b_s > 0))
        missing += std::string(missing.empty() ? "" : " and ") + "bandwidth_gb_s";
    if (missing.empty()) return true;
    results.warnings.push_back("strategy.near_memory_attention: '" + id + "' has no " + missing +
                               " in its catalog entry; decode attention stays on the accelerators");
    return false;
}

}  // namespace infraplan
