#include "core/evaluate/evaluate.h"

#include "core/evaluate/inventory.h"
#include "core/facility/facility_model.h"
#include "core/topology/graph.h"

namespace infraplan {

Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& options) {
    Results results;
    ExpandOptions expandOptions;
    expandOptions.max_devices = options.max_devices;
    const ExpandResult expanded = expand(design, catalog, expandOptions);
    for (const Diagnostic& d : expanded.diagnostics.items) {
        auto& list = d.severity == Diagnostic::Severity::error ? results.reasons : results.warnings;
        list.push_back(d.toString());
    }
    if (!expanded.ok()) {
        results.feasible = false;
        return results;
    }
    const Graph& graph = expanded.graph;
    results.inventory = takeInventory(graph, catalog);
    results.devices = results.inventory.devices;

    // Facility and economics. The training/inference engines' outputs (time to train, busy
    // share, goodput tokens/s) go into `workload` once they run here.
    FacilityWorkload workload = facilityWorkloadFromDesign(design, results.devices);
    FacilityEvaluation facility = evaluateFacility(design, catalog, graph, workload);
    for (const Diagnostic& d : facility.diagnostics.items) {
        auto& list = d.severity == Diagnostic::Severity::error ? results.reasons : results.warnings;
        list.push_back(d.toString());
    }
    if (facility.diagnostics.hasErrors()) results.feasible = false;
    results.warnings.insert(results.warnings.end(), facility.warnings.begin(),
                            facility.warnings.end());
    results.facility = std::move(facility.results);
    return results;
}

}  // namespace infraplan
