#include "core/facility/bom.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>

#include "catalog/csv.h"
#include "core/facility/facility_model.h"
#include "core/facility/power.h"

namespace infraplan {
namespace {

std::string money(double usd) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.2f", usd);
    return buffer;
}

int kindOrder(const std::string& kind) {
    static const char* const order[] = {"node", "accelerator", "memory", "switch", "nic", "cable"};
    for (int i = 0; i < 6; ++i)
        if (kind == order[i]) return i;
    return 6;
}

std::vector<SwitchPorts> countSwitchPorts(const Design& design, const catalog::Catalog& catalog,
                                          const Graph& graph,
                                          const std::vector<PricedPart>& parts) {
    std::map<std::string, SwitchPorts> byId;
    for (const PricedPart& p : parts) {
        if (p.kind != "switch") continue;
        SwitchPorts& s = byId[p.id];
        s.id = p.id;
        s.name = p.name;
        s.switches = p.quantity;
        const catalog::Switch* sw = catalog.switchEntry(p.id);
        s.ports = p.quantity * (sw ? sw->radix : 0);
    }
    const auto& items = design.hardware.items;
    for (const Edge& e : graph.edges) {
        if (!cableLink(e, items, graph, catalog)) continue;
        for (std::uint32_t end : {e.a, e.b}) {
            if (end >= graph.vertices.size()) continue;
            const Vertex& v = graph.vertices[end];
            const bool inNode = v.item < items.size() && items[v.item].kind == ItemKind::node;
            const std::string* ref = graph.ref(v.ref);
            if (v.kind != VertexKind::switch_ || inNode || !ref) continue;
            auto it = byId.find(*ref);
            if (it != byId.end()) it->second.used += std::max<std::uint32_t>(1, e.lanes);
        }
    }
    std::vector<SwitchPorts> out;
    for (auto& [id, s] : byId)
        out.push_back(std::move(s));
    return out;
}

}  // namespace

double Bom::total(CapexClass cls) const {
    double sum = 0;
    for (const PricedPart& p : parts)
        if (p.cls == cls) sum += p.extendedUsd();
    return sum;
}

CableMedia cableMediaOf(const PricedPart& cable, const FacilityParams& params) {
    const LengthClass length = cable.variant == toString(LengthClass::in_rack)
                                   ? LengthClass::in_rack
                                   : LengthClass::between_racks;
    return mediaFor(length, params);
}

long long opticsOf(const PricedPart& cable, const FacilityParams& params) {
    return cable.quantity * cableMediaOf(cable, params).optics_per_cable;
}

Bom buildBom(const Design& design, const catalog::Catalog& catalog, const Graph& graph) {
    Bom bom;
    Diagnostics ignored;  // evaluation reports invalid parameters; the BOM uses the same values
    bom.params = resolveFacilityParams(design, catalog, ignored);
    const FacilityWorkload workload =
        facilityWorkloadFromDesign(design, static_cast<long long>(graph.accelerators.size()));
    std::vector<std::string> warnings;
    PowerRollup rollup = rollUpPower(design, catalog, graph, bom.params, workload, warnings);
    bom.parts = rollup.tally.prices.lines();
    std::stable_sort(bom.parts.begin(), bom.parts.end(),
                     [](const PricedPart& a, const PricedPart& b) {
                         if (a.cls != b.cls) return a.cls < b.cls;
                         return kindOrder(a.kind) < kindOrder(b.kind);
                     });
    for (const PricedPart& p : bom.parts) {
        if (p.kind != "cable") continue;
        bom.cables += p.quantity;
        bom.optics += opticsOf(p, bom.params);
    }
    bom.switch_ports = countSwitchPorts(design, catalog, graph, bom.parts);
    bom.unpriced = rollup.tally.unpriced;
    bom.rack_of_vertex = std::move(rollup.rack_of_vertex);
    return bom;
}

void writeBomCsv(const Bom& bom, std::ostream& out) {
    out << "class,kind,catalog_id,name,length_class,media,quantity,unit_price_usd,"
           "extended_price_usd,price_source\n";
    auto row = [&out](const std::string& cls, const std::string& kind, const std::string& id,
                      const std::string& name, const std::string& length, const std::string& media,
                      long long quantity, const std::string& unit, const std::string& extended,
                      const std::string& source) {
        out << cls << ',' << kind << ',' << csvCell(id) << ',' << csvCell(name) << ','
            << csvCell(length) << ',' << csvCell(media) << ',' << quantity << ',' << unit << ','
            << extended << ',' << csvCell(source) << '\n';
    };
    for (const PricedPart& p : bom.parts) {
        const bool cable = p.kind == "cable";
        const std::string media = cable ? cableMediaOf(p, bom.params).name : "";
        row(toString(p.cls), p.kind, p.id, p.name, p.variant, media, p.quantity, money(p.unit_usd),
            money(p.extendedUsd()), p.price_source);
        if (cable && opticsOf(p, bom.params) > 0)
            row(toString(p.cls), "optics", p.id, "transceiver for " + p.name, p.variant, media,
                opticsOf(p, bom.params), "", money(0),
                "included in the cable line: the link's cost_usd covers its optics and cable");
    }
    for (const SwitchPorts& s : bom.switch_ports) {
        row("network", "ports-used", s.id, s.name, "", "", s.used, "", money(0),
            std::to_string(s.switches) + " switches x radix = " + std::to_string(s.ports) +
                " ports");
        row("network", "ports-free", s.id, s.name, "", "", s.freePorts(), "", money(0), "");
    }
    for (CapexClass c : {CapexClass::compute, CapexClass::network, CapexClass::memory})
        row(toString(c), "total", "", "", "", "", 0, "", money(bom.total(c)),
            "the facility model's capex class");
}

long long writeCablingCsv(const Bom& bom, const Design& design, const catalog::Catalog& catalog,
                          const Graph& graph, std::ostream& out) {
    out << "side_a_device,side_a_type,side_a_name,side_b_device,side_b_type,side_b_name,type,"
           "status,label,description\n";
    DeviceNames names(design, graph);
    std::map<std::uint64_t, long long> rackNumber;  // racks numbered as first met
    auto rackOf = [&](std::uint32_t v) {
        const std::uint64_t key = v < bom.rack_of_vertex.size() ? bom.rack_of_vertex[v] : 0;
        return rackNumber.try_emplace(key, static_cast<long long>(rackNumber.size()) + 1)
            .first->second;
    };
    long long rows = 0;
    for (const Edge& e : graph.edges) {
        const catalog::Link* link = cableLink(e, design.hardware.items, graph, catalog);
        if (!link) continue;
        const long long rackA = rackOf(e.a), rackB = rackOf(e.b);
        const LengthClass length = lengthClassOf(rackA, rackB);
        const CableMedia media = mediaFor(length, bom.params);
        char reach[32];
        std::snprintf(reach, sizeof reach, "%g", media.reach_m);
        const std::string where =
            rackA == rackB ? "rack " + std::to_string(rackA)
                           : "rack " + std::to_string(rackA) + " to rack " + std::to_string(rackB);
        const std::string description = link->id + ", " + toString(length) + " (" + where + "), " +
                                        media.name + " (up to " + reach + " m)";
        for (std::uint32_t lane = 0; lane < std::max<std::uint32_t>(1, e.lanes); ++lane) {
            ++rows;
            out << csvCell(names.device(e.a)) << ",dcim.interface," << csvCell(names.takePort(e.a))
                << ',' << csvCell(names.device(e.b)) << ",dcim.interface,"
                << csvCell(names.takePort(e.b)) << ',' << media.netbox_type << ",planned,C" << rows
                << ',' << csvCell(description) << '\n';
        }
    }
    return rows;
}

}  // namespace infraplan
