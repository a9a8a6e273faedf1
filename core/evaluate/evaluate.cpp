#include "core/evaluate/evaluate.h"

#include "core/design/validate.h"
#include "core/evaluate/inventory.h"
#include "core/facility/facility_model.h"
#include "core/perf/inference_engine.h"
#include "core/perf/training_engine.h"
#include "core/topology/network_eval.h"

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

// What the facility model needs from the workload engines' results.
FacilityWorkload facilityWorkload(const Design& design, const Results& results) {
    FacilityWorkload w = facilityWorkloadFromDesign(design, results.devices);
    if (results.training) {
        const TrainingResults& t = *results.training;
        if (t.devices_used > 0) w.devices_used = t.devices_used;
        // Devices draw above idle while computing or streaming memory (the training engine's
        // busy share); communication waits and bubbles sit near idle.
        if (t.step_time_s > 0)
            w.busy_fraction = (t.breakdown.compute_s + t.breakdown.memory_bound_s) / t.step_time_s;
        if (t.time_to_train_days > 0) w.training_ideal_s = t.time_to_train_days * 86400.0;
    }
    if (results.inference) {
        const InferenceResults& inf = *results.inference;
        if (inf.devices_used > 0) w.devices_used = inf.devices_used;
        // Tokens that met the SLO (all of them when none is set): what the fleet is paid for.
        const bool slo = design.workload.slo.ttft_ms > 0 || design.workload.slo.tpot_ms > 0;
        w.output_tokens_per_s = inf.output_tokens_per_s * (slo ? inf.slo_attainment : 1.0);
    }
    return w;
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
    // The flow-level network model (topology engine); null -> the engines' per-tier estimate.
    const std::unique_ptr<FlowCommModel> network =
        makeNetworkModel(design, catalog, *prepared.graph, results);
    if (design.workload.mode == WorkloadMode::training)
        evaluateTraining(design, catalog, results, network.get());
    else {
        // KV offload and near-memory attention read the memory items' routed bandwidths.
        InferenceOptions options;
        std::vector<NetworkMemoryTier> tiers;
        if (network) {
            tiers = network->memoryTiers();
            options.memory_tiers = &tiers;
        }
        evaluateInference(design, catalog, network.get(), results, options);
    }
    if (network) addNetworkResults(*network, design, results);

    FacilityEvaluation facility =
        evaluateFacility(design, catalog, *prepared.graph, facilityWorkload(design, results));
    addDiagnostics(facility.diagnostics, results);
    results.warnings.insert(results.warnings.end(), facility.warnings.begin(),
                            facility.warnings.end());
    results.facility = std::move(facility.results);
    return results;
}

Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& options) {
    return evaluatePrepared(prepareDesign(design, catalog, options), design, catalog);
}

}  // namespace infraplan
