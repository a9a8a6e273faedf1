#include "core/facility/power.h"

#include <algorithm>
#include <unordered_map>

#include "core/facility/cooling.h"
#include "core/facility/racks.h"

namespace infraplan {

double acceleratorIdleW(const catalog::Accelerator& acc, double idle_fraction) {
    if (acc.idle_w > 0) return std::min(acc.idle_w, std::max(0.0, acc.tdp_w));
    return std::max(0.0, acc.tdp_w) * std::clamp(idle_fraction, 0.0, 1.0);
}

double acceleratorAverageW(double tdp_w, double idle_w, double full_fraction, double busy) {
    const double full_w = std::max(idle_w, std::max(0.0, tdp_w) * std::max(0.0, full_fraction));
    return idle_w + (full_w - idle_w) * std::clamp(busy, 0.0, 1.0);
}

double hostNameplateW(const catalog::NodeTemplate& node, const catalog::Accelerator* acc,
                      const catalog::Nic* nic, double server_power_ratio, bool* estimated) {
    if (estimated) *estimated = false;
    if (node.host_power_w > 0) return node.host_power_w;
    const double gpus_w = acc ? std::max(0, node.accelerators) * std::max(0.0, acc->tdp_w) : 0.0;
    const double nics_w = nic ? std::max(0, node.nics) * std::max(0.0, nic->power_w) : 0.0;
    if (node.max_power_w > 0) return std::max(0.0, node.max_power_w - gpus_w - nics_w);
    // Epoch's server/chip TDP ratio: the node rating is ~1.8x the accelerators' TDP.
    if (estimated) *estimated = true;
    return std::max(0.0, (server_power_ratio - 1.0) * gpus_w - nics_w);
}

double bottomUpPue(const FacilityParams& p, double liquid_share) {
    const double liquid = std::clamp(liquid_share, 0.0, 1.0);
    const double mech = liquid * p.pue_mech_liquid + (1 - liquid) * p.pue_mech_air;
    return 1.0 + p.pue_electrical + p.pue_other + mech;
}

namespace {

enum class Part : std::uint8_t { accelerator, host, nic, switch_, memory, other };

// What one vertex draws and costs.
struct VertexPower {
    Part part = Part::other;
    double nameplate_w = 0;
    double average_w = 0;
    double idle_w = 0;
};

// Per design item, resolved once.
struct ItemInfo {
    const catalog::NodeTemplate* node = nullptr;
    const catalog::Accelerator* acc = nullptr;  // node's or item's
    const catalog::Nic* nic = nullptr;
    const catalog::Switch* sw = nullptr;  // switch item, or fabric's switch
    const catalog::MemoryNode* mem = nullptr;
    double host_w = 0;
    double unit_nameplate_w = 0;  // one instance (whole node for nodes)
    double unit_rack_units = 0;
};

void noteOnce(std::vector<std::string>& list, const std::string& id) {
    if (std::find(list.begin(), list.end(), id) == list.end()) list.push_back(id);
}

ItemInfo resolveItem(const Item& item, const catalog::Catalog& cat, const FacilityParams& p,
                     std::vector<std::string>& warnings) {
    ItemInfo info;
    switch (item.kind) {
        case ItemKind::node: {
            info.node = cat.node(item.ref);
            if (!info.node) break;
            info.acc = cat.accelerator(info.node->accelerator);
            info.nic = cat.nic(info.node->nic);
            bool estimated = false;
            info.host_w =
                hostNameplateW(*info.node, info.acc, info.nic, p.server_power_ratio, &estimated);
            if (estimated)
                warnings.push_back("node '" + info.node->id +
                                   "' has no host or system power in the catalog: host assumed "
                                   "at (server_power_ratio - 1) x accelerator TDP");
            const catalog::Link* port = cat.link(info.node->nic_link);
            info.unit_nameplate_w =
                info.host_w + info.node->accelerators * (info.acc ? info.acc->tdp_w : 0) +
                info.node->nics *
                    ((info.nic ? info.nic->power_w : 0) + (port ? port->power_w_per_port : 0));
            info.unit_rack_units = info.node->rack_units;
            break;
        }
        case ItemKind::accelerator:
            info.acc = cat.accelerator(item.ref);
            info.unit_nameplate_w = info.acc ? info.acc->tdp_w : 0;
            break;
        case ItemKind::nic:
            info.nic = cat.nic(item.ref);
            info.unit_nameplate_w = info.nic ? info.nic->power_w : 0;
            break;
        case ItemKind::switch_:
            info.sw = cat.switchEntry(item.ref);
            info.unit_nameplate_w = info.sw ? info.sw->power_w : 0;
            break;
        case ItemKind::fabric:
            if (item.fabric) info.sw = cat.switchEntry(item.fabric->switch_ref);
            info.unit_nameplate_w = info.sw ? info.sw->power_w : 0;
            break;
        case ItemKind::memory:
            info.mem = cat.memory(item.ref);
            info.unit_nameplate_w = info.mem ? info.mem->power_w : 0;
            break;
        case ItemKind::cpu:
            info.unit_nameplate_w = std::max(0.0, item.power_w);
            break;
        case ItemKind::group:
            break;
    }
    return info;
}

}  // namespace

PowerRollup rollUpPower(const Design& design, const catalog::Catalog& catalog, const Graph& graph,
                        const FacilityParams& p, const FacilityWorkload& workload,
                        std::vector<std::string>& warnings) {
    PowerRollup out;
    HardwareTally& tally = out.tally;
    const auto& items = design.hardware.items;

    std::vector<ItemInfo> info;
    info.reserve(items.size());
    std::vector<double> unitW, unitRu;
    for (const Item& item : items) {
        info.push_back(resolveItem(item, catalog, p, warnings));
        unitW.push_back(info.back().unit_nameplate_w);
        unitRu.push_back(info.back().unit_rack_units);
    }
    RackAssigner racks(design, p, unitW, unitRu);

    // The strategy uses the first devices_used accelerators in rank order; the rest idle.
    std::vector<char> busy(graph.vertices.size(), 0);
    const long long used =
        workload.devices_used < 0
            ? static_cast<long long>(graph.accelerators.size())
            : std::min<long long>(workload.devices_used, graph.accelerators.size());
    for (long long r = 0; r < used; ++r)
        if (graph.accelerators[r] < busy.size()) busy[graph.accelerators[r]] = 1;
    // With the engine's busy share, a device draws idle + (active - idle) x busy (as the
    // training engine counts its energy); without it, the measured average fraction of TDP.
    const double modeFraction = workload.mode == WorkloadMode::training
                                    ? p.gpu_power_fraction_training
                                    : p.gpu_power_fraction_inference;
    const double fullFraction = workload.busy_fraction ? p.gpu_active_power_fraction : modeFraction;
    const double busyShare = std::clamp(workload.busy_fraction.value_or(1.0), 0.0, 1.0);

    PowerResults& pw = out.power;
    std::unordered_map<std::uint64_t, RackLoad> loads;
    std::vector<std::uint64_t> rackOfVertex(graph.vertices.size(), 0);

    for (std::size_t vi = 0; vi < graph.vertices.size(); ++vi) {
        const Vertex& v = graph.vertices[vi];
        if (v.item >= items.size()) continue;
        const Item& item = items[v.item];
        const ItemInfo& ii = info[v.item];
        const bool inNode = item.kind == ItemKind::node;
        VertexPower vp;
        switch (v.kind) {
            case VertexKind::accelerator: {
                const catalog::Accelerator* acc = ii.acc;
                if (!inNode && v.ref) acc = catalog.accelerator(*v.ref);
                vp.part = Part::accelerator;
                ++tally.accelerators;
                if (!acc) break;
                vp.nameplate_w = acc->tdp_w;
                vp.idle_w = acceleratorIdleW(*acc, p.idle_power_fraction);
                vp.average_w =
                    busy[vi] ? acceleratorAverageW(acc->tdp_w, vp.idle_w, fullFraction, busyShare)
                             : vp.idle_w;
                if (busy[vi]) {
                    ++tally.accelerators_used;
                    tally.accelerator_failures_per_year += acc->annual_failure_rate;
                }
                if (!inNode) {
                    tally.compute_usd += acc->price_usd;
                    if (acc->price_usd <= 0) noteOnce(tally.unpriced, acc->id);
                }
                if (acc->tdp_w <= 0) noteOnce(tally.unpowered, acc->id);
                break;
            }
            case VertexKind::cpu:
                if (inNode) {  // the node's host: its rating, and the node's price
                    vp.part = Part::host;
                    vp.nameplate_w = ii.host_w;
                    ++tally.nodes;
                    if (ii.node) {
                        double price = ii.node->price_usd;
                        if (price <= 0 && ii.acc)  // Epoch's server/chip cost ratio
                            price = ii.node->accelerators * ii.acc->price_usd * p.server_cost_ratio;
                        if (price <= 0) noteOnce(tally.unpriced, ii.node->id);
                        tally.compute_usd += price;
                    }
                } else {
                    vp.part = Part::other;
                    vp.nameplate_w = std::max(0.0, item.power_w);
                }
                vp.average_w = vp.idle_w = vp.nameplate_w * p.host_average_fraction;
                break;
            case VertexKind::nic: {
                const catalog::Nic* nic = inNode ? ii.nic : (v.ref ? catalog.nic(*v.ref) : ii.nic);
                vp.part = Part::nic;
                ++tally.nics;
                if (nic) {
                    vp.nameplate_w = vp.average_w = vp.idle_w = nic->power_w;
                    if (!inNode) {
                        tally.network_usd += nic->price_usd;
                        if (nic->price_usd <= 0) noteOnce(tally.unpriced, nic->id);
                    }
                }
                break;
            }
            case VertexKind::switch_: {
                if (inNode) break;  // scale-up switches are part of the node's rating and price
                const catalog::Switch* sw = v.ref ? catalog.switchEntry(*v.ref) : ii.sw;
                if (!sw) sw = ii.sw;
                vp.part = Part::switch_;
                ++tally.switches;
                if (sw) {
                    vp.nameplate_w = vp.average_w = vp.idle_w = sw->power_w;
                    tally.network_usd += sw->price_usd;
                    if (sw->price_usd <= 0) noteOnce(tally.unpriced, sw->id);
                    if (sw->power_w <= 0) noteOnce(tally.unpowered, sw->id);
                }
                break;
            }
            case VertexKind::memory: {
                const catalog::MemoryNode* mem = v.ref ? catalog.memory(*v.ref) : ii.mem;
                vp.part = Part::memory;
                if (mem) {
                    vp.nameplate_w = vp.average_w = vp.idle_w = mem->power_w;
                    tally.memory_usd += mem->price_usd;
                }
                break;
            }
        }
        const std::uint64_t rack = racks.rackOf(v.item, v.instance, vp.nameplate_w);
        rackOfVertex[vi] = rack;
        RackLoad& load = loads[rack];
        load.nameplate_w += vp.nameplate_w;
        load.average_w += vp.average_w;
        if (v.kind == VertexKind::accelerator) ++load.accelerators;

        pw.it_nameplate_kw += vp.nameplate_w / 1000.0;
        pw.it_kw += vp.average_w / 1000.0;
        pw.it_idle_kw += vp.idle_w / 1000.0;
        double* bucket = nullptr;
        switch (vp.part) {
            case Part::accelerator:
                bucket = &pw.accelerators_kw;
                break;
            case Part::host:
                bucket = &pw.hosts_kw;
                break;
            case Part::nic:
                bucket = &pw.nics_kw;
                break;
            case Part::switch_:
                bucket = &pw.switches_kw;
                break;
            case Part::memory:
                bucket = &pw.memory_kw;
                break;
            case Part::other:
                bucket = &pw.other_kw;
                break;
        }
        *bucket += vp.average_w / 1000.0;
    }

    // Optics and cables: every link drawn outside a node, power at both ends, cost per link.
    for (const Edge& e : graph.edges) {
        if (e.item < items.size() && items[e.item].kind == ItemKind::node && e.design_link < 0)
            continue;  // inside the node: covered by its rating and price
        const catalog::Link* link = e.ref ? catalog.link(*e.ref) : nullptr;
        if (!link) continue;
        const double lanes = std::max<std::uint32_t>(1, e.lanes);
        tally.cables += static_cast<long long>(lanes);
        tally.network_usd += link->cost_usd * lanes;
        const double endW = link->power_w_per_port * lanes;
        for (std::uint32_t end : {e.a, e.b}) {
            if (end >= rackOfVertex.size()) continue;
            RackLoad& load = loads[rackOfVertex[end]];
            load.nameplate_w += endW;
            load.average_w += endW;
        }
        pw.optics_kw += 2 * endW / 1000.0;
    }
    pw.it_nameplate_kw += pw.optics_kw;
    pw.it_kw += pw.optics_kw;
    pw.it_idle_kw += pw.optics_kw;

    pw.rack_groups = racks.summarize(loads, warnings);
    for (const RackGroup& g : pw.rack_groups) {
        pw.racks += g.racks;
        pw.max_rack_kw = std::max(pw.max_rack_kw, g.nameplate_kw);
    }
    pw.it_capacity_kw = pw.it_nameplate_kw * (1 + p.transient_margin);
    pw.pue =
        p.pue_model == PueModel::bottom_up ? bottomUpPue(p, 1 - componentAirFraction(p)) : p.pue;
    pw.facility_kw = pw.it_kw * pw.pue;
    pw.facility_capacity_kw = pw.it_capacity_kw * pw.pue;
    if (tally.accelerators > 0) {
        pw.kw_per_device_average = pw.facility_kw / static_cast<double>(tally.accelerators);
        pw.kw_per_device_capacity =
            pw.facility_capacity_kw / static_cast<double>(tally.accelerators);
    }
    return out;
}

}  // namespace infraplan
