#include "core/topology/link_lanes.h"

#include "core/topology/wiring.h"

namespace infraplan {

LaneLimit laneLimit(const Item& item, const catalog::Link& link, const catalog::Catalog& catalog) {
    if (item.kind == ItemKind::fabric) return {0, "", false};
    if (const auto ports = endPorts(item, link, catalog))
        return {ports->ports, ports->what, ports->exact};
    return {kMaxLanesPerInstance,
            "no part has more than " + std::to_string(kMaxLanesPerInstance) + " ports", false};
}

}  // namespace infraplan
