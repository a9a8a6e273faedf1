#pragma once
// A CommModel from the node template alone: two tiers (scale-up inside a node, scale-out
// through the node's NICs), each an alpha-beta link, with the textbook collective algorithms
// of docs/training-engine.md (ring, tree, hierarchical, all-to-all). Used until the topology
// engine's flow-level model replaces it behind the same interface; it knows nothing of the fabric
// beyond the leaf oversubscription.

#include <string>

#include "catalog/catalog.h"
#include "core/comm/comm_model.h"
#include "core/comm/rank_layout.h"
#include "core/design/design.h"
#include "core/design/resolve.h"

namespace infraplan {

struct Tier {
    double bandwidth_b_s = 0;  // achieved per rank, per direction
    double latency_s = 0;      // per algorithm step
    const char* name = "";
};

class TierCommModel final : public CommModel {
public:
    // devices_per_node: ranks sharing one scale-up domain and its NICs.
    TierCommModel(const Tier& scale_up, const Tier& scale_out, int devices_per_node,
                  const RankLayout& layout);

    // Tiers from the device pool's node template (or loose accelerators), the design's links
    // to a fabric (NIC count, leaf oversubscription) and the catalog.
    static TierCommModel fromDesign(const Design& design, const catalog::Catalog& catalog,
                                    const DevicePool& pool, const RankLayout& layout);

    CollectiveCost cost(const CollectiveRequest& request) const override;

    // Ranks of one group of `dim` that share a node (1 = every rank on its own node).
    int ranksPerNode(ParallelDim dim) const;
    int groupSize(ParallelDim dim) const { return std::max(1, m_layout[dim]); }
    const Tier& scaleUp() const { return m_up; }
    const Tier& scaleOut() const { return m_out; }
    // Leaf oversubscription, applied to groups that span more nodes than one leaf serves.
    void setFabric(double oversubscription, long long nodes_per_leaf);
    // True when the scale-out tier was assumed (the design draws no NICs for the devices).
    bool assumedScaleOut() const { return m_assumed_out; }

private:
    long long strideOf(ParallelDim dim) const;
    Tier outTier(ParallelDim dim) const;

    Tier m_up;
    Tier m_out;
    int m_devices_per_node = 1;
    RankLayout m_layout;
    double m_oversubscription = 1;
    long long m_leaf_nodes = 1LL << 40;
    bool m_assumed_out = false;
};

}  // namespace infraplan
