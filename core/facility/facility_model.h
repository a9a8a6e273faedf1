#pragma once
// The facility and economics model in one call: power, racks, cooling, reliability, cost and
// energy of an expanded design under a workload. Pure function; evaluate() calls it.

#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
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

// `resolved`: the design's facility parameters, resolved once by the caller (a strategy search
// evaluating many strategies of one design); null = resolved here, reporting what is invalid.
FacilityEvaluation evaluateFacility(const Design& design, const catalog::Catalog& catalog,
                                    const Graph& graph, const FacilityWorkload& workload,
                                    const FacilityParams* resolved = nullptr);

// The training section's power and energy, as the facility model counts them (it is their one
// authority): the average draw of a used device, and the accelerators' energy (used ones at
// their draw, idle ones at idle) per step and over the time to train without interruptions.
void applyFacilityEnergy(const FacilityEvaluation& facility, TrainingResults& training);

}  // namespace infraplan
