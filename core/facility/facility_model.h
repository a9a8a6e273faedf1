#pragma once
// The facility and economics model in one call: power, racks, cooling, reliability, cost and
// energy of an expanded design under a workload. Pure function; evaluate() calls it.

#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "core/facility/facility_results.h"
#include "core/facility/power.h"
#include "core/topology/graph.h"

namespace infraplan {

struct FacilityEvaluation {
    FacilityResults results;
    std::vector<std::string> warnings;
    Diagnostics diagnostics;  // invalid facility/economics parameters, by JSON pointer
};

// The workload bridge from the design alone: mode and the devices the strategy uses. The
// engines' results (time to train, busy share, tokens/s) are filled in by evaluate().
FacilityWorkload facilityWorkloadFromDesign(const Design& design, long long devices);

FacilityEvaluation evaluateFacility(const Design& design, const catalog::Catalog& catalog,
                                    const Graph& graph, const FacilityWorkload& workload);

}  // namespace infraplan
