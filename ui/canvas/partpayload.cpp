#include "ui/canvas/partpayload.h"
#include "catalog/json_limits.h"
#include "core/topology/wiring.h"

#include <QMimeData>
#include <nlohmann/json.hpp>

namespace infraplan::ui {
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

}  // namespace infraplan::ui
