#include "core/facility/power.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <optional>
#include <unordered_map>

#include "core/facility/cabling.h"
#include "core/facility/cooling.h"
#include "core/facility/facility_hardware.h"
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

// One walk over the graph's vertices and edges: each part's rating, idle draw and price, the
// racks they load, and the totals by part. The accelerators' average draw depends on the
// workload: the walk records their kinds, ranks and racks for powerUnderWorkload.
class PowerWalk {
public:
    PowerWalk(const Design& design, const catalog::Catalog& catalog, const Graph& graph,
              FacilityHardware& out)
        : m_design(design), m_catalog(catalog), m_graph(graph), m_p(out.params), m_out(out) {
        std::vector<double> unitW, unitRu;
        for (const Item& item : design.hardware.items) {
            m_info.push_back(resolveItem(item, catalog, m_p, out.warnings));
            unitW.push_back(m_info.back().unit_nameplate_w);
            unitRu.push_back(m_info.back().unit_rack_units);
        }
        m_racks = std::make_unique<RackAssigner>(design, m_p, std::move(unitW), std::move(unitRu));
        rankAccelerators();
        m_rackOfVertex.assign(graph.vertices.size(), 0);
    }

    void run() {
        for (std::size_t vi = 0; vi < m_graph.vertices.size(); ++vi)
            addVertex(vi);
        addOptics();
        finish();
    }

private:
    // A strategy uses the first devices_used accelerators in rank order: each one's rank.
    void rankAccelerators() {
        m_rankOf.assign(m_graph.vertices.size(), -1);
        m_out.ranked_accelerators = static_cast<long long>(m_graph.accelerators.size());
        for (std::size_t r = 0; r < m_graph.accelerators.size(); ++r) {
            const std::uint32_t v = m_graph.accelerators[r];
            if (v < m_rankOf.size() && m_rankOf[v] < 0) m_rankOf[v] = static_cast<long long>(r);
        }
    }

    // The kind of a catalog accelerator (one per entry), counting this device in it.
    void countKind(std::size_t vi, const catalog::Accelerator& acc, double idle_w) {
        std::size_t k = 0;
        while (k < m_kindAcc.size() && m_kindAcc[k] != &acc)
            ++k;
        if (k == m_kindAcc.size()) {
            m_kindAcc.push_back(&acc);
            m_out.kinds.push_back({acc.tdp_w, idle_w, acc.annual_failure_rate, 0, {}});
        }
        AcceleratorKind& kind = m_out.kinds[k];
        ++kind.count;
        if (m_rankOf[vi] >= 0) kind.ranks.push_back(m_rankOf[vi]);
        m_seatKind = static_cast<long long>(k);
    }

    VertexPower accelerator(std::size_t vi, const ItemInfo& ii, bool inNode,
                            const std::string* ref) {
        HardwareTally& tally = m_out.tally;
        VertexPower vp;
        const catalog::Accelerator* acc = ii.acc;
        if (!inNode && ref) acc = m_catalog.accelerator(*ref);
        vp.part = Part::accelerator;
        ++tally.accelerators;
        if (!acc) return vp;
        vp.nameplate_w = acc->tdp_w;
        vp.idle_w = acceleratorIdleW(*acc, m_p.idle_power_fraction);
        vp.average_w = 0;  // the workload's (powerUnderWorkload)
        countKind(vi, *acc, vp.idle_w);
        if (!inNode) {
            charge(CapexClass::compute, *acc, "accelerator", acc->price_usd, 1, "price_usd");
            if (acc->price_usd <= 0) noteOnce(tally.unpriced, acc->id);
        }
        if (acc->tdp_w <= 0) noteOnce(tally.unpowered, acc->id);
        return vp;
    }

    // A node's host (its rating, and the node's price), or a CPU drawn as an item.
    VertexPower cpu(const Item& item, const ItemInfo& ii, bool inNode) {
        HardwareTally& tally = m_out.tally;
        VertexPower vp;
        if (inNode) {
            vp.part = Part::host;
            vp.nameplate_w = ii.host_w;
            ++tally.nodes;
            if (ii.node) chargeNode(*ii.node, ii.acc);
        } else {
            vp.part = Part::other;
            vp.nameplate_w = std::max(0.0, item.power_w);
        }
        vp.average_w = vp.idle_w = vp.nameplate_w * m_p.host_average_fraction;
        return vp;
    }

    VertexPower nic(const ItemInfo& ii, bool inNode, const std::string* ref) {
        HardwareTally& tally = m_out.tally;
        VertexPower vp;
        const catalog::Nic* nic = inNode ? ii.nic : (ref ? m_catalog.nic(*ref) : ii.nic);
        vp.part = Part::nic;
        ++tally.nics;
        if (nic) {
            vp.nameplate_w = vp.average_w = vp.idle_w = nic->power_w;
            if (!inNode) {
                charge(CapexClass::network, *nic, "nic", nic->price_usd, 1, "price_usd");
                if (nic->price_usd <= 0) noteOnce(tally.unpriced, nic->id);
            }
        }
        return vp;
    }

    VertexPower switchPart(const ItemInfo& ii, bool inNode, const std::string* ref) {
        HardwareTally& tally = m_out.tally;
        VertexPower vp;
        if (inNode) return vp;  // scale-up switches are part of the node's rating and price
        const catalog::Switch* sw = ref ? m_catalog.switchEntry(*ref) : ii.sw;
        if (!sw) sw = ii.sw;
        vp.part = Part::switch_;
        ++tally.switches;
        if (sw) {
            vp.nameplate_w = vp.average_w = vp.idle_w = sw->power_w;
            charge(CapexClass::network, *sw, "switch", sw->price_usd, 1, "price_usd");
            if (sw->price_usd <= 0) noteOnce(tally.unpriced, sw->id);
            if (sw->power_w <= 0) noteOnce(tally.unpowered, sw->id);
        }
        return vp;
    }

    VertexPower memory(const ItemInfo& ii, const std::string* ref) {
        VertexPower vp;
        const catalog::MemoryNode* mem = ref ? m_catalog.memory(*ref) : ii.mem;
        vp.part = Part::memory;
        if (mem) {
            vp.nameplate_w = vp.average_w = vp.idle_w = mem->power_w;
            charge(CapexClass::memory, *mem, "memory", mem->price_usd, 1, "price_usd");
        }
        return vp;
    }

    // The one way a part is paid for: its capex class total and its line in the ledger.
    // `source()` names the price's source (called once per ledger line).
    template <class SourceFn>
    void chargeWithSource(CapexClass cls, const catalog::EntryBase& entry, const char* kind,
                          double unit_usd, long long quantity, SourceFn&& source,
                          std::optional<LengthClass> length = std::nullopt) {
        HardwareTally& tally = m_out.tally;
        double& total = cls == CapexClass::compute   ? tally.compute_usd
                        : cls == CapexClass::network ? tally.network_usd
                                                     : tally.memory_usd;
        total += unit_usd * static_cast<double>(quantity);
        if (length)  // cables: one ledger line per length class
            tally.prices.charge(cls, entry, kind, unit_usd, quantity, source,
                                static_cast<std::uint8_t>(*length), toString(*length));
        else
            tally.prices.charge(cls, entry, kind, unit_usd, quantity, source);
    }
    // A catalog price: its source is the entry's source for `price_field`.
    void charge(CapexClass cls, const catalog::EntryBase& entry, const char* kind, double unit_usd,
                long long quantity, const char* price_field) {
        chargeWithSource(cls, entry, kind, unit_usd, quantity,
                         [&] { return priceSourceOf(entry, price_field); });
    }

    // A node at its catalog price, or its accelerators' price x Epoch's server/chip cost ratio.
    void chargeNode(const catalog::NodeTemplate& node, const catalog::Accelerator* acc) {
        if (node.price_usd > 0 || !acc) {
            if (node.price_usd <= 0) noteOnce(m_out.tally.unpriced, node.id);
            charge(CapexClass::compute, node, "node", node.price_usd, 1, "price_usd");
            return;
        }
        const double price = node.accelerators * acc->price_usd * m_p.server_cost_ratio;
        if (price <= 0) noteOnce(m_out.tally.unpriced, node.id);
        chargeWithSource(CapexClass::compute, node, "node", price, 1, [&] {
            char ratio[32];
            std::snprintf(ratio, sizeof ratio, "%g", m_p.server_cost_ratio);
            return "derived: " + std::to_string(node.accelerators) + " x " + acc->id +
                   " price x server_cost_ratio " + ratio +
                   "; accelerator price: " + priceSourceOf(*acc, "price_usd");
        });
    }

    void addVertex(std::size_t vi) {
        const Vertex& v = m_graph.vertices[vi];
        const auto& items = m_design.hardware.items;
        if (v.item >= items.size()) return;
        const Item& item = items[v.item];
        const ItemInfo& ii = m_info[v.item];
        const bool inNode = item.kind == ItemKind::node;
        const std::string* ref = m_graph.ref(v.ref);
        VertexPower vp;
        m_seatKind = -1;
        switch (v.kind) {
            case VertexKind::accelerator:
                vp = accelerator(vi, ii, inNode, ref);
                break;
            case VertexKind::cpu:
                vp = cpu(item, ii, inNode);
                break;
            case VertexKind::nic:
                vp = nic(ii, inNode, ref);
                break;
            case VertexKind::switch_:
                vp = switchPart(ii, inNode, ref);
                break;
            case VertexKind::memory:
                vp = memory(ii, ref);
                break;
        }
        const std::uint64_t rack = m_racks->rackOf(v.item, v.instance, vp.nameplate_w);
        m_rackOfVertex[vi] = rack;
        const std::uint32_t rackIndex = rackIndexOf(rack);
        if (m_seatKind >= 0)
            m_out.seats.push_back(
                {static_cast<std::uint32_t>(m_seatKind), rackIndex, m_rankOf[vi]});
        RackLoad& load = m_out.rack_base[rackIndex];
        load.nameplate_w += vp.nameplate_w;
        load.average_w += vp.average_w;
        if (v.kind == VertexKind::accelerator) ++load.accelerators;
        PowerResults& pw = m_out.power;
        pw.it_nameplate_kw += vp.nameplate_w / 1000.0;
        pw.it_kw += vp.average_w / 1000.0;
        pw.it_idle_kw += vp.idle_w / 1000.0;
        *bucket(vp.part) += vp.average_w / 1000.0;
    }

    // The dense index of a rack, numbered as first met.
    std::uint32_t rackIndexOf(std::uint64_t key) {
        const auto [it, inserted] =
            m_rackIndex.emplace(key, static_cast<std::uint32_t>(m_out.rack_base.size()));
        if (inserted) {
            m_out.rack_base.emplace_back();
            m_out.rack_names.push_back(m_racks->rackName(key));
        }
        return it->second;
    }

    double* bucket(Part part) {
        PowerResults& pw = m_out.power;
        switch (part) {
            case Part::accelerator:
                return &pw.accelerators_kw;
            case Part::host:
                return &pw.hosts_kw;
            case Part::nic:
                return &pw.nics_kw;
            case Part::switch_:
                return &pw.switches_kw;
            case Part::memory:
                return &pw.memory_kw;
            case Part::other:
                break;
        }
        return &pw.other_kw;
    }

    // Optics and cables: every link drawn outside a node, power at both ends, cost per link.
    void addOptics() {
        const auto& items = m_design.hardware.items;
        PowerResults& pw = m_out.power;
        HardwareTally& tally = m_out.tally;
        for (const Edge& e : m_graph.edges) {
            const catalog::Link* link = cableLink(e, items, m_graph, m_catalog);
            if (!link) continue;  // inside a node: covered by its rating and price
            const double lanes = std::max<std::uint32_t>(1, e.lanes);
            tally.cables += static_cast<long long>(lanes);
            const LengthClass length = e.a < m_rackOfVertex.size() && e.b < m_rackOfVertex.size()
                                           ? lengthClassOf(m_rackOfVertex[e.a], m_rackOfVertex[e.b])
                                           : LengthClass::between_racks;
            chargeWithSource(
                CapexClass::network, *link, "cable", link->cost_usd, static_cast<long long>(lanes),
                [&] { return priceSourceOf(*link, "cost_usd"); }, length);
            const double endW = link->power_w_per_port * lanes;
            for (std::uint32_t end : {e.a, e.b}) {
                if (end >= m_rackOfVertex.size()) continue;
                RackLoad& load = m_out.rack_base[rackIndexOf(m_rackOfVertex[end])];
                load.nameplate_w += endW;
                load.average_w += endW;
            }
            pw.optics_kw += 2 * endW / 1000.0;
        }
        pw.it_nameplate_kw += pw.optics_kw;
        pw.it_kw += pw.optics_kw;
        pw.it_idle_kw += pw.optics_kw;
    }

    // Racks, capacity with the transient margin, PUE and the per-device capacity.
    void finish() {
        PowerResults& pw = m_out.power;
        const HardwareTally& tally = m_out.tally;
        m_out.rack_of_vertex = std::move(m_rackOfVertex);
        pw.racks = static_cast<long long>(m_out.rack_base.size());
        for (const RackLoad& load : m_out.rack_base)
            pw.max_rack_kw = std::max(pw.max_rack_kw, load.nameplate_w / 1000.0);
        for (AcceleratorKind& kind : m_out.kinds)
            std::sort(kind.ranks.begin(), kind.ranks.end());
        m_out.others_it_kw = pw.it_kw;
        pw.it_kw = 0;
        pw.it_capacity_kw = pw.it_nameplate_kw * (1 + m_p.transient_margin);
        pw.pue = m_p.pue_model == PueModel::bottom_up
                     ? bottomUpPue(m_p, 1 - componentAirFraction(m_p))
                     : m_p.pue;
        pw.facility_capacity_kw = pw.it_capacity_kw * pw.pue;
        if (tally.accelerators > 0)
            pw.kw_per_device_capacity =
                pw.facility_capacity_kw / static_cast<double>(tally.accelerators);
    }

    const Design& m_design;
    const catalog::Catalog& m_catalog;
    const Graph& m_graph;
    const FacilityParams& m_p;
    FacilityHardware& m_out;
    std::vector<ItemInfo> m_info;  // per design item, resolved once
    std::unique_ptr<RackAssigner> m_racks;
    std::vector<long long> m_rankOf;  // per vertex: its rank in the graph's order, or -1
    std::vector<const catalog::Accelerator*> m_kindAcc;  // per kind: its catalog entry
    long long m_seatKind = -1;  // the kind of the accelerator the walk is at, or -1
    std::unordered_map<std::uint64_t, std::uint32_t> m_rackIndex;  // rack key -> dense index
    std::vector<std::uint64_t> m_rackOfVertex;
};

}  // namespace

FacilityHardware describeFacilityHardware(const Design& design, const catalog::Catalog& catalog,
                                          const Graph& graph, const FacilityParams& params) {
    FacilityHardware out;
    out.params = params;
    PowerWalk(design, catalog, graph, out).run();
    return out;
}

}  // namespace infraplan
