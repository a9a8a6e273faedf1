#pragma once
// Memory items a serving replica uses besides device memory (issue 5 item 6): a KV-offload
// target (strategy.kv_offload: a CXL or HBM pool read over its link) and a near-memory
// compute device that runs decode attention where the KV cache lives
// (strategy.near_memory_attention: a PIM item). Bandwidths come from the communication model's
// path to the item when it routes over the expanded graph (CommModel::memoryPath), else from
// the design's links to the item (or its catalog link), with a warning that they are estimated.

#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "core/comm/comm_model.h"
#include "core/design/design.h"
#include "core/results/engine_messages.h"

namespace infraplan {

struct MemoryItemPlan {
    bool usable = false;
    double capacity_bytes = 0;       // all instances
    double link_b_s_per_device = 0;  // each used device, all streaming at once (0 = unknown)
    double internal_b_s = 0;         // all instances: media bandwidth (PIM: seen by its units)
    double compute_flops = 0;        // all instances: near-memory FLOP/s
    long long instances = 0;
    bool from_topology = false;  // link figure reported by the topology engine
};

// `field` names the strategy field for messages.
MemoryItemPlan planMemoryItem(const Design& design, const catalog::Catalog& catalog,
                              const std::string& id, const std::string& field,
                              const CommModel& comm, long long devices_used,
                              EngineMessages& results);

// Near-memory attention needs compute and internal bandwidth: false (with a warning naming
// the field and the missing figure) otherwise.
bool checkNearMemoryCompute(const MemoryItemPlan& plan, const std::string& id,
                            EngineMessages& results);

}  // namespace infraplan
