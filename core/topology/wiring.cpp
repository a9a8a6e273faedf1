#include "core/topology/wiring.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

namespace infraplan {
namespace {

using catalog::LinkClass;
using catalog::SwitchClass;

EndVerdict odd(std::string reason) {
    return {EndFit::odd, std::move(reason)};
}
EndVerdict impossible(std::string reason) {
    return {EndFit::impossible, std::move(reason)};
}

std::string gbps(double rate) {
    return std::to_string(std::llround(rate)) + " Gb/s";
}

// A lane of `link` on a port of `port_gbps`: faster than the port is odd (the model would
// take the link's rate), and so is slower where `slowerIsOdd` (a NIC left below its rate; a
// switch port serving a slower lane is ordinary).
std::optional<std::string> rateMismatch(double port_gbps, const std::string& linkId,
                                        const catalog::Link& link, bool slowerIsOdd) {
    const double lane = link.bandwidth_gb_s * 8;
    if (port_gbps <= 0 || lane <= 0 || std::abs(lane - port_gbps) <= 1e-6 * port_gbps)
        return std::nullopt;
    if (lane < port_gbps && !slowerIsOdd) return std::nullopt;
    return "its ports run at " + gbps(port_gbps) + ", a " + linkId + " lane at " + gbps(lane) +
           " (the model takes the link's rate)";
}

EndVerdict fitAccelerator(const Item& end, const Item& other, const std::string& linkId,
                          const catalog::Link& link, const catalog::Catalog& catalog) {
    const catalog::Accelerator* device = catalog.accelerator(end.ref);
    if (!device || link.cls == LinkClass::host || link.cls == LinkClass::memory) return {};
    if (linkId == device->scaleup_link) return {};
    if (link.cls == LinkClass::scale_up)
        return impossible(device->scaleup_link.empty()
                              ? "a " + end.ref + " has no scale-up ports"
                              : "a " + end.ref + "'s scale-up ports are " + device->scaleup_link +
                                    ", not " + linkId);
    const std::string why =
        "a bare " + end.ref + " chip has no " + linkId + " port (its scale-out ports are NICs)";
    if (other.kind == ItemKind::switch_ || other.kind == ItemKind::fabric)
        return odd(why +
                   "; modelled as one NIC port per chip: draw a NIC on PCIe, or use a node "
                   "template, for the real path");
    return impossible(why + "; link it to a NIC over PCIe, or use a node template");
}

EndVerdict fitNode(const Item& end, const std::string& linkId, const catalog::Link& link,
                   const catalog::Catalog& catalog) {
    const catalog::NodeTemplate* node = catalog.node(end.ref);
    if (!node) return {};
    const std::string ports = node->nic_link.empty() ? "NIC" : node->nic_link;
    if (node->nics <= 0) return impossible("a " + end.ref + " has no NICs for links to attach to");
    if (link.cls == LinkClass::scale_up)
        return impossible("a " + end.ref + "'s links attach to its " + ports + " NIC ports; " +
                          linkId + " links are inside the template");
    if (link.cls != LinkClass::scale_out)
        return odd("a " + end.ref + "'s links attach to its " + ports + " NIC ports, not to a " +
                   linkId + " interface");
    if (linkId == node->nic_link) return {};
    const catalog::Nic* nic = catalog.nic(node->nic);
    const catalog::Link* own = catalog.link(node->nic_link);
    const double port = nic ? nic->port_gbps : own ? own->bandwidth_gb_s * 8 : 0;
    if (auto m = rateMismatch(port, linkId, link, true))
        return odd("a " + end.ref + "'s NICs are " + ports + " ports: " + *m);
    return {};
}

// The link classes a switch's ports take.
bool switchTakes(SwitchClass sw, LinkClass link) {
    switch (sw) {
        case SwitchClass::nvlink:
            return link == LinkClass::scale_up;
        case SwitchClass::infiniband:
        case SwitchClass::ethernet:
            return link == LinkClass::scale_out;
        case SwitchClass::pcie:
        case SwitchClass::cxl:
            return link == LinkClass::host || link == LinkClass::memory;
    }
    return false;
}

EndVerdict fitSwitch(const std::string& ref, const std::string& linkId, const catalog::Link& link,
                     const catalog::Catalog& catalog) {
    const catalog::Switch* sw = catalog.switchEntry(ref);
    if (!sw) return {};
    const std::string what = "a " + ref + " (" + toString(sw->cls) + " switch)";
    if (!switchTakes(sw->cls, link.cls)) {
        // Gaudi-style scale-up runs RoCE through Ethernet switches: odd, not impossible.
        if (sw->cls == SwitchClass::ethernet && link.cls == LinkClass::scale_up)
            return odd(what + " carries " + linkId + " (scale-up) only as RoCE");
        return impossible(what + " takes no " + toString(link.cls) + " link such as " + linkId);
    }
    if (auto m = rateMismatch(sw->port_gbps, linkId, link, false)) return odd(what + ": " + *m);
    return {};
}

EndVerdict fitNic(const Item& end, const std::string& linkId, const catalog::Link& link,
                  const catalog::Catalog& catalog) {
    const catalog::Nic* nic = catalog.nic(end.ref);
    if (!nic || link.cls == LinkClass::host) return {};
    if (link.cls != LinkClass::scale_out)
        return impossible("a " + end.ref +
                          " NIC takes scale-out links on its ports and a host "
                          "(PCIe) link on its host side, not " +
                          linkId);
    if (auto m = rateMismatch(nic->port_gbps, linkId, link, true))
        return odd("a " + end.ref + ": " + *m);
    return {};
}

EndVerdict fitMemory(const Item& end, const std::string& linkId, const catalog::Link& link,
                     const catalog::Catalog& catalog) {
    const catalog::MemoryNode* memory = catalog.memory(end.ref);
    if (!memory || memory->link.empty() || linkId == memory->link) return {};
    if (link.cls == LinkClass::memory || link.cls == LinkClass::host) return {};
    return odd("a " + end.ref + " attaches with " + memory->link + ", not " + linkId);
}

}  // namespace

std::optional<EndPorts> endPorts(const Item& item, const catalog::Link& link,
                                 const catalog::Catalog& catalog) {
    auto has = [&](long long n, std::string unit, bool exact) {
        return EndPorts{n, "a " + item.ref + " has " + std::to_string(n) + " " + unit, exact};
    };
    switch (item.kind) {
        case ItemKind::switch_:
            if (const auto* sw = catalog.switchEntry(item.ref); sw && sw->radix > 0)
                return has(sw->radix, "ports", false);
            return std::nullopt;
        case ItemKind::nic:  // its network ports; its host side is one PCIe interface
            if (const auto* nic = catalog.nic(item.ref);
                nic && nic->ports > 0 && link.cls == LinkClass::scale_out)
                return has(nic->ports, "ports", true);
            return std::nullopt;
        case ItemKind::node: {  // every design link of a node lands on its NICs
            const auto* node = catalog.node(item.ref);
            const auto* nic = node ? catalog.nic(node->nic) : nullptr;
            if (node && node->nics > 0 && nic && nic->ports > 0)
                return has(static_cast<long long>(node->nics) * nic->ports, "NIC ports", true);
            return std::nullopt;
        }
        case ItemKind::accelerator: {
            const auto* device = catalog.accelerator(item.ref);
            if (device && link.cls == LinkClass::scale_up && link.bandwidth_gb_s > 0 &&
                device->scaleup_bw_gb_s > 0)
                return has(
                    std::llround(std::max(1.0, device->scaleup_bw_gb_s / link.bandwidth_gb_s)),
                    "scale-up links of this kind", false);
            return std::nullopt;
        }
        default:
            return std::nullopt;
    }
}

EndVerdict fitEnd(const Item& end, const Item& other, const std::string& linkId,
                  const catalog::Catalog& catalog) {
    const catalog::Link* link = catalog.link(linkId);
    if (!link) return {};
    switch (end.kind) {
        case ItemKind::accelerator:
            return fitAccelerator(end, other, linkId, *link, catalog);
        case ItemKind::node:
            return fitNode(end, linkId, *link, catalog);
        case ItemKind::switch_:
            return fitSwitch(end.ref, linkId, *link, catalog);
        case ItemKind::fabric:
            return end.fabric ? fitSwitch(end.fabric->switch_ref, linkId, *link, catalog)
                              : EndVerdict{};
        case ItemKind::nic:
            return fitNic(end, linkId, *link, catalog);
        case ItemKind::memory:
            return fitMemory(end, linkId, *link, catalog);
        case ItemKind::cpu:
            if (link->cls == LinkClass::scale_up)
                return impossible("a host CPU has no " + linkId + " (scale-up) ports");
            return {};
        case ItemKind::group:
            return {};  // refused by the reference checks
    }
    return {};
}

void checkLinkWiring(const ItemIndex& items, const DesignLink& link, const std::string& pointer,
                     const catalog::Catalog& catalog, Diagnostics& diagnostics) {
    const Item* from = items.find(link.from);
    const Item* to = items.find(link.to);
    if (!from || !to || from == to || !catalog.link(link.ref)) return;
    using End = std::tuple<const char*, const Item*, const Item*>;
    for (const auto& [key, end, other] : {End{"/from", from, to}, End{"/to", to, from}}) {
        const EndVerdict verdict = fitEnd(*end, *other, link.ref, catalog);
        if (verdict.fit == EndFit::impossible)
            diagnostics.error(pointer + key, "'" + end->id + "' cannot take this " + link.ref +
                                                 " link: " + verdict.reason);
        if (verdict.fit == EndFit::odd)
            diagnostics.warning(pointer + key, "'" + end->id + "': " + verdict.reason);
    }
}

void checkWiring(const Design& design, const catalog::Catalog& catalog, Diagnostics& diagnostics) {
    const auto& links = design.hardware.links;
    const ItemIndex index(design);
    for (std::size_t k = 0; k < links.size(); ++k)
        checkLinkWiring(index, links[k], linkPointer(k), catalog, diagnostics);
}

std::string linkForSwitch(const catalog::Catalog& catalog, const catalog::Switch& sw) {
    const std::string family = sw.cls == SwitchClass::infiniband ? "ib-"
                               : sw.cls == SwitchClass::ethernet ? "eth-"
                                                                 : "";
    std::string best;
    std::pair<bool, double> bestScore{true, 0};
    for (const auto& [id, link] : catalog.links()) {
        if (!switchTakes(sw.cls, link.cls)) continue;
        const std::pair<bool, double> score{id.rfind(family, 0) != 0,
                                            std::abs(link.bandwidth_gb_s * 8 - sw.port_gbps)};
        if (best.empty() || score < bestScore) std::tie(best, bestScore) = std::pair{id, score};
    }
    return best;
}

namespace {

std::string firstLinkOfClass(const catalog::Catalog& catalog, LinkClass cls) {
    for (const auto& [id, link] : catalog.links())
        if (link.cls == cls) return id;
    return {};
}

// The slowest host link that carries a NIC's port rate (a 400 Gb/s ConnectX-7: PCIe Gen5 x16).
std::string hostLinkForNic(const catalog::Catalog& catalog, const Item& nicItem) {
    const catalog::Nic* nic = catalog.nic(nicItem.ref);
    std::string best;
    for (const auto& [id, link] : catalog.links()) {
        if (link.cls != LinkClass::host || (nic && link.bandwidth_gb_s * 8 < nic->port_gbps))
            continue;
        if (best.empty() || link.bandwidth_gb_s < catalog.link(best)->bandwidth_gb_s) best = id;
    }
    return best.empty() ? firstLinkOfClass(catalog, LinkClass::host) : best;
}

// The candidates of suggestLinkKind, in its order of preference.
std::vector<std::string> linkCandidates(const Item& a, const Item& b,
                                        const catalog::Catalog& catalog) {
    std::vector<std::string> out;
    for (const Item* x : {&a, &b})
        if (const auto* m = x->kind == ItemKind::memory ? catalog.memory(x->ref) : nullptr)
            out.push_back(m->link);
    for (const Item* x : {&a, &b})
        if (x->kind == ItemKind::fabric && x->fabric) out.push_back(x->fabric->link);
    for (const Item* x : {&a, &b})
        if (const auto* n = x->kind == ItemKind::node ? catalog.node(x->ref) : nullptr)
            out.push_back(n->nic_link);
    for (const Item* x : {&a, &b})
        if (const auto* acc =
                x->kind == ItemKind::accelerator ? catalog.accelerator(x->ref) : nullptr) {
            const Item& other = x == &a ? b : a;
            if (other.kind == ItemKind::nic) out.push_back(hostLinkForNic(catalog, other));
            if (other.kind == ItemKind::cpu)
                out.push_back(firstLinkOfClass(catalog, LinkClass::host));
            out.push_back(acc->scaleup_link);
        }
    for (const Item* x : {&a, &b})
        if (const auto* sw = x->kind == ItemKind::switch_ ? catalog.switchEntry(x->ref) : nullptr)
            out.push_back(linkForSwitch(catalog, *sw));
    if (a.kind == ItemKind::cpu || b.kind == ItemKind::cpu)
        out.push_back(firstLinkOfClass(catalog, LinkClass::host));
    out.push_back(firstLinkOfClass(catalog, LinkClass::scale_out));
    std::erase_if(out, [&](const std::string& id) { return !catalog.link(id); });
    return out;
}

}  // namespace

std::string suggestLinkKind(const Item& a, const Item& b, const catalog::Catalog& catalog) {
    const std::vector<std::string> candidates = linkCandidates(a, b, catalog);
    for (const std::string& id : candidates)
        if (fitEnd(a, b, id, catalog).fit == EndFit::fits &&
            fitEnd(b, a, id, catalog).fit == EndFit::fits)
            return id;
    for (const std::string& id : candidates)  // odd but possible
        if (fitEnd(a, b, id, catalog).fit != EndFit::impossible &&
            fitEnd(b, a, id, catalog).fit != EndFit::impossible)
            return id;
    return candidates.empty() ? std::string() : candidates.front();
}

long long defaultLanes(const Item& a, const Item& b, const std::string& linkId,
                       const catalog::Catalog& catalog) {
    const catalog::Link* link = catalog.link(linkId);
    if (!link) return 1;
    std::optional<long long> endpoint, shared;
    for (const Item* x : {&a, &b}) {
        const auto ports = endPorts(*x, *link, catalog);
        if (!ports) continue;
        std::optional<long long>& slot = x->kind == ItemKind::switch_ ? shared : endpoint;
        slot = std::min(slot.value_or(ports->ports), ports->ports);
    }
    if (!endpoint) return 1;  // switch to switch, host links: one lane unless the user says
    return std::max(1LL, std::min(*endpoint, shared.value_or(*endpoint)));
}

}  // namespace infraplan
