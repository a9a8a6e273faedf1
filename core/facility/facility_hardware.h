#pragma once
// The facility model in two steps: what the hardware is (one walk over the expanded graph: each
// part's rating and idle draw, the racks, cables, prices; nothing here depends on the workload),
// then the workload's arithmetic on it (which accelerators are used and how busy they are). A
// strategy search describes the hardware once and runs only the second step per candidate;
// rollUpPower and evaluateFacility run both, so there is one model.

#include <cstdint>
#include <string>
#include <vector>

#include "core/facility/power.h"
#include "core/facility/racks.h"

namespace infraplan {

// Accelerators of one catalog entry: what one draws, and where they sit in the rank order.
struct AcceleratorKind {
    double tdp_w = 0;
    double idle_w = 0;
    double failures_per_year = 0;  // catalog annual failure rate of one
    long long count = 0;           // in the design
    std::vector<long long> ranks;  // their ranks (sorted); a device out of the order is not used
};

// One accelerator with a catalog entry: for its rack's average load.
struct AcceleratorSeat {
    std::uint32_t kind = 0;
    std::uint32_t rack = 0;  // index into FacilityHardware::rack_names / rack_base
    long long rank = -1;     // -1: not in the rank order (never used)
};

struct FacilityHardware {
    FacilityParams params;  // resolved facility parameters the description was made under
    // The workload-independent figures: nameplate, idle, capacity, PUE, racks, the parts other
    // than accelerators. it_kw and accelerators_kw are left 0 (the workload's), so are the
    // facility averages and rack_groups.
    PowerResults power;
    double others_it_kw = 0;  // average draw of everything but the accelerators, optics included
    HardwareTally tally;      // accelerators_used and accelerator_failures_per_year left 0
    std::vector<std::string> warnings;  // found resolving the items
    long long ranked_accelerators = 0;  // the graph's rank order's length
    std::vector<AcceleratorKind> kinds;
    std::vector<AcceleratorSeat> seats;
    std::vector<std::string> rack_names;  // per rack, dense
    std::vector<RackLoad> rack_base;      // per rack: all but the accelerators' average draw
    std::vector<std::uint64_t> rack_of_vertex;
};

// The walk over the graph (docs/facility.md §1). Never throws; problems go to `warnings`.
FacilityHardware describeFacilityHardware(const Design& design, const catalog::Catalog& catalog,
                                          const Graph& graph, const FacilityParams& params);

// The workload's share: what the used accelerators draw at their busy share, the rest idle.
struct WorkloadPower {
    PowerResults power;  // the hardware's figures with the workload's averages filled in
    long long accelerators_used = 0;
    double accelerator_failures_per_year = 0;
    double used_accelerator_w = 0;  // average draw of one used accelerator (mean over them)
};

// `rack_groups`: also group the racks by their average load (and warn about those over their
// limits): the results list them; a strategy search's score does not read them.
WorkloadPower powerUnderWorkload(const FacilityHardware& hardware, const FacilityWorkload& workload,
                                 bool rack_groups, std::vector<std::string>& warnings);

}  // namespace infraplan
