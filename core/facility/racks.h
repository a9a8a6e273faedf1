#pragma once
// Which rack each piece of hardware sits in, and the check of every rack against the rack power
// limit and what its cooling type can remove. Racks come from groups with role "rack"; node
// instances outside such groups are packed as many per rack as space, power and cooling allow
// (or `nodes_per_rack`); other equipment (fabric switches, loose parts) fills racks of its own.

#include <cstdint>
#include <string>
#include <vector>

#include "core/design/design.h"
#include "core/facility/facility_defaults.h"
#include "core/facility/facility_results.h"

namespace infraplan {

struct RackLoad {
    double nameplate_w = 0;
    double average_w = 0;
    long long accelerators = 0;
};

class RackAssigner {
public:
    // unit_nameplate_w / unit_rack_units: one instance of each design item (nodes: the whole
    // node) for packing; 0 rack units = unknown (power decides alone).
    RackAssigner(const Design& design, const FacilityParams& params,
                 std::vector<double> unit_nameplate_w, std::vector<double> unit_rack_units);

    // The rack of one instance of an item. Parts of a node share their node's rack. Equipment
    // outside racks and nodes is packed in call order, so call once per vertex, in order.
    std::uint64_t rackOf(std::uint32_t item, std::uint32_t instance, double nameplate_w);

    // What a rack is called in the results: its rack group, node item or equipment.
    std::string rackName(std::uint64_t key) const;

    // The binding per-rack limit: min(rack power limit, cooling type's limit), kW.
    double limitKw() const;

private:
    enum class Mode : std::uint8_t { rack_group, node_pack, sequential };
    struct Plan {
        Mode mode = Mode::sequential;
        std::uint32_t key_item = 0;  // the rack group for rack_group, else the item itself
        long long per_rack = 1;      // instances per rack (rack_group, node_pack)
        double load_w = 0;           // sequential packing state
        long long units_filled = 0;  // ("slots" is a Qt keyword macro in test code)
        long long rack = 0;
    };
    const Design& m_design;
    const FacilityParams& m_params;
    std::vector<Plan> m_plans;
};

// Group identical racks (same name, load and device count), check them against the limits, and
// warn about the ones over. `names[i]` names the rack loaded with `loads[i]`. Groups come
// heaviest first, each with a name unique in the list (rows of one source are numbered "#1",
// "#2"); the warnings use those names.
std::vector<RackGroup> groupRacks(const std::vector<std::string>& names,
                                  const std::vector<RackLoad>& loads, const FacilityParams& params,
                                  std::vector<std::string>& warnings);

}  // namespace infraplan
