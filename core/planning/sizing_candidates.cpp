#include "core/planning/sizing_candidates.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace infraplan {
namespace {

bool contains(const std::vector<std::string>& list, const std::string& value) {
    return std::find(list.begin(), list.end(), value) != list.end();
}

// Leaves of a fat-tree whose leaf switches split their ports down:up as oversubscription:1.
long long leavesFor(long long ports, int radix, double oversubscription) {
    const long long down = std::max<long long>(
        1, static_cast<long long>(std::floor(radix * oversubscription / (1 + oversubscription))));
    return (ports + down - 1) / down;
}

// Two tiers hold as many leaves as a spine has ports; beyond that a core tier is needed.
int fabricTiers(long long ports, int radix, double oversubscription) {
    return leavesFor(ports, radix, oversubscription) <= radix ? 2 : 3;
}

}  // namespace

std::vector<const catalog::NodeTemplate*> candidateNodes(const SizingTarget& target,
                                                         const catalog::Catalog& catalog) {
    const SizingFilters& f = target.candidates;
    std::vector<const catalog::NodeTemplate*> out;
    for (const auto& [id, node] : catalog.nodes()) {
        if (!f.nodes.empty() && !contains(f.nodes, id)) continue;
        if (!f.vendors.empty() && !contains(f.vendors, node.vendor)) continue;
        if (node.nics <= 0 || node.nic_link.empty()) continue;  // no scale-out ports to wire
        out.push_back(&node);
    }
    return out;
}

std::vector<long long> candidateNodeCounts(const SizingFilters& filters) {
    std::vector<long long> counts;
    if (!filters.node_counts.empty()) {
        counts = filters.node_counts;
    } else {
        for (long long p = 1; p <= filters.max_nodes; p *= 2) {
            counts.push_back(p);
            if (p >= 2 && p + p / 2 <= filters.max_nodes) counts.push_back(p + p / 2);
        }
    }
    std::erase_if(counts, [&](long long n) { return n > filters.max_nodes; });
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    return counts;
}

std::vector<HardwareCandidate> hardwareCandidates(const SizingTarget& target,
                                                  const catalog::Catalog& catalog) {
    std::vector<HardwareCandidate> out;
    const auto nodes = candidateNodes(target, catalog);
    for (long long count : candidateNodeCounts(target.candidates))
        for (const catalog::NodeTemplate* node : nodes)
            for (double oversubscription : target.candidates.oversubscription)
                out.push_back({node->id, count, oversubscription});
    return out;
}

std::string fabricSwitchFor(const catalog::Catalog& catalog, const std::string& link) {
    const catalog::Link* l = catalog.link(link);
    if (!l) return {};
    const auto wanted = link.rfind("ib-", 0) == 0 ? catalog::SwitchClass::infiniband
                                                  : catalog::SwitchClass::ethernet;
    const double gbps = l->bandwidth_gb_s * 8;
    const catalog::Switch* best = nullptr;
    for (const auto& [id, sw] : catalog.switches()) {
        if (sw.cls != wanted || sw.port_gbps + 1e-9 < gbps || sw.radix < 2) continue;
        if (!best || sw.port_gbps < best->port_gbps ||
            (sw.port_gbps == best->port_gbps && sw.price_usd < best->price_usd))
            best = &sw;
    }
    return best ? best->id : std::string();
}

CandidateDesign candidateDesign(const SizingTarget& target, const HardwareCandidate& candidate,
                                Cooling cooling, const catalog::Catalog& catalog) {
    CandidateDesign out;
    const catalog::NodeTemplate* node = catalog.node(candidate.node);
    if (!node) {
        out.error = "no node template '" + candidate.node + "' in the catalog";
        return out;
    }
    const std::string sw = fabricSwitchFor(catalog, node->nic_link);
    if (sw.empty()) {
        out.error = "no switch in the catalog carries " + node->nic_link + " (the ports of " +
                    node->id + ")";
        return out;
    }
    Design& d = out.design;
    d.name = std::to_string(candidate.nodes) + " x " + node->name;
    d.description = "Sized by infraplan-cli size" +
                    (target.name.empty() ? std::string() : " for \"" + target.name + "\"") +
                    ": a generated fat-tree of the nodes' " + node->nic_link + " ports.";
    Item nodes;
    nodes.id = "nodes";
    nodes.kind = ItemKind::node;
    nodes.ref = node->id;
    nodes.count = candidate.nodes;
    nodes.name = node->name;
    Item fabric;
    fabric.id = "fabric";
    fabric.kind = ItemKind::fabric;
    fabric.name = "Scale-out fabric";
    FabricParams params;
    params.topology = FabricTopology::fat_tree;
    params.switch_ref = sw;
    params.link = node->nic_link;
    params.oversubscription = candidate.oversubscription;
    params.tiers = fabricTiers(candidate.nodes * node->nics, catalog.switchEntry(sw)->radix,
                               candidate.oversubscription);
    fabric.fabric = params;
    d.hardware.items = {nodes, fabric};
    DesignLink link;
    link.from = "nodes";
    link.to = "fabric";
    link.ref = node->nic_link;
    link.count = node->nics;
    d.hardware.links = {link};
    d.workload = target.workload;
    d.strategy = target.strategy;
    d.facility = target.facility;
    d.facility.cooling = cooling;
    d.economics = target.economics;
    d.layout = {{"nodes", {{"position", {0, 0}}}}, {"fabric", {{"position", {0, 260}}}}};
    return out;
}

std::string describeCandidate(const HardwareCandidate& candidate, const catalog::Catalog& catalog) {
    const catalog::NodeTemplate* node = catalog.node(candidate.node);
    char ratio[16];
    std::snprintf(ratio, sizeof ratio, "%g:1", candidate.oversubscription);
    return std::to_string(candidate.nodes) + " x " + (node ? node->name : candidate.node) +
           ", fat-tree " + ratio;
}

}  // namespace infraplan
