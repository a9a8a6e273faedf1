// Direct fabrics: every endpoint owner (node or item instance) gets a router at a position,
// and routers are wired to each other: torus/mesh (TPU-style, with or without wraparound),
// dragonfly (Kim et al. 2008, balanced a = 2p = 2h) and full mesh.

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "core/topology/checked_count.h"
#include "core/topology/fabric_builder.h"

namespace infraplan {
namespace {

// Position of each attachment: its owner's order of first appearance.
std::vector<long long> ownerPositions(const std::vector<FabricAttachment>& attachments,
                                      long long& owners) {
    std::unordered_map<std::uint64_t, long long> index;
    std::vector<long long> position;
    position.reserve(attachments.size());
    for (const FabricAttachment& a : attachments)
        position.push_back(
            index.emplace(a.owner, static_cast<long long>(index.size())).first->second);
    owners = static_cast<long long>(index.size());
    return position;
}

std::vector<std::uint32_t> routersAt(FabricBuilder& b, long long n,
                                     const std::vector<FabricAttachment>& attachments,
                                     const std::vector<long long>& position) {
    std::vector<std::uint32_t> routers;
    for (long long i = 0; i < n; ++i)
        routers.push_back(b.addSwitch(1));
    for (std::size_t k = 0; k < attachments.size(); ++k)
        b.attach(attachments[k], routers[static_cast<std::size_t>(position[k])]);
    return routers;
}

std::vector<int> squareDims(long long n) {
    long long rows = static_cast<long long>(std::sqrt(static_cast<double>(n)));
    while (rows > 1 && n % rows != 0)
        --rows;
    rows = std::max<long long>(rows, 1);
    return {static_cast<int>(rows), static_cast<int>(n / rows)};
}

long long pairs(long long n) {
    return n % 2 == 0 ? checkedMultiply(n / 2, n - 1) : checkedMultiply(n, (n - 1) / 2);
}

FabricSize torusSize(const FabricParams& params, const FabricLoad& load) {
    if (params.dims.empty()) {
        // squareDims(owners): rows x cols = owners, at most two rings of them.
        const long long n = load.owners;
        return {n, checkedMultiply(n, 2)};
    }
    long long n = 1;
    for (int d : params.dims)
        n = checkedMultiply(n, std::max(d, 1));
    long long cables = 0;
    for (int k : params.dims) {
        k = std::max(k, 1);
        cables = checkedAdd(cables, params.wraparound && k > 2 ? n : n - n / k);
    }
    return {n, cables};
}

FabricSize dragonflySize(const FabricParams& params, int radix, const FabricLoad& load) {
    const long long p = std::max(1, (radix + 1) / 4);
    const long long routers = std::max<long long>(1, (load.lanes + p - 1) / p);
    long long groups = params.groups > 0 ? params.groups : (routers + 2 * p - 1) / (2 * p);
    groups = std::clamp<long long>(groups, 1, std::min(routers, dragonflyMaxGroups(radix)));
    const long long perGroup = (routers + groups - 1) / groups;
    const long long global = groups < 2 ? 0 : pairs(groups);
    return {checkedMultiply(groups, perGroup),
            checkedAdd(checkedMultiply(groups, pairs(perGroup)), global)};
}

}  // namespace

FabricSize directFabricSize(const FabricParams& params, int radix, const FabricLoad& load) {
    switch (params.topology) {
        case FabricTopology::torus:
            return torusSize(params, load);
        case FabricTopology::dragonfly:
            return dragonflySize(params, radix, load);
        default:
            return {load.owners, pairs(load.owners)};  // full mesh
    }
}

void buildTorus(FabricBuilder& b, const std::vector<FabricAttachment>& attachments) {
    long long owners = 0;
    const std::vector<long long> position = ownerPositions(attachments, owners);
    const std::vector<int> dims = b.params().dims.empty() ? squareDims(owners) : b.params().dims;
    long long n = 1;
    for (int d : dims)
        n *= std::max(d, 1);
    if (owners > n) {
        b.diagnostics().error(b.pointer() + "/dims",
                              "the torus has " + std::to_string(n) + " positions but " +
                                  std::to_string(owners) + " endpoints attach to it");
        return;
    }
    const std::vector<std::uint32_t> routers = routersAt(b, n, attachments, position);
    const bool wrap = b.params().wraparound;
    long long stride = 1;
    for (int k : dims) {
        k = std::max(k, 1);
        for (long long p = 0; p < n; ++p) {
            const long long coord = (p / stride) % k;
            const bool last = coord + 1 == k;
            if (last && (!wrap || k <= 2)) continue;  // a 2-ring's wrap is the same cable
            const long long q = last ? p - coord * stride : p + stride;
            b.connect(routers[static_cast<std::size_t>(p)], routers[static_cast<std::size_t>(q)],
                      1);
        }
        stride *= k;
    }
}

void buildDragonfly(FabricBuilder& b, const std::vector<FabricAttachment>& attachments) {
    // Balanced dragonfly from the router radix k = p + (a - 1) + h with a = 2p = 2h.
    const long long p = std::max(1, (b.radix() + 1) / 4);
    long long lanes = 0;
    for (const FabricAttachment& a : attachments)
        lanes += a.lanes;
    const long long routers = std::max<long long>(1, (lanes + p - 1) / p);
    long long groups = b.params().groups > 0 ? b.params().groups : (routers + 2 * p - 1) / (2 * p);
    groups = std::clamp<long long>(groups, 1, std::min(routers, dragonflyMaxGroups(b.radix())));
    const long long perGroup = (routers + groups - 1) / groups;
    std::vector<std::uint32_t> all;
    for (long long i = 0; i < groups * perGroup; ++i)
        all.push_back(b.addSwitch(1));
    long long used = 0, r = 0;
    for (const FabricAttachment& a : attachments) {
        if (used + a.lanes > p && used > 0) {
            ++r;
            used = 0;
        }
        b.attach(a, all[static_cast<std::size_t>(std::min(r, groups * perGroup - 1))]);
        used += a.lanes;
    }
    auto router = [&](long long g, long long i) {
        return all[static_cast<std::size_t>(g * perGroup + i)];
    };
    for (long long g = 0; g < groups; ++g)
        for (long long i = 0; i < perGroup; ++i)
            for (long long j = i + 1; j < perGroup; ++j)
                b.connect(router(g, i), router(g, j), 1);
    if (groups < 2) return;
    // Global links: perGroup * h per group, spread evenly over the other groups.
    const long long lanesPerPair = std::max<long long>(1, perGroup * p / (groups - 1));
    for (long long g = 0; g < groups; ++g)
        for (long long o = g + 1; o < groups; ++o)
            b.connect(router(g, (o - 1) % perGroup), router(o, g % perGroup), lanesPerPair);
}

void buildFullMesh(FabricBuilder& b, const std::vector<FabricAttachment>& attachments) {
    long long owners = 0;
    const std::vector<long long> position = ownerPositions(attachments, owners);
    const std::vector<std::uint32_t> routers = routersAt(b, owners, attachments, position);
    for (std::size_t i = 0; i < routers.size(); ++i)
        for (std::size_t j = i + 1; j < routers.size(); ++j)
            b.connect(routers[i], routers[j], 1);
}

}  // namespace infraplan
