#include "core/design/resolve.h"

#include <algorithm>

namespace infraplan {
namespace {
constexpr long long kSaturated = 1LL << 62;

long long saturatingMultiply(long long a, long long b) {
    if (a <= 0 || b <= 0) return 0;
    if (a > kSaturated / b) return kSaturated;
    return a * b;
}
}  // namespace

const catalog::Model* resolveModel(const Design& design, const catalog::Catalog& catalog) {
    if (const auto* inline_model = std::get_if<catalog::Model>(&design.workload.model))
        return inline_model;
    return catalog.model(std::get<std::string>(design.workload.model));
}

namespace {
// The walk up the parent chain; a cycle (rejected by validation) must not loop forever here.
template <class Find>
long long instancesUp(const Item& item, std::size_t items, const Find& find) {
    long long n = item.count;
    const Item* current = &item;
    for (std::size_t depth = 0; !current->parent.empty() && depth < items; ++depth) {
        current = find(current->parent);
        if (!current) break;
        n = saturatingMultiply(n, current->count);
    }
    return n;
}
}  // namespace

long long totalInstances(const Design& design, const Item& item) {
    return instancesUp(item, design.hardware.items.size(),
                       [&](const std::string& id) { return design.findItem(id); });
}

long long totalInstances(const ItemIndex& items, const Item& item) {
    return instancesUp(item, items.size(), [&](const std::string& id) { return items.find(id); });
}

const DevicePool* DeviceSummary::primary() const {
    if (pools.empty()) return nullptr;
    return &*std::max_element(
        pools.begin(), pools.end(),
        [](const DevicePool& a, const DevicePool& b) { return a.devices < b.devices; });
}

DeviceSummary summarizeDevices(const Design& design, const catalog::Catalog& catalog) {
    // Searched per candidate: a short list found by catalog entry, not a map keyed by id.
    DeviceSummary summary;
    const auto poolOf = [&](const catalog::Accelerator* acc) -> DevicePool& {
        for (DevicePool& pool : summary.pools)
            if (pool.accelerator == acc) return pool;
        summary.pools.push_back(DevicePool{});
        summary.pools.back().accelerator = acc;
        return summary.pools.back();
    };
    const ItemIndex index(design);
    for (const Item& item : design.hardware.items) {
        const long long instances = totalInstances(index, item);
        if (item.kind == ItemKind::node) {
            const catalog::NodeTemplate* node = catalog.node(item.ref);
            if (!node) continue;
            const catalog::Accelerator* acc = catalog.accelerator(node->accelerator);
            if (!acc) continue;
            DevicePool& pool = poolOf(acc);
            pool.node = node;
            pool.nodes = std::min(kSaturated, pool.nodes + instances);
            pool.devices_per_node = node->accelerators;
            pool.devices = std::min(
                kSaturated, pool.devices + saturatingMultiply(instances, node->accelerators));
        } else if (item.kind == ItemKind::accelerator) {
            const catalog::Accelerator* acc = catalog.accelerator(item.ref);
            if (!acc) continue;
            DevicePool& pool = poolOf(acc);
            pool.devices = std::min(kSaturated, pool.devices + instances);
            if (pool.devices_per_node == 0)
                pool.devices_per_node = static_cast<int>(std::min<long long>(item.count, 1 << 20));
        }
    }
    // In accelerator id order, as listed everywhere (and the first of equal pools is primary).
    std::sort(summary.pools.begin(), summary.pools.end(),
              [](const DevicePool& a, const DevicePool& b) {
                  return a.accelerator->id < b.accelerator->id;
              });
    for (const DevicePool& pool : summary.pools)
        summary.devices = std::min(kSaturated, summary.devices + pool.devices);
    return summary;
}

}  // namespace infraplan
