#include "core/evaluate/evaluate.h"

#include "core/design/validate.h"
#include "core/evaluate/inventory.h"
#include "core/perf/inference_engine.h"
#include "core/perf/training_engine.h"

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

PreparedDesign prepareDesign(const Design& design, const catalog::Catalog& catalog,
                             const EvaluateOptions& options) {
    PreparedDesign prepared;
    Results& results = prepared.base;
    ValidateOptions validateOptions;
    validateOptions.max_devices = options.max_devices;
    addDiagnostics(validateDesign(design, catalog, validateOptions), results);
    if (!results.feasible) return prepared;

    ExpandOptions expandOptions;
    expandOptions.max_devices = options.max_devices;
    ExpandResult expanded = expand(design, catalog, expandOptions);
    addDiagnostics(expanded.diagnostics, results);
    if (!expanded.ok()) return prepared;

    results.inventory = takeInventory(expanded.graph, catalog);
    results.devices = results.inventory.devices;
    prepared.graph = std::move(expanded.graph);
    return prepared;
}

Results evaluatePrepared(const PreparedDesign& prepared, const Design& design,
                         const catalog::Catalog& catalog) {
    Results results = prepared.base;
    if (!prepared.ok()) return results;
    if (design.workload.mode == WorkloadMode::training)
        evaluateTraining(design, catalog, results);
    else
        evaluateInference(design, catalog, nullptr, results);
    return results;
}

Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& options) {
    return evaluatePrepared(prepareDesign(design, catalog, options), design, catalog);
}

}  // namespace infraplan
