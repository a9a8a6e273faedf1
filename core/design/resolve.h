#pragma once
// Resolving a design's references against the catalog: which model it runs, which accelerator
// its devices are, and how many there are. Counting is analytic (no graph), so it is cheap
// enough for the engines' hot paths and for refusing absurd designs before expansion.

#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "core/design/design.h"
#include "core/design/item_index.h"

namespace infraplan {

// The model the workload names (catalog id) or carries inline; nullptr if unknown.
const catalog::Model* resolveModel(const Design& design, const catalog::Catalog& catalog);

// Instances of an item once every enclosing group's count is applied (saturates at 2^62).
long long totalInstances(const Design& design, const Item& item);
long long totalInstances(const ItemIndex& items, const Item& item);  // the same, for many items

struct DevicePool {
    const catalog::Accelerator* accelerator = nullptr;
    long long devices = 0;
    const catalog::NodeTemplate* node = nullptr;  // set when the devices come from a template
    long long nodes = 0;                          // node-template instances (0 for loose parts)
    int devices_per_node = 0;                     // template size, or accelerators per group
};

struct DeviceSummary {
    std::vector<DevicePool> pools;  // one per accelerator type
    long long devices = 0;          // all accelerators
    // The pool the engines model (the largest; warnings say so when the design is mixed).
    const DevicePool* primary() const;
};

DeviceSummary summarizeDevices(const Design& design, const catalog::Catalog& catalog);

}  // namespace infraplan
