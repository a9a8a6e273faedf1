#include "core/evaluate/bottlenecks.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <utility>

#include "core/design/resolve.h"

namespace infraplan {
namespace {

// Communication phases below this share of the step keep the engine's own advice.
constexpr double kNetworkAdviceShare = 0.05;

const char* describeTier(const std::string& tier) {
    if (tier == "leaf-spine") return "leaf-to-spine uplinks";
    if (tier == "spine-core") return "spine-to-core uplinks";
    if (tier == "nic") return "NIC links";
    if (tier == "scale-up") return "scale-up links";
    if (tier == "pcie") return "PCIe links";
    if (tier == "memory") return "memory links";
    return "fabric links";
}

const char* adviceFor(const std::string& tier, double oversubscription) {
    if (tier == "leaf-spine" || tier == "spine-core")
        return oversubscription > 1 ? "lower the fabric's oversubscription, or place the group "
                                      "so its traffic stays under one leaf"
                                    : "place the group so its traffic stays under one leaf";
    if (tier == "nic")
        return "more or faster NICs per device (rails), or less data-parallel "
               "traffic (larger TP/PP, gradient overlap)";
    if (tier == "scale-up") return "a larger or faster scale-up domain";
    if (tier == "pcie") return "a faster host interface, or GPU-direct paths to the NICs";
    return "a fabric with more bisection bandwidth";
}

std::string percent(double share) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f%%", 100 * share);
    return buf;
}

// The slowest collective the step issues over `dim`, if the network model saw its binding link.
const NetworkCollective* bindingCollective(const NetworkResults& net, ParallelDim dim) {
    const NetworkCollective* slowest = nullptr;
    for (const NetworkCollective& c : net.collectives)
        if (c.dim == dim && (!slowest || c.time_s > slowest->time_s)) slowest = &c;
    return slowest && !slowest->binding_tier.empty() ? slowest : nullptr;
}

// "DP all-reduce is limited by NIC links (ib/leaf3 -> ib/spine1): 12% of the step; ..."
std::string networkAdvice(const NetworkCollective& c, const NetworkResults& net, double share) {
    double oversubscription = 1;
    for (const NetworkTier& tier : net.tiers)
        if (tier.name == c.binding_tier) oversubscription = tier.oversubscription;
    std::string text = c.name;
    for (std::size_t i = 0; i < 2 && i < text.size(); ++i)
        text[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
    text += " is limited by " + std::string(describeTier(c.binding_tier));
    if (oversubscription > 1 &&
        (c.binding_tier == "leaf-spine" || c.binding_tier == "spine-core")) {
        char buf[48];
        std::snprintf(buf, sizeof buf, " at %g:1 oversubscription", oversubscription);
        text += buf;
    }
    return text + " (" + c.binding_link + "): " + percent(share) + " of the step; " +
           adviceFor(c.binding_tier, oversubscription);
}

// The design items bottlenecks point at: the devices' node (or accelerator) item, the fabric
// their NICs connect to, and the memory items the engine used.
struct Targets {
    std::string device, fabric;
    MemoryItemsUsed memory;
};

Targets findTargets(const Design& design, const catalog::Catalog& catalog,
                    const MemoryItemsUsed& memory) {
    Targets t;
    t.memory = memory;
    const DeviceSummary devices = summarizeDevices(design, catalog);
    const DevicePool* pool = devices.primary();
    for (const Item& item : design.hardware.items) {
        const bool isDevices =
            pool && pool->accelerator &&
            ((item.kind == ItemKind::node && pool->node && item.ref == pool->node->id) ||
             (item.kind == ItemKind::accelerator && item.ref == pool->accelerator->id));
        if (isDevices && t.device.empty()) t.device = item.id;
        if (item.kind == ItemKind::fabric && t.fabric.empty()) t.fabric = item.id;
    }
    return t;
}

// The one place that decides what a click on a bottleneck selects.
std::string itemFor(const Bottleneck& b, const Targets& t) {
    switch (b.phase) {
        case BottleneckPhase::offload:
        case BottleneckPhase::kv_offload:
            return t.memory.offload;
        case BottleneckPhase::near_memory:
            return t.memory.near_memory;
        case BottleneckPhase::serving_comm:
            return t.fabric.empty() ? t.device : t.fabric;
        default:
            return b.resource == "nic" && !t.fabric.empty() ? t.fabric : t.device;
    }
}

// Most pressing first; a share that is not a number counts as none.
void orderByPressure(std::vector<Bottleneck>& list) {
    auto rank = [](const Bottleneck& b) {
        const double share = std::isfinite(b.share_of_time) ? b.share_of_time : 0.0;
        return std::pair(static_cast<int>(severityOf(b)), share);
    };
    std::stable_sort(list.begin(), list.end(), [&rank](const Bottleneck& a, const Bottleneck& b) {
        return rank(a) > rank(b);
    });
}

}  // namespace

BottleneckSeverity severityOf(const Bottleneck& b) {
    if (b.phase == BottleneckPhase::device_memory && b.utilization > 1)
        return BottleneckSeverity::critical;
    if (b.phase == BottleneckPhase::compute || b.phase == BottleneckPhase::prefill)
        return BottleneckSeverity::healthy;
    return BottleneckSeverity::warning;
}

std::vector<Bottleneck> buildBottlenecks(std::vector<Bottleneck> engine,
                                         const NetworkResults* network,
                                         const MemoryItemsUsed& memory, const Design& design,
                                         const catalog::Catalog& catalog) {
    const Targets targets = findTargets(design, catalog, memory);
    for (Bottleneck& b : engine) {
        b.item_id = itemFor(b, targets);
        const std::optional<ParallelDim> dim = commDimension(b.phase);
        if (!network || !dim || !(b.share_of_time >= kNetworkAdviceShare) ||
            !std::isfinite(b.share_of_time))
            continue;
        // The network model names the link that binds this phase, and where it leads.
        if (const NetworkCollective* c = bindingCollective(*network, *dim)) {
            b.advice = networkAdvice(*c, *network, b.share_of_time);
            b.utilization = c->binding_utilization;
            b.item_id = c->binding_item;
        }
    }
    orderByPressure(engine);
    return engine;
}

}  // namespace infraplan
