// Folded-Clos fabrics: fat-tree (2 or 3 tiers), rail-optimized (leaves per NIC rail under a
// shared spine, as in NVIDIA's DGX SuperPOD reference architecture) and rail-only (one
// independent network per rail, Wang et al. 2023, "How to build low-cost networks for LLMs").
// Oversubscription is applied at the leaves; the tiers above are non-blocking.

#include <algorithm>
#include <cmath>

#include "core/topology/checked_count.h"
#include "core/topology/fabric_builder.h"

namespace infraplan {
namespace {

using Group = std::vector<const FabricAttachment*>;

// Leaf ports: `down` to endpoints, `up` to the next tier, down:up = oversubscription.
struct LeafShape {
    long long down = 1, up = 1;
};

LeafShape leafShape(int radix, double oversubscription) {
    const double o =
        std::isfinite(oversubscription) && oversubscription >= 1 ? oversubscription : 1.0;
    LeafShape s;
    s.down = std::clamp<long long>(static_cast<long long>(std::floor(radix * o / (1 + o))), 1,
                                   std::max(radix - 1, 1));
    s.up = std::clamp<long long>(static_cast<long long>(std::ceil(s.down / o)), 1,
                                 std::max<long long>(radix - s.down, 1));
    return s;
}

// Fill leaves with each group's attachments in order; groups never share a leaf.
std::vector<std::uint32_t> placeLeaves(FabricBuilder& b, const std::vector<Group>& groups,
                                       long long down) {
    std::vector<std::uint32_t> leaves;
    for (const Group& group : groups) {
        long long used = down;  // forces a new leaf for the group's first attachment
        for (const FabricAttachment* a : group) {
            if (used + a->lanes > down && used > 0) {
                leaves.push_back(b.addSwitch(1));
                used = 0;
            }
            b.attach(*a, leaves.back());
            used += a->lanes;
        }
    }
    return leaves;
}

std::vector<std::uint32_t> addSwitches(FabricBuilder& b, long long n, int tier) {
    std::vector<std::uint32_t> out;
    for (long long i = 0; i < n; ++i)
        out.push_back(b.addSwitch(tier));
    return out;
}

long long ceilDiv(long long a, long long b) {
    return b > 0 ? (a + b - 1) / b : 0;
}

// Leaves -> aggregation per pod -> core planes (the k-ary fat-tree of Al-Fares et al. 2008,
// generalised to any pod count: agg j of every pod wires to core plane j).
void buildThreeTier(FabricBuilder& b, const std::vector<std::uint32_t>& leaves, long long up) {
    const long long half = std::max(b.radix() / 2, 1);
    const long long leavesPerPod = half;
    const long long pods = ceilDiv(static_cast<long long>(leaves.size()), leavesPerPod);
    const long long aggsPerPod = std::max<long long>(1, ceilDiv(leavesPerPod * up, half));
    std::vector<std::vector<std::uint32_t>> planes(static_cast<std::size_t>(aggsPerPod));
    for (long long p = 0; p < pods; ++p) {
        const auto first = leaves.begin() + p * leavesPerPod;
        const auto last =
            leaves.begin() +
            std::min<long long>((p + 1) * leavesPerPod, static_cast<long long>(leaves.size()));
        const std::vector<std::uint32_t> podLeaves(first, last);
        const std::vector<std::uint32_t> aggs = addSwitches(b, aggsPerPod, 2);
        b.wireEvenly(podLeaves, aggs, up);
        for (long long j = 0; j < aggsPerPod; ++j)
            planes[static_cast<std::size_t>(j)].push_back(aggs[static_cast<std::size_t>(j)]);
    }
    if (pods <= 1) return;
    const long long coresPerPlane = std::max<long long>(1, ceilDiv(pods * half, b.radix()));
    for (const auto& plane : planes)
        b.wireEvenly(plane, addSwitches(b, coresPerPlane, 3), half);
}

void buildClos(FabricBuilder& b, const std::vector<Group>& groups) {
    const LeafShape shape = leafShape(b.radix(), b.params().oversubscription);
    const std::vector<std::uint32_t> leaves = placeLeaves(b, groups, shape.down);
    const long long n = static_cast<long long>(leaves.size());
    if (n <= 1) return;  // one switch reaches every endpoint
    const long long spines = std::max<long long>(1, ceilDiv(n * shape.up, b.radix()));
    if (b.params().tiers >= 3 || spines > shape.up) {
        if (b.params().tiers < 3)
            b.diagnostics().warning(
                b.pointer(), std::to_string(n) + " leaves exceed a 2-tier fat-tree of radix " +
                                 std::to_string(b.radix()) + "; a core tier was added");
        buildThreeTier(b, leaves, shape.up);
        return;
    }
    b.wireEvenly(leaves, addSwitches(b, spines, 2), shape.up);
}

// buildClos's switches and cables above `leaves` leaves, without building them.
FabricSize closAbove(long long leaves, int radix, const LeafShape& shape, int tiers) {
    FabricSize s{leaves, 0};
    if (leaves <= 1) return s;
    const long long spines =
        std::max<long long>(1, ceilDiv(checkedMultiply(leaves, shape.up), radix));
    if (tiers < 3 && spines <= shape.up) {
        s.switches = checkedAdd(s.switches, spines);
        s.cables = checkedMultiply(leaves, std::min(shape.up, spines));
        return s;
    }
    const long long half = std::max(radix / 2, 1);
    const long long pods = ceilDiv(leaves, half);
    const long long aggsPerPod = std::max<long long>(1, ceilDiv(half * shape.up, half));
    s.switches = checkedAdd(s.switches, checkedMultiply(pods, aggsPerPod));
    s.cables = checkedMultiply(leaves, std::min(shape.up, aggsPerPod));
    if (pods > 1) {
        const long long cores = std::max<long long>(1, ceilDiv(checkedMultiply(pods, half), radix));
        s.switches = checkedAdd(s.switches, checkedMultiply(aggsPerPod, cores));
        s.cables = checkedAdd(
            s.cables, checkedMultiply(checkedMultiply(aggsPerPod, pods), std::min(half, cores)));
    }
    return s;
}

std::vector<Group> byRail(const std::vector<FabricAttachment>& attachments, int rails) {
    std::vector<Group> groups(static_cast<std::size_t>(std::max(rails, 1)));
    for (const FabricAttachment& a : attachments)
        groups[static_cast<std::size_t>(a.rail % static_cast<int>(groups.size()))].push_back(&a);
    std::erase_if(groups, [](const Group& g) { return g.empty(); });
    return groups;
}

}  // namespace

FabricSize closFabricSize(const FabricParams& params, int radix, const FabricLoad& load) {
    const LeafShape shape = leafShape(radix, params.oversubscription);
    // placeLeaves fills a leaf with whole attachments: down / (lanes each) of them.
    const long long lanesEach = std::max<long long>(1, ceilDiv(load.lanes, load.attachments));
    const long long perLeaf = std::max<long long>(1, shape.down / lanesEach);
    const long long groups = params.topology == FabricTopology::fat_tree
                                 ? 1
                                 : std::clamp<long long>(params.rails, 1, load.attachments);
    const long long leavesPerGroup = ceilDiv(ceilDiv(load.attachments, groups), perLeaf);
    if (params.topology == FabricTopology::rail_only) {
        const FabricSize rail = closAbove(leavesPerGroup, radix, shape, params.tiers);
        return {checkedMultiply(rail.switches, groups), checkedMultiply(rail.cables, groups)};
    }
    return closAbove(checkedMultiply(leavesPerGroup, groups), radix, shape, params.tiers);
}

void buildFatTree(FabricBuilder& b, const std::vector<FabricAttachment>& attachments) {
    Group all;
    for (const FabricAttachment& a : attachments)
        all.push_back(&a);
    buildClos(b, {all});
}

void buildRailOptimized(FabricBuilder& b, const std::vector<FabricAttachment>& attachments) {
    buildClos(b, byRail(attachments, b.params().rails));
}

void buildRailOnly(FabricBuilder& b, const std::vector<FabricAttachment>& attachments) {
    for (const Group& rail : byRail(attachments, b.params().rails))
        buildClos(b, {rail});
}

}  // namespace infraplan
