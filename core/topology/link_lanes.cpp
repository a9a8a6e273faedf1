#include "core/topology/link_lanes.h"

#include <cmath>

namespace infraplan {
namespace {

std::string ports(const std::string& ref, long long n, const char* unit) {
    return "a " + ref + " has " + std::to_string(n) + " " + unit;
}

}  // namespace

LaneLimit laneLimit(const Item& item, const NodeLayout* node, const catalog::Link& link,
                    const catalog::Catalog& catalog) {
    LaneLimit generic{kMaxLanesPerInstance,
                      "no part has more than " + std::to_string(kMaxLanesPerInstance) + " ports"};
    switch (item.kind) {
        case ItemKind::fabric:
            return {0, ""};
        case ItemKind::switch_:
            if (const auto* sw = catalog.switchEntry(item.ref); sw && sw->radix > 0)
                return {sw->radix, ports(item.ref, sw->radix, "ports")};
            return generic;
        case ItemKind::nic:  // its network ports; its host side is one PCIe interface
            if (const auto* nic = catalog.nic(item.ref);
                nic && nic->ports > 0 && link.cls == catalog::LinkClass::scale_out)
                return {nic->ports, ports(item.ref, nic->ports, "ports")};
            return generic;
        case ItemKind::node: {
            const catalog::Nic* nic = node && node->node ? catalog.nic(node->node->nic) : nullptr;
            if (node && node->nics > 0 && nic && nic->ports > 0)
                return {
                    static_cast<long long>(node->nics) * nic->ports,
                    ports(item.ref, static_cast<long long>(node->nics) * nic->ports, "NIC ports")};
            return generic;
        }
        case ItemKind::accelerator: {
            const auto* device = catalog.accelerator(item.ref);
            if (device && link.cls == catalog::LinkClass::scale_up && link.bandwidth_gb_s > 0 &&
                device->scaleup_bw_gb_s > 0) {
                const auto n = static_cast<long long>(
                    std::llround(std::max(1.0, device->scaleup_bw_gb_s / link.bandwidth_gb_s)));
                return {n, ports(item.ref, n, "scale-up links of this kind")};
            }
            return generic;
        }
        default:
            return generic;
    }
}

}  // namespace infraplan
