#include "core/facility/racks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

#include "catalog/ascii_case.h"
#include "core/design/resolve.h"

namespace infraplan {
namespace {

constexpr int kIndexBits = 40;
constexpr std::uint64_t kIndexMask = (std::uint64_t{1} << kIndexBits) - 1;
constexpr long long kUnbounded = 1LL << 40;

std::uint64_t makeKey(std::uint32_t item, long long index) {
    return (std::uint64_t{item} << kIndexBits) |
           (static_cast<std::uint64_t>(std::max(0LL, index)) & kIndexMask);
}

std::string kw(double value_kw) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f kW", value_kw);
    return buffer;
}

const char* coolingParamName(Cooling c) {
    switch (c) {
        case Cooling::air:
            return "cooling_limit_kw_air";
        case Cooling::rear_door:
            return "cooling_limit_kw_rear_door";
        case Cooling::direct_liquid:
            return "cooling_limit_kw_direct_liquid";
        case Cooling::immersion:
            return "cooling_limit_kw_immersion";
    }
    return "cooling_limit_kw_air";
}

bool isRackGroup(const Item& item) {
    if (item.kind != ItemKind::group) return false;
    return catalog::asciiLower(item.role) == "rack";
}

// Rows that share a source (a full and a partial rack of the same nodes) are numbered in list
// order ("'dgx' (4 per rack) #1", "#2"), so results, report, chart and warnings name each row
// once and alike.
void numberSharedNames(std::vector<RackGroup>& groups) {
    std::map<std::string, int> total, seen;
    for (const RackGroup& g : groups)
        ++total[g.name];
    for (RackGroup& g : groups)
        if (total[g.name] > 1) g.name += " #" + std::to_string(++seen[g.name]);
}

}  // namespace

RackAssigner::RackAssigner(const Design& design, const FacilityParams& params,
                           std::vector<double> unit_nameplate_w,
                           std::vector<double> unit_rack_units)
    : m_design(design), m_params(params) {
    const auto& items = design.hardware.items;
    m_plans.resize(items.size());
    const ItemIndex index(design);
    for (std::size_t i = 0; i < items.size(); ++i) {
        Plan& plan = m_plans[i];
        plan.key_item = static_cast<std::uint32_t>(i);
        // The nearest enclosing rack group (bounded walk: validation rejects cycles).
        const Item* current = &items[i];
        const Item* rack = nullptr;
        for (std::size_t depth = 0; depth <= items.size() && current; ++depth) {
            if (isRackGroup(*current) && current != &items[i]) {
                rack = current;
                break;
            }
            current = current->parent.empty() ? nullptr : index.find(current->parent);
        }
        if (isRackGroup(items[i])) {  // the group itself: names the racks keyed by it
            plan.mode = Mode::rack_group;
        } else if (rack) {
            plan.mode = Mode::rack_group;
            plan.key_item = static_cast<std::uint32_t>(rack - items.data());
            const long long racks = std::max(1LL, totalInstances(index, *rack));
            plan.per_rack = std::max(1LL, totalInstances(index, items[i]) / racks);
        } else if (items[i].kind == ItemKind::node) {
            plan.mode = Mode::node_pack;
            const double w = i < unit_nameplate_w.size() ? unit_nameplate_w[i] : 0;
            const double ru = i < unit_rack_units.size() ? unit_rack_units[i] : 0;
            long long bySpace =
                ru > 0 ? static_cast<long long>(params.rack_units / ru) : kUnbounded;
            long long byPower = w > 0 ? static_cast<long long>(limitKw() * 1000.0 / w) : kUnbounded;
            long long perRack = std::min(bySpace, byPower);
            if (perRack >= kUnbounded) perRack = 1;  // nothing known: one per rack
            if (params.nodes_per_rack >= 1) perRack = static_cast<long long>(params.nodes_per_rack);
            plan.per_rack = std::max(1LL, perRack);
        }
    }
}

double RackAssigner::limitKw() const {
    return std::min(m_params.rackPowerLimitKw(), m_params.coolingLimitKw());
}

std::uint64_t RackAssigner::rackOf(std::uint32_t item, std::uint32_t instance, double nameplate_w) {
    if (item >= m_plans.size()) return makeKey(0, 0);
    Plan& plan = m_plans[item];
    switch (plan.mode) {
        case Mode::rack_group:
        case Mode::node_pack:
            return makeKey(plan.key_item, instance / plan.per_rack);
        case Mode::sequential:
            break;
    }
    // Equipment outside racks and nodes (fabric switches, loose parts): 1U each, filled up to
    // the rack's space and power.
    const bool full = plan.units_filled >= static_cast<long long>(m_params.rack_units) ||
                      (plan.units_filled > 0 && plan.load_w + nameplate_w > limitKw() * 1000.0);
    if (full) {
        ++plan.rack;
        plan.units_filled = 0;
        plan.load_w = 0;
    }
    ++plan.units_filled;
    plan.load_w += nameplate_w;
    return makeKey(plan.key_item, plan.rack);
}

std::string RackAssigner::rackName(std::uint64_t key) const {
    const auto item = static_cast<std::size_t>(key >> kIndexBits);
    if (item >= m_plans.size()) return "rack";
    const Item& it = m_design.hardware.items[item];
    const Plan& plan = m_plans[item];
    switch (plan.mode) {
        case Mode::rack_group:
            return "rack group '" + it.id + "'";
        case Mode::node_pack:
            return "'" + it.id + "' (" + std::to_string(plan.per_rack) + " per rack)";
        case Mode::sequential:
            break;
    }
    return "'" + it.id + "' equipment";
}

std::vector<RackGroup> groupRacks(const std::vector<std::string>& names,
                                  const std::vector<RackLoad>& loads, const FacilityParams& params,
                                  std::vector<std::string>& warnings) {
    // Identical racks (same name, load and device count) are listed once with a count.
    std::map<std::tuple<std::string, long long, long long, long long>, RackGroup> groups;
    const double limit = std::min(params.rackPowerLimitKw(), params.coolingLimitKw());
    for (std::size_t i = 0; i < loads.size() && i < names.size(); ++i) {
        const RackLoad& load = loads[i];
        RackGroup g;
        g.name = names[i];
        g.accelerators = load.accelerators;
        g.nameplate_kw = load.nameplate_w / 1000.0;
        g.average_kw = load.average_w / 1000.0;
        g.limit_kw = limit;
        g.over_limit = g.nameplate_kw > g.limit_kw * (1 + 1e-9);
        auto id = std::make_tuple(g.name, std::llround(load.nameplate_w),
                                  std::llround(load.average_w), load.accelerators);
        auto [it, inserted] = groups.emplace(id, g);
        it->second.racks += 1;
    }
    std::vector<RackGroup> out;
    for (auto& [id, g] : groups)
        out.push_back(g);
    std::stable_sort(out.begin(), out.end(), [](const RackGroup& a, const RackGroup& b) {
        return a.nameplate_kw > b.nameplate_kw;
    });
    numberSharedNames(out);

    const double coolingKw = params.coolingLimitKw();
    const double powerKw = params.rackPowerLimitKw();
    for (const RackGroup& g : out) {
        const std::string racks = std::to_string(g.racks) + (g.racks == 1 ? " rack" : " racks");
        if (g.nameplate_kw > coolingKw * (1 + 1e-9))
            warnings.push_back(racks + " of " + g.name + " draw up to " + kw(g.nameplate_kw) +
                               ", more than " + toString(params.cooling) +
                               " cooling removes per rack (" + kw(coolingKw) + ", facility." +
                               coolingParamName(params.cooling) +
                               "): use a denser cooling type (rear-door, direct-liquid, "
                               "immersion) or spread the load over more racks");
        if (g.nameplate_kw > powerKw * (1 + 1e-9))
            warnings.push_back(racks + " of " + g.name + " draw up to " + kw(g.nameplate_kw) +
                               ", above the rack power limit of " + kw(powerKw) +
                               " (facility.rack_power_limit_kw)");
    }
    return out;
}

}  // namespace infraplan
