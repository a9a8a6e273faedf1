#include "core/evaluate/evaluate.h"

#include <algorithm>

#include "core/design/validate.h"
#include "core/evaluate/inventory.h"
#include "core/facility/facility_model.h"
#include "core/perf/inference_engine.h"
#include "core/perf/training_engine.h"
#include "core/topology/network_eval.h"

namespace infraplan {
namespace {

// Validation counts the expansion as expand() does: a message both report is listed once.
void addDiagnostics(const Diagnostics& diags, Results& results) {
    auto addOnce = [](std::vector<std::string>& list, std::string text) {
        if (std::find(list.begin(), list.end(), text) == list.end())
            list.push_back(std::move(text));
    };
    for (const Diagnostic& d : diags.items) {
        if (d.severity == Diagnostic::Severity::error) {
            results.feasible = false;
            addOnce(results.reasons, d.toString());
        } else {
            addOnce(results.warnings, d.toString());
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
        // $/M tokens and J/token of training: per token trained.
        if (t.tokens_per_s > 0) w.output_tokens_per_s = t.tokens_per_s;
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

// What a cancelled evaluation returns: the flag and why, none of the partial numbers.
Results cancelledResults() {
    Results r;
    r.feasible = false;
    r.cancelled = true;
    r.reasons.push_back("evaluation cancelled");
    return r;
}

// Validation of the whole design (hardware, workload, strategy, facility).
Results validated(const Design& design, const catalog::Catalog& catalog,
                  const EvaluateOptions& options) {
    Results results;
    ValidateOptions validateOptions;
    validateOptions.max_devices = options.max_devices;
    addDiagnostics(validateDesign(design, catalog, validateOptions), results);
    return results;
}

// The engines on a validated base and the hardware's expanded graph.
Results runEngines(Results results, const Graph& graph, const Design& design,
                   const catalog::Catalog& catalog) {
    // The flow-level network model (topology engine); null -> the engines' per-tier estimate.
    const std::unique_ptr<FlowCommModel> network =
        makeNetworkModel(design, catalog, graph, results);
    if (cancelRequested()) return cancelledResults();
    if (design.workload.mode == WorkloadMode::training) {
        evaluateTraining(design, catalog, results, network.get());
    } else {
        // KV offload and near-memory attention read the memory items' routed bandwidths.
        InferenceOptions options;
        std::vector<NetworkMemoryTier> tiers;
        if (network) {
            tiers = network->memoryTiers();
            options.memory_tiers = &tiers;
        }
        evaluateInference(design, catalog, network.get(), results, options);
    }
    if (cancelRequested()) return cancelledResults();
    if (network) addNetworkResults(*network, design, results);

    FacilityEvaluation facility =
        evaluateFacility(design, catalog, graph, facilityWorkload(design, results));
    addDiagnostics(facility.diagnostics, results);
    results.warnings.insert(results.warnings.end(), facility.warnings.begin(),
                            facility.warnings.end());
    results.facility = std::move(facility.results);
    return cancelRequested() ? cancelledResults() : results;
}

}  // namespace

PreparedDesign prepareDesign(const Design& design, const catalog::Catalog& catalog,
                             const EvaluateOptions& options) {
    PreparedDesign prepared;
    Results& results = prepared.base;
    results = validated(design, catalog, options);
    if (!results.feasible || cancelRequested()) return prepared;

    ExpandOptions expandOptions;
    expandOptions.max_devices = options.max_devices;
    ExpandResult expanded = expand(design, catalog, expandOptions);
    addDiagnostics(expanded.diagnostics, results);
    prepared.expansion = expanded.diagnostics;
    if (!expanded.ok()) return prepared;

    results.inventory = takeInventory(expanded.graph, catalog);
    results.devices = results.inventory.devices;
    prepared.graph = std::move(expanded.graph);
    return prepared;
}

Results evaluatePrepared(const PreparedDesign& prepared, const Design& design,
                         const catalog::Catalog& catalog) {
    if (!prepared.ok()) return prepared.base;
    return runEngines(prepared.base, *prepared.graph, design, catalog);
}

Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& options) {
    const CancelScope scope(options.cancel);
    const PreparedDesign prepared = prepareDesign(design, catalog, options);
    if (cancelRequested()) return cancelledResults();
    return evaluatePrepared(prepared, design, catalog);
}

Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& options, std::shared_ptr<const PreparedDesign>& prepared) {
    const CancelScope scope(options.cancel);
    if (prepared && prepared->ok() && prepared->hardware_owner) {
        // The same hardware: validate this design, then run the engines on the kept graph.
        Results base = validated(design, catalog, options);
        if (!base.feasible) return base;
        if (cancelRequested()) return cancelledResults();
        addDiagnostics(prepared->expansion, base);
        base.inventory = prepared->base.inventory;
        base.devices = prepared->base.devices;
        return runEngines(std::move(base), *prepared->graph, design, catalog);
    }
    // The preparation is kept past this call: expand a copy of the design that it owns.
    auto owner = std::make_shared<const Design>(design);
    auto fresh = std::make_shared<PreparedDesign>(prepareDesign(*owner, catalog, options));
    fresh->hardware_owner = std::move(owner);
    prepared.reset();
    if (cancelRequested()) return cancelledResults();
    prepared = fresh;
    return evaluatePrepared(*fresh, design, catalog);
}

}  // namespace infraplan
