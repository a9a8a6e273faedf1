#include "ui/canvas/partpayload.h"
#include "catalog/json_limits.h"

#include <QMimeData>
#include <nlohmann/json.hpp>

namespace infraplan::ui {
namespace {

std::string firstLinkOfClass(const catalog::Catalog& catalog, catalog::LinkClass cls,
                             const std::string& prefix = {}) {
    for (const auto& [id, link] : catalog.links())
        if (link.cls == cls && id.rfind(prefix, 0) == 0) return id;
    return {};
}

// The scale-out link matching a switch's port speed and family.
std::string linkForSwitch(const catalog::Catalog& catalog, const catalog::Switch& sw) {
    using catalog::SwitchClass;
    if (sw.cls == SwitchClass::nvlink)
        return firstLinkOfClass(catalog, catalog::LinkClass::scale_up);
    if (sw.cls == SwitchClass::pcie) return firstLinkOfClass(catalog, catalog::LinkClass::host);
    if (sw.cls == SwitchClass::cxl) return firstLinkOfClass(catalog, catalog::LinkClass::memory);
    const std::string prefix = sw.cls == SwitchClass::infiniband ? "ib-" : "eth-";
    std::string best;
    for (const auto& [id, link] : catalog.links()) {
        if (link.cls != catalog::LinkClass::scale_out || id.rfind(prefix, 0) != 0) continue;
        if (best.empty() || std::abs(link.bandwidth_gb_s * 8 - sw.port_gbps) <
                                std::abs(catalog.link(best)->bandwidth_gb_s * 8 - sw.port_gbps))
            best = id;
    }
    return best.empty() ? firstLinkOfClass(catalog, catalog::LinkClass::scale_out) : best;
}

}  // namespace

QByteArray PartPayload::encode() const {
    nlohmann::json j = {{"kind", toString(kind)}};
    if (!ref.empty()) j["ref"] = ref;
    if (!role.empty()) j["role"] = role;
    if (topology) j["topology"] = toString(*topology);
    return QByteArray::fromStdString(dumpJson(j));
}

std::optional<PartPayload> PartPayload::decode(const QByteArray& data) {
    const auto j = nlohmann::json::parse(data.toStdString(), nullptr, false);
    if (!j.is_object() || !j.contains("kind") || !j["kind"].is_string()) return std::nullopt;
    const auto kind = itemKindFromString(j["kind"].get<std::string>());
    if (!kind) return std::nullopt;
    PartPayload p;
    p.kind = *kind;
    if (j.contains("ref") && j["ref"].is_string()) p.ref = j["ref"].get<std::string>();
    if (j.contains("role") && j["role"].is_string()) p.role = j["role"].get<std::string>();
    if (j.contains("topology") && j["topology"].is_string())
        p.topology = fabricTopologyFromString(j["topology"].get<std::string>());
    return p;
}

std::optional<PartPayload> PartPayload::fromMime(const QMimeData* mime) {
    if (!mime || !mime->hasFormat(QString::fromLatin1(kPartMimeType))) return std::nullopt;
    return decode(mime->data(QString::fromLatin1(kPartMimeType)));
}

Item makeItem(const PartPayload& payload, const catalog::Catalog& catalog) {
    Item item;
    item.kind = payload.kind;
    item.ref = payload.ref;
    item.role = payload.role;
    if (item.kind == ItemKind::group && item.role.empty()) item.role = "server";
    if (item.kind == ItemKind::group) {
        std::string name = item.role;
        if (!name.empty()) name[0] = char(std::toupper(static_cast<unsigned char>(name[0])));
        item.name = name;
    }
    if (item.kind == ItemKind::cpu && item.ref.empty()) {
        item.name = "Host CPUs";
        item.power_w = 700;  // a two-socket x86 host under load; editable in the inspector
    }
    if (item.kind == ItemKind::fabric) {
        FabricParams f;
        f.topology = payload.topology.value_or(FabricTopology::fat_tree);
        for (const auto& [id, sw] : catalog.switches())
            if (sw.cls == catalog::SwitchClass::infiniband) {
                f.switch_ref = id;
                f.link = linkForSwitch(catalog, sw);
                break;
            }
        if (f.topology == FabricTopology::rail_optimized || f.topology == FabricTopology::rail_only)
            f.rails = 8;
        if (f.topology == FabricTopology::torus) f.dims = {4, 4, 4};
        item.fabric = f;
    }
    return item;
}

std::string suggestLink(const Design& design, const catalog::Catalog& catalog, const Item& a,
                        const Item& b) {
    (void)design;
    for (const Item* x : {&a, &b}) {
        if (x->kind == ItemKind::memory)
            if (const auto* m = catalog.memory(x->ref); m && !m->link.empty()) return m->link;
    }
    for (const Item* x : {&a, &b})
        if (x->kind == ItemKind::fabric && x->fabric && !x->fabric->link.empty())
            return x->fabric->link;
    for (const Item* x : {&a, &b})
        if (x->kind == ItemKind::node)
            if (const auto* n = catalog.node(x->ref); n && !n->nic_link.empty()) return n->nic_link;
    const Item* accel = a.kind == ItemKind::accelerator   ? &a
                        : b.kind == ItemKind::accelerator ? &b
                                                          : nullptr;
    const Item* other = accel == &a ? &b : &a;
    if (accel && (other->kind == ItemKind::cpu || other->kind == ItemKind::nic))
        return firstLinkOfClass(catalog, catalog::LinkClass::host);
    if (accel)
        if (const auto* acc = catalog.accelerator(accel->ref); acc && !acc->scaleup_link.empty())
            if (other->kind == ItemKind::accelerator ||
                (other->kind == ItemKind::switch_ && catalog.switchEntry(other->ref) &&
                 catalog.switchEntry(other->ref)->cls == catalog::SwitchClass::nvlink))
                return acc->scaleup_link;
    for (const Item* x : {&a, &b})
        if (x->kind == ItemKind::switch_)
            if (const auto* sw = catalog.switchEntry(x->ref)) return linkForSwitch(catalog, *sw);
    if (a.kind == ItemKind::cpu || b.kind == ItemKind::cpu)
        return firstLinkOfClass(catalog, catalog::LinkClass::host);
    return firstLinkOfClass(catalog, catalog::LinkClass::scale_out);
}

}  // namespace infraplan::ui
