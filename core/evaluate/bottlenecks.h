#pragma once
// The bottleneck list of an evaluation, built once from the engines' typed sections: each
// communication phase of a training step is matched (by its parallel dimension) with the
// collective that binds it in the network report, and every bottleneck gets the design item a
// click on it selects.

#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "core/results/results.h"

namespace infraplan {

// Memory items the workload engine actually used, for the bottlenecks that concern them.
struct MemoryItemsUsed {
    std::string offload;      // training offload target, or the KV-offload pool
    std::string near_memory;  // the PIM item that runs decode attention
};

// How pressing a bottleneck is: compute-bound is where a step or a prefill should be
// (healthy); memory beyond the device's capacity is why the design cannot run (critical);
// anything else costs time worth a look (warning).
enum class BottleneckSeverity { healthy, warning, critical };
BottleneckSeverity severityOf(const Bottleneck& bottleneck);

// `engine`: the workload engine's bottlenecks (typed phases, no items yet); `network`: the
// flow-level report, or null when the per-tier estimate was used. The list comes most pressing
// first: by severity, then by share of time. Its first entry is the leading bottleneck, the
// one the canvas marks (unless it is healthy) and the report names.
std::vector<Bottleneck> buildBottlenecks(std::vector<Bottleneck> engine,
                                         const NetworkResults* network,
                                         const MemoryItemsUsed& memory, const Design& design,
                                         const catalog::Catalog& catalog);

}  // namespace infraplan
