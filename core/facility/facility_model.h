#pragma once
// The facility and economics model in one call: power, racks, cooling, reliability, cost and
// energy of an expanded design under a workload. Pure function; evaluate() calls it.

#include <cstdint>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "core/facility/facility_hardware.h"
#include "core/facility/facility_results.h"
#include "core/facility/power.h"
#include "core/results/training_results.h"
#include "core/topology/graph.h"

namespace infraplan {

struct FacilityEvaluation {
    FacilityResults results;
    std::vector<std::string> warnings;
    Diagnostics diagnostics;        // invalid facility/economics parameters, by JSON pointer
    double used_accelerator_w = 0;  // average draw of one accelerator the workload uses
};

// The workload bridge from the design alone: mode and the devices the strategy uses. The
// engines' results (time to train, busy share, tokens/s) are filled in by evaluate().
FacilityWorkload facilityWorkloadFromDesign(const Design& design, long long devices);

// Resolves the design's facility parameters (reporting what is invalid), describes the
// hardware (describeFacilityHardware), then evaluates the workload on it (below).
FacilityEvaluation evaluateFacility(const Design& design, const catalog::Catalog& catalog,
                                    const Graph& graph, const FacilityWorkload& workload);

// What the results need: everything; what a strategy search's score needs: the numbers, without
// the rack groups and the warnings (text that does not change a score).
enum class FacilityDetail : std::uint8_t { full, search };

// The per-workload part on a hardware described once (a strategy search describes it once per
// design): the same model as above, which calls it.
FacilityEvaluation evaluateFacility(const FacilityHardware& hardware,
                                    const FacilityWorkload& workload,
                                    FacilityDetail detail = FacilityDetail::full);

// The training section's power and energy, as the facility model counts them (it is their one
// authority): the average draw of a used device, and the accelerators' energy (used ones at
// their draw, idle ones at idle) per step and over the time to train without interruptions.
void applyFacilityEnergy(const FacilityEvaluation& facility, TrainingResults& training);

}  // namespace infraplan
