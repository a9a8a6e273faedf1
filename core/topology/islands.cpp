#include "core/topology/islands.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <unordered_map>

#include "core/design/resolve.h"

namespace infraplan {
namespace {

constexpr std::size_t kNamesPerIsland = 4;  // then "and N more"
constexpr std::size_t kIslandsNamed = 8;

// "rack/dgx[3]": the item under its enclosing groups, with its replica where it has several.
std::string deviceLabel(const Design& design, const Vertex& v) {
    const Item& item = design.hardware.items[v.item];
    std::string label = item.id;
    for (const Item* p = design.findItem(item.parent); p && label.size() < 200;
         p = design.findItem(p->parent))
        label = p->id + "/" + label;
    if (totalInstances(design, item) > 1) label += "[" + std::to_string(v.instance) + "]";
    return label;
}

std::string joinNames(const std::vector<std::string>& names, std::size_t shown,
                      const char* separator) {
    std::string out;
    for (std::size_t i = 0; i < std::min(names.size(), shown); ++i)
        out += (i ? separator : "") + names[i];
    if (names.size() > shown) out += " and " + std::to_string(names.size() - shown) + " more";
    return out;
}

using IslandMap = std::unordered_map<std::uint32_t, int>;  // placed device -> island

// The island of every placed device: the graph's connected parts, with the devices of one node
// (a template instance, or a drawn accelerator item's group replica) joined, since the per-tier
// estimate gives them their scale-up whether it is drawn or not. Numbered by first rank.
IslandMap islandsOf(const Placement& placement, const FlowCommModel& model) {
    std::map<std::uint32_t, std::size_t> byComponent;
    std::map<std::uint64_t, std::size_t> byNode;
    std::vector<std::size_t> parent, setOf;
    const auto find = [&](std::size_t x) {
        while (parent[x] != x)
            x = parent[x] = parent[parent[x]];
        return x;
    };
    for (long long r = 0; r < placement.ranks(); ++r) {
        const std::uint32_t device = placement.device(r);
        const auto [c, added] = byComponent.emplace(model.component(device), parent.size());
        if (added) parent.push_back(parent.size());
        const auto [n, first] = byNode.emplace(placement.nodeOf(device), c->second);
        if (!first) parent[find(c->second)] = find(n->second);
        setOf.push_back(c->second);
    }
    IslandMap out;
    std::map<std::size_t, int> number;
    for (long long r = 0; r < placement.ranks(); ++r) {
        const std::size_t root = find(setOf[static_cast<std::size_t>(r)]);
        const int next = static_cast<int>(number.size());
        out[placement.device(r)] = number.emplace(root, next).first->second;
    }
    return out;
}

struct NamedIslands {
    int count = 0;      // among the placed devices
    std::string names;  // "island 1: g1/n1; island 2: g2/n2"
};

// Each island's items, in rank order.
NamedIslands nameIslands(const FlowCommModel& model, const Design& design,
                         const IslandMap& island) {
    const Placement& placement = model.placement();
    std::vector<std::vector<std::string>> labels;
    std::vector<std::set<std::string>> seen;
    for (long long r = 0; r < placement.ranks(); ++r) {
        const std::uint32_t device = placement.device(r);
        const auto i = static_cast<std::size_t>(island.at(device));
        if (i >= labels.size()) labels.resize(i + 1), seen.resize(i + 1);
        std::string label = deviceLabel(design, model.graph().vertices[device]);
        if (seen[i].insert(label).second) labels[i].push_back(std::move(label));
    }
    std::vector<std::string> islands;
    for (std::size_t i = 0; i < labels.size(); ++i)
        islands.push_back("island " + std::to_string(i + 1) + ": " +
                          joinNames(labels[i], kNamesPerIsland, ", "));
    return {static_cast<int>(labels.size()), joinNames(islands, kIslandsNamed, "; ")};
}

bool groupsSpan(const Placement& placement, const IslandMap& island, ParallelDim dim) {
    const RankGroups groups = placement.groups(dim);
    for (long long g = 0; g < groups.count(); ++g) {
        const auto devices = groups.group(g);
        for (std::uint32_t d : devices)
            if (island.at(d) != island.at(devices.front())) return true;
    }
    return false;
}

std::string dimensionList(const std::vector<ParallelDim>& dims) {
    std::string out;
    for (std::size_t i = 0; i < dims.size(); ++i) {
        std::string name = toString(dims[i]);
        for (char& c : name)
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        out += (i == 0 ? "" : i + 1 == dims.size() ? " and " : ", ") + name;
    }
    return out;
}

}  // namespace

IslandReport placedIslands(const FlowCommModel& model, const Design& design) {
    IslandReport out;
    if (!model.placement().valid() || model.placement().ranks() == 0) return out;
    const Placement& placement = model.placement();
    const IslandMap island = islandsOf(placement, model);
    const NamedIslands named = nameIslands(model, design, island);
    if (named.count <= 1) return out;
    const bool serving = design.workload.mode == WorkloadMode::inference;
    // The dimensions with a group on more than one island; served replicas (the DP groups)
    // share nothing unless prefill hands its KV cache to decode.
    std::vector<ParallelDim> crossing;
    for (ParallelDim d :
         {ParallelDim::tp, ParallelDim::cp, ParallelDim::ep, ParallelDim::dp, ParallelDim::pp})
        if (placement.size(d) > 1 && groupsSpan(placement, island, d) &&
            !(d == ParallelDim::dp && serving && !design.strategy.disaggregated))
            crossing.push_back(d);
    const std::string islands = "network: the devices form " + std::to_string(named.count) +
                                " islands with no link between them (" + named.names + ")";
    // A design that draws no link at all is a sketch: the per-tier estimate stands in for the
    // network it leaves out, so its islands are named but not refused.
    if (!crossing.empty() && design.hardware.links.empty()) {
        out.warning = islands + "; no link is drawn, so the " + dimensionList(crossing) +
                      " collectives are estimated per tier, as if a network joined them";
    } else if (!crossing.empty()) {
        const bool kv = serving && std::ranges::count(crossing, ParallelDim::dp) > 0;
        out.reason = islands + "; the " + dimensionList(crossing) + " collectives" +
                     (kv ? " (and the prefill-to-decode KV transfer)" : "") +
                     " cannot span them: link the islands, or keep each parallel group on one";
    } else {
        out.warning = islands +
                      (serving ? "; each replica runs inside one island, so they "
                                 "serve independently"
                               : "") +
                      "; communication is estimated per tier instead of over the fabric";
    }
    return out;
}

}  // namespace infraplan
