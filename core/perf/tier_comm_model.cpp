#include "core/perf/tier_comm_model.h"

#include "core/comm/collective_efficiency.h"
#include "core/design/item_index.h"

#include <algorithm>
#include <cmath>

namespace infraplan {
namespace {

double ringAllReduce(double n, double bytes, const Tier& t) {
    if (n <= 1) return 0;
    return 2 * (n - 1) / n * bytes / t.bandwidth_b_s + 2 * (n - 1) * t.latency_s;
}
double treeAllReduce(double n, double bytes, const Tier& t) {
    if (n <= 1) return 0;
    return 2 * bytes / t.bandwidth_b_s + 2 * std::log2(n) * t.latency_s;
}
double ringHalf(double n, double bytes, const Tier& t) {  // reduce-scatter or all-gather
    if (n <= 1) return 0;
    return (n - 1) / n * bytes / t.bandwidth_b_s + (n - 1) * t.latency_s;
}

}  // namespace

TierCommModel::TierCommModel(const Tier& scale_up, const Tier& scale_out, int devices_per_node,
                             const RankLayout& layout)
    : m_up(scale_up)
    , m_out(scale_out)
    , m_devices_per_node(std::max(1, devices_per_node))
    , m_layout(layout) {
    // A tier without bandwidth would divide by zero; a crawl (1 MB/s) keeps results finite and
    // makes the missing link the obvious bottleneck.
    if (!(m_up.bandwidth_b_s > 0))
        m_up.bandwidth_b_s = m_out.bandwidth_b_s > 0 ? m_out.bandwidth_b_s : 1e6;
    if (!(m_out.bandwidth_b_s > 0)) m_out.bandwidth_b_s = 1e6;
}

void TierCommModel::setFabric(double oversubscription, long long nodes_per_leaf) {
    m_oversubscription = std::max(1.0, oversubscription);
    m_leaf_nodes = std::max(1LL, nodes_per_leaf);
}

long long TierCommModel::strideOf(ParallelDim dim) const {
    long long stride = 1;                  // ranks between neighbours of one group
    if (dim == ParallelDim::ep) return 1;  // experts spread over consecutive ranks
    for (ParallelDim d : m_layout.order) {
        if (d == dim) break;
        stride *= std::max(1, m_layout[d]);
    }
    return stride;
}

int TierCommModel::ranksPerNode(ParallelDim dim) const {
    const int n = groupSize(dim);
    const long long stride = strideOf(dim);
    if (stride >= m_devices_per_node) return 1;
    return static_cast<int>(std::clamp<long long>(m_devices_per_node / stride, 1, n));
}

// Per-rank scale-out bandwidth for a group of `dim`: the leaf uplinks are shared when the
// group's nodes do not all hang off one leaf.
Tier TierCommModel::outTier(ParallelDim dim) const {
    Tier t = m_out;
    const long long span = (groupSize(dim) - 1) * strideOf(dim) / m_devices_per_node + 1;
    if (span > m_leaf_nodes) t.bandwidth_b_s /= m_oversubscription;
    return t;
}

CollectiveCost TierCommModel::cost(const CollectiveRequest& r) const {
    CollectiveCost c;
    const Tier out = outTier(r.dim);
    const double n = groupSize(r.dim);
    const double bytes = std::max(0.0, r.bytes);
    if (n <= 1 || bytes <= 0) return c;
    const double g = ranksPerNode(r.dim);  // ranks of the group inside one node
    const double nodes = n / g;
    const bool intra = nodes <= 1;
    c.binding_tier = intra ? m_up.name : out.name;
    switch (r.op) {
        case Collective::all_reduce:
            if (intra) {
                c.time_s = ringAllReduce(n, bytes, m_up);
            } else if (g <= 1) {
                c.time_s = std::min(ringAllReduce(n, bytes, out), treeAllReduce(n, bytes, out));
            } else {
                // Hierarchical: reduce-scatter in the node, all-reduce of 1/g across nodes
                // (each of the g ranks over its share of the NICs), all-gather in the node.
                const double inter = std::min(ringAllReduce(nodes, bytes / g, out),
                                              treeAllReduce(nodes, bytes / g, out));
                c.time_s = 2 * ringHalf(g, bytes, m_up) + inter;
            }
            break;
        case Collective::reduce_scatter:
        case Collective::all_gather:
            // bytes = the whole gathered buffer; each rank owns 1/n of it.
            c.time_s = intra
                           ? ringHalf(n, bytes, m_up)
                           : (g <= 1 ? ringHalf(n, bytes, out)
                                     : ringHalf(g, bytes, m_up) + ringHalf(nodes, bytes / g, out));
            break;
        case Collective::all_to_all: {
            // Each rank sends bytes/n to every other rank: (g-1)/n of its buffer stays in the
            // node, (n-g)/n crosses the NICs; the two tiers run concurrently.
            const double upTime = (g - 1) / n * bytes / m_up.bandwidth_b_s;
            const double outTime = (n - g) / n * bytes / out.bandwidth_b_s;
            c.time_s =
                std::max(upTime, outTime) + (n - 1) * (intra ? m_up.latency_s : out.latency_s);
            c.binding_tier = outTime >= upTime ? out.name : m_up.name;
            break;
        }
        case Collective::send_recv: {
            // Neighbouring stages share a node when the group packs several ranks in one.
            const Tier& t = g > 1 ? m_up : out;
            c.time_s = bytes / t.bandwidth_b_s + t.latency_s;
            c.binding_tier = t.name;
            break;
        }
    }
    c.time_s = std::max(0.0, c.time_s);
    return c;
}

}  // namespace infraplan

namespace infraplan {

TierCommModel TierCommModel::fromDesign(const Design& design, const catalog::Catalog& catalog,
                                        const DevicePool& pool, const RankLayout& layout) {
    Tier up;
    Tier out;
    up.name = "scale-up link";
    out.name = "nic";
    const catalog::Accelerator* acc = pool.accelerator;
    int perNode = std::max(1, pool.devices_per_node);
    std::string upLink = acc ? acc->scaleup_link : "";
    if (pool.node && !pool.node->scaleup_link.empty()) upLink = pool.node->scaleup_link;
    const catalog::Link* upEntry = catalog.link(upLink);
    up.bandwidth_b_s = (acc ? acc->scaleup_bw_gb_s : 0) * 1e9 * achievedFraction(upEntry, true);
    up.latency_s = (upEntry ? upEntry->latency_ns * 1e-9 : 0) + stepLatency(upEntry, true);

    // Scale-out: the design's links from the node item (lanes x link rate) override the
    // template's NICs; a fabric they reach supplies oversubscription and leaf size.
    double nodeOut_b_s = 0;  // achieved by collectives
    double outLatency_s = 0;
    double outStep_s = 0;
    int lanes = 0;
    const FabricParams* fabric = nullptr;
    const ItemIndex items(design);
    for (const DesignLink& link : design.hardware.links) {
        const Item* a = items.find(link.from);
        const Item* b = items.find(link.to);
        if (!a || !b) continue;
        const Item* node =
            a->kind == ItemKind::node ? a : (b->kind == ItemKind::node ? b : nullptr);
        const Item* other = node == a ? b : a;
        if (!node || !pool.node || node->ref != pool.node->id) continue;
        const catalog::Link* entry = catalog.link(link.ref);
        if (!entry || entry->cls == catalog::LinkClass::scale_up) continue;
        nodeOut_b_s += entry->bandwidth_gb_s * 1e9 * std::max(0LL, link.count) *
                       achievedFraction(entry, false);
        outStep_s = std::max(outStep_s, stepLatency(entry, false));
        lanes += static_cast<int>(std::min(link.count, 1LL << 20));
        outLatency_s = std::max(outLatency_s, entry->latency_ns * 1e-9);
        if (other->kind == ItemKind::fabric && other->fabric) fabric = &*other->fabric;
    }
    if (nodeOut_b_s <= 0 && pool.node) {
        const catalog::Link* nicLink = catalog.link(pool.node->nic_link);
        const catalog::Nic* nic = catalog.nic(pool.node->nic);
        const double perNic_gb_s =
            nicLink ? nicLink->bandwidth_gb_s : (nic ? nic->port_gbps * nic->ports / 8 : 0);
        nodeOut_b_s =
            perNic_gb_s * 1e9 * std::max(0, pool.node->nics) * achievedFraction(nicLink, false);
        outStep_s = stepLatency(nicLink, false);
        lanes = pool.node->nics;
        outLatency_s = nicLink ? nicLink->latency_ns * 1e-9 : 0;
    }
    bool assumed = false;
    if (nodeOut_b_s <= 0) {
        // Nothing drawn: assume one 200 Gb/s port per device, and say so.
        nodeOut_b_s = 25e9 * perNode * achievedFraction(nullptr, false);
        outStep_s = stepLatency(nullptr, false);
        outLatency_s = 1e-6;
        assumed = true;
    }
    out.bandwidth_b_s = nodeOut_b_s / perNode;
    out.latency_s = outLatency_s + outStep_s;
    TierCommModel model(up, out, perNode, layout);
    model.m_assumed_out = assumed;
    if (fabric) {
        const catalog::Switch* sw = catalog.switchEntry(fabric->switch_ref);
        // A leaf gives half its ports to hosts; rail-optimized leaves take one port per node
        // per rail, so rails x half-radix / lanes nodes share a leaf.
        long long leafNodes = 1LL << 40;
        if (sw && sw->radix > 0 && lanes > 0)
            leafNodes = std::max(
                1LL, static_cast<long long>(sw->radix / 2) * std::max(1, fabric->rails) / lanes);
        model.setFabric(fabric->oversubscription, leafNodes);
    }
    return model;
}

}  // namespace infraplan
