#include "core/evaluate/evaluate.h"

#include "core/design/validate.h"
#include "core/evaluate/inventory.h"
#include "core/perf/inference_engine.h"
#include "core/perf/training_engine.h"
#include "core/topology/graph.h"

namespace infraplan {
namespace {

void addDiagnostics(const Diagnostics& diags, Results& results) {
    for (const Diagnostic& d : diags.items) {
        if (d.severity == Diagnostic::Severity::error) {
            results.feasible = false;
            results.reasons.push_back(d.toString());
        } else {
            results.warnings.push_back(d.toString());
        }
    }
}

}  // namespace

Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& options) {
    Results results;
    ValidateOptions validateOptions;
    validateOptions.max_devices = options.max_devices;
    addDiagnostics(validateDesign(design, catalog, validateOptions), results);
    if (!results.feasible) return results;

    ExpandOptions expandOptions;
    expandOptions.max_devices = options.max_devices;
    const ExpandResult expanded = expand(design, catalog, expandOptions);
    addDiagnostics(expanded.diagnostics, results);
    if (!expanded.ok()) return results;

    results.inventory = takeInventory(expanded.graph, catalog);
    results.devices = results.inventory.devices;
    if (design.workload.mode == WorkloadMode::training)
        evaluateTraining(design, catalog, results);
    else
        evaluateInference(design, catalog, nullptr, results);
    return results;
}

}  // namespace infraplan
