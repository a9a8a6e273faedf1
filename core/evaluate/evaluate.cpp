#include "core/evaluate/evaluate.h"

#include <algorithm>

#include "core/accuracy/error_bands.h"
#include "core/design/validate.h"
#include "core/evaluate/bottlenecks.h"
#include "core/evaluate/evaluate_search.h"
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

void addMessages(EngineMessages messages, Results& results) {
    if (!messages.feasible) results.feasible = false;
    for (std::string& r : messages.reasons)
        results.reasons.push_back(std::move(r));
    for (std::string& w : messages.warnings)
        results.warnings.push_back(std::move(w));
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

// The workload engine's section, whichever mode the design is in.
struct WorkloadSection {
    EngineMessages messages;
    std::optional<TrainingResults> training;
    std::optional<InferenceResults> inference;
    std::optional<MemoryResults> memory;
    std::vector<Bottleneck> bottlenecks;
    std::vector<IssuedCollective> collectives;
    MemoryItemsUsed memory_items;
    bool memory_pruned = false;
    bool bound_pruned = false;
};

WorkloadSection runWorkload(const Design& design, const catalog::Catalog& catalog,
                            const CommModel* comm, const CancelToken* cancel, TrainingDetail detail,
                            const TrainingSearchAids& aids) {
    WorkloadSection w;
    if (design.workload.mode == WorkloadMode::training) {
        TrainingEvaluation t = evaluateTraining(design, catalog, comm, cancel, detail, aids);
        w.memory_pruned = t.memory_pruned;
        w.bound_pruned = t.bound_pruned;
        w.messages = std::move(t.messages);
        w.training = std::move(t.training);
        w.memory = std::move(t.memory);
        w.bottlenecks = std::move(t.bottlenecks);
        w.collectives = std::move(t.collectives);
        if (design.strategy.offload.active())
            w.memory_items.offload = design.strategy.offload.target;
    } else {
        InferenceOptions options;
        options.cancel = cancel;
        options.goodput = detail == TrainingDetail::full;
        InferenceEvaluation i = evaluateInference(design, catalog, comm, options);
        w.messages = std::move(i.messages);
        w.inference = std::move(i.inference);
        w.memory = std::move(i.memory);
        w.bottlenecks = std::move(i.bottlenecks);
        w.collectives = std::move(i.collectives);
        w.memory_items = {i.kv_offload_item, i.near_memory_item};
    }
    return w;
}

// What the facility model needs from the workload engine's section.
FacilityWorkload facilityWorkload(const Design& design, long long devices,
                                  const WorkloadSection& work) {
    FacilityWorkload w = facilityWorkloadFromDesign(design, devices);
    if (work.training) {
        const TrainingResults& t = *work.training;
        if (t.devices_used > 0) w.devices_used = t.devices_used;
        // Devices draw above idle while computing or streaming memory (the training engine's
        // busy share); communication waits and bubbles sit near idle.
        if (t.step_time_s > 0)
            w.busy_fraction = (t.breakdown.compute_s + t.breakdown.memory_bound_s) / t.step_time_s;
        if (t.time_to_train_days > 0) w.training_ideal_s = t.time_to_train_days * 86400.0;
        // $/M tokens and J/token of training: per token trained.
        if (t.tokens_per_s > 0) w.output_tokens_per_s = t.tokens_per_s;
    }
    if (work.inference) {
        const InferenceResults& inf = *work.inference;
        if (inf.devices_used > 0) w.devices_used = inf.devices_used;
        // Tokens that met the SLO (all of them when none is set): what the fleet is paid for.
        const bool slo = design.workload.slo.ttft_ms > 0 || design.workload.slo.tpot_ms > 0;
        w.output_tokens_per_s = inf.output_tokens_per_s * (slo ? inf.slo_attainment : 1.0);
    }
    return w;
}

// What a strategy search lends the engines for one candidate: the facility model's description
// of the hardware and its devices (the same for every candidate), the worker's memo of layer
// times, its test of lower bounds (may be null), and where to say that the candidate's memory
// did not fit or that it was beaten on its bound.
struct SearchContext {
    const FacilityHardware* facility;
    const DeviceSummary* devices;
    LayerTimeMemo* layer_times;
    const ResultsBoundTest* beaten;
    bool* memory_pruned;
    bool* bound_pruned;
};

// The search's test as the training engine asks it: the facility model's figures at the bound
// step (the devices idle: the least power and cost any step could have), then the verdict.
StepBoundTest facilityBoundTest(const Design& design, long long devices,
                                const SearchContext& search) {
    return [&design, devices, &search](const TrainingResults& bound) {
        const BoundFigures figures = [&](const TrainingResults& at) {
            WorkloadSection work;
            work.training = at;
            Results r;
            r.devices = devices;
            r.facility = evaluateFacility(*search.facility, facilityWorkload(design, devices, work),
                                          FacilityDetail::search)
                             .results;
            r.training = std::move(work.training);
            return r;
        };
        return (*search.beaten)(bound, figures);
    };
}

// The engines on a validated base, the hardware's expanded graph and the flow-level network
// model built for the design's layout, in pipeline order; each stage's section is assembled
// into the results, the bottlenecks last. A search (`search` set) leaves out the network report,
// the bottlenecks and serving's goodput bisection (none changes a score; the best candidates are
// evaluated in full) and stops a strategy that does not fit.
Results runEnginesOn(Results results, const Graph& graph, const NetworkModel& network,
                     const Design& design, const catalog::Catalog& catalog,
                     const CancelToken* cancel, const SearchContext* search) {
    if (network.warning) results.warnings.push_back(*network.warning);
    if (network.infeasible) {
        results.feasible = false;
        results.reasons.push_back(*network.infeasible);
    }
    if (isCancelled(cancel)) return cancelledResults();

    const TrainingDetail detail = search ? TrainingDetail::search : TrainingDetail::full;
    const StepBoundTest bound = search && search->beaten
                                    ? facilityBoundTest(design, results.devices, *search)
                                    : StepBoundTest{};
    const TrainingSearchAids aids =
        search ? TrainingSearchAids{search->layer_times, &bound, search->devices}
               : TrainingSearchAids{};
    WorkloadSection work = runWorkload(design, catalog, network.model.get(), cancel, detail, aids);
    if (isCancelled(cancel)) return cancelledResults();
    addMessages(std::move(work.messages), results);
    results.training = std::move(work.training);
    results.inference = std::move(work.inference);
    results.memory = std::move(work.memory);
    if (search) {
        *search->memory_pruned = work.memory_pruned;
        *search->bound_pruned = work.bound_pruned;
    }
    if (work.memory_pruned || work.bound_pruned) return results;
    const bool full = detail == TrainingDetail::full;

    if (network.model && full) {
        results.network = evaluateNetwork(*network.model, work.collectives);
        for (const std::string& w : results.network->warnings)
            results.warnings.push_back("network: " + w);
    }

    // The search described the facility's hardware once; evaluate() describes it here.
    const FacilityWorkload facilityLoad = facilityWorkload(design, results.devices, work);
    const FacilityEvaluation facility =
        search ? evaluateFacility(*search->facility, facilityLoad, FacilityDetail::search)
               : evaluateFacility(design, catalog, graph, facilityLoad);
    addDiagnostics(facility.diagnostics, results);
    results.warnings.insert(results.warnings.end(), facility.warnings.begin(),
                            facility.warnings.end());
    results.facility = facility.results;
    if (results.training) applyFacilityEnergy(facility, *results.training);

    if (full)
        results.bottlenecks = buildBottlenecks(std::move(work.bottlenecks),
                                               results.network ? &*results.network : nullptr,
                                               work.memory_items, design, catalog);
    if (full) results.error_bands = errorBands(results, design, catalog);
    if (isCancelled(cancel)) return cancelledResults();
    return results;  // moved, not copied (a conditional expression would copy it)
}

Results runEngines(Results results, const std::shared_ptr<const Graph>& graph, const Design& design,
                   const catalog::Catalog& catalog, const CancelToken* cancel,
                   std::shared_ptr<const FlowFabric> fabric = nullptr) {
    // The flow-level network model (topology engine); null -> the engines' per-tier estimate.
    if (!fabric) fabric = makeFlowFabric(design, catalog, graph, cancel);
    const NetworkModel network = makeNetworkModel(design, std::move(fabric));
    return runEnginesOn(std::move(results), *graph, network, design, catalog, cancel, nullptr);
}

// Validation of a design whose hardware `prepared` holds: its graph and inventory reused.
Results revalidated(const PreparedDesign& prepared, const Design& design,
                    const catalog::Catalog& catalog, const EvaluateOptions& options) {
    Results base = validated(design, catalog, options);
    if (!base.feasible) return base;
    addDiagnostics(prepared.expansion, base);
    base.inventory = prepared.base.inventory;
    base.devices = prepared.base.devices;
    return base;
}

}  // namespace

bool PreparedDesign::matches(const Design& design, const catalog::Catalog& catalog,
                             const EvaluateOptions& options) const {
    return catalog.revision() == catalog_revision && options.max_devices == max_devices &&
           design.hardware == hardware;
}

PreparedDesign prepareDesign(const Design& design, const catalog::Catalog& catalog,
                             const EvaluateOptions& options) {
    PreparedDesign prepared;
    prepared.hardware = design.hardware;
    prepared.catalog_revision = catalog.revision();
    prepared.max_devices = options.max_devices;
    Results& results = prepared.base;
    results = validated(design, catalog, options);
    if (!results.feasible || isCancelled(options.cancel)) return prepared;

    ExpandOptions expandOptions;
    expandOptions.max_devices = options.max_devices;
    ExpandResult expanded = expand(design, catalog, expandOptions);
    addDiagnostics(expanded.diagnostics, results);
    prepared.expansion = expanded.diagnostics;
    if (!expanded.ok()) return prepared;

    results.inventory = takeInventory(expanded.graph, catalog);
    results.devices = results.inventory.devices;
    prepared.graph = std::make_shared<const Graph>(std::move(expanded.graph));
    return prepared;
}

Results evaluatePrepared(const PreparedDesign& prepared, const Design& design,
                         const catalog::Catalog& catalog, const EvaluateOptions& options,
                         std::shared_ptr<const FlowFabric> fabric) {
    if (!prepared.matches(design, catalog, options)) return evaluate(design, catalog, options);
    if (!prepared.ok()) return prepared.base;
    Results base = revalidated(prepared, design, catalog, options);
    if (!base.feasible) return base;
    if (isCancelled(options.cancel)) return cancelledResults();
    return runEngines(std::move(base), prepared.graph, design, catalog, options.cancel,
                      std::move(fabric));
}

SearchEvaluation evaluateWithNetwork(const PreparedDesign& prepared, const Design& design,
                                     const catalog::Catalog& catalog,
                                     const EvaluateOptions& options, const NetworkModel& network,
                                     const SearchHardware& hardware, LayerTimeMemo* layerTimes,
                                     const ResultsBoundTest* beaten) {
    SearchEvaluation out;
    // The candidate differs from the prepared design in its strategy only: the checks that
    // read the strategy are all that can fail (warnings of the others are left out).
    Results base;
    addDiagnostics(validateStrategy(design, catalog), base);
    base.devices = prepared.base.devices;
    if (!base.feasible) {
        out.results = std::move(base);
        return out;
    }
    if (isCancelled(options.cancel)) {
        out.results = cancelledResults();
        return out;
    }
    const SearchContext search{&*hardware.facility, &hardware.devices, layerTimes, beaten,
                               &out.memory_pruned,  &out.bound_pruned};
    out.results = runEnginesOn(std::move(base), *prepared.graph, network, design, catalog,
                               options.cancel, &search);
    return out;
}

Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& options) {
    std::shared_ptr<const PreparedDesign> prepared;
    return evaluate(design, catalog, options, prepared);
}

Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& options, std::shared_ptr<const PreparedDesign>& prepared) {
    if (prepared && prepared->ok() && prepared->matches(design, catalog, options)) {
        // The same hardware: validate this design, then run the engines on the kept graph.
        Results base = revalidated(*prepared, design, catalog, options);
        if (!base.feasible) return base;
        if (isCancelled(options.cancel)) return cancelledResults();
        return runEngines(std::move(base), prepared->graph, design, catalog, options.cancel);
    }
    auto fresh = std::make_shared<const PreparedDesign>(prepareDesign(design, catalog, options));
    prepared.reset();
    if (isCancelled(options.cancel)) return cancelledResults();
    prepared = fresh;
    if (!fresh->ok()) return fresh->base;
    return runEngines(fresh->base, fresh->graph, design, catalog, options.cancel);
}

}  // namespace infraplan
