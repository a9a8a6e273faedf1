#include "core/planning/used_parts.h"

namespace infraplan {
namespace {

void addNodeParts(const catalog::NodeTemplate& n, const catalog::Catalog& c, UsedParts& used) {
    used.accelerators.insert(n.accelerator);
    if (!n.scaleup_link.empty()) used.scaleup_links.insert(n.scaleup_link);
    if (!n.nic_link.empty()) used.nic_links.insert(n.nic_link);
    if (!n.nic.empty()) used.nics.insert(n.nic);
    if (const auto* a = c.accelerator(n.accelerator); a && !a->scaleup_link.empty())
        used.scaleup_links.insert(a->scaleup_link);
}

// A link the design names (a drawn link or a generated fabric's cables), by its class.
void addLinkPart(const std::string& id, const catalog::Catalog& c, UsedParts& used) {
    const auto* link = c.link(id);
    if (!link) return;
    if (link->cls == catalog::LinkClass::scale_out) used.nic_links.insert(id);
    if (link->cls == catalog::LinkClass::scale_up) used.scaleup_links.insert(id);
}

}  // namespace

UsedParts usedParts(const Design& design, const catalog::Catalog& c) {
    UsedParts used;
    for (const Item& item : design.hardware.items) {
        if (item.kind == ItemKind::node)
            if (const auto* n = c.node(item.ref)) addNodeParts(*n, c, used);
        if (item.kind == ItemKind::accelerator)
            if (const auto* a = c.accelerator(item.ref)) {
                used.accelerators.insert(item.ref);
                if (!a->scaleup_link.empty()) used.scaleup_links.insert(a->scaleup_link);
            }
        if (item.kind == ItemKind::nic && c.nic(item.ref)) used.nics.insert(item.ref);
        if (item.fabric) addLinkPart(item.fabric->link, c, used);
    }
    for (const DesignLink& l : design.hardware.links)
        addLinkPart(l.ref, c, used);
    return used;
}

std::string joinedIds(const std::set<std::string>& ids) {
    std::string out;
    for (const std::string& id : ids)
        out += (out.empty() ? "" : ", ") + id;
    return out;
}

}  // namespace infraplan
