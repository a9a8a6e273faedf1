#pragma once
// The hardware a sizing sweep tries (docs/planning.md, "Candidates"): catalog node templates,
// cluster sizes stepping in nodes, a generated fat-tree for the nodes' scale-out ports at each
// oversubscription, and the cooling types; and the complete design each one stands for.

#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "core/planning/sizing_target.h"

namespace infraplan {

// One cluster to search a strategy for. Cooling does not change the step, only power and cost,
// so each cluster is searched once and priced under every cooling type of the target.
struct HardwareCandidate {
    std::string node;  // node template id
    long long nodes = 0;
    double oversubscription = 1;
};

// The node templates the filters allow, in catalog order.
std::vector<const catalog::NodeTemplate*> candidateNodes(const SizingTarget& target,
                                                         const catalog::Catalog& catalog);

// Node counts to try, ascending: the target's list, or 1, 2, 3, 4, 6, 8, 12, 16, ... (powers of
// two and 1.5x between them) up to max_nodes.
std::vector<long long> candidateNodeCounts(const SizingFilters& filters);

// The sweep's clusters, ordered size by size across templates (a time budget then still covers
// every vendor): for each node count, each template, each oversubscription.
std::vector<HardwareCandidate> hardwareCandidates(const SizingTarget& target,
                                                  const catalog::Catalog& catalog);

// The scale-out switch for a node's port link: same technology (ib-* InfiniBand, else
// Ethernet), the slowest ports that carry the link, then the cheapest; "" if none.
std::string fabricSwitchFor(const catalog::Catalog& catalog, const std::string& link);

// The complete design a candidate stands for: `nodes` x the template on a generated fat-tree
// of its scale-out ports (2 tiers, 3 when the leaves outgrow one spine layer), the target's
// workload, strategy fields, facility (with `cooling`) and economics. Errors when the catalog
// has no switch for the node's ports.
struct CandidateDesign {
    Design design;
    std::string error;
};
CandidateDesign candidateDesign(const SizingTarget& target, const HardwareCandidate& candidate,
                                Cooling cooling, const catalog::Catalog& catalog);

// "384 x NVIDIA DGX H100 (8x H100 SXM), fat-tree 1:1"
std::string describeCandidate(const HardwareCandidate& candidate, const catalog::Catalog& catalog);

}  // namespace infraplan
