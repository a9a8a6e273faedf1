#include "core/perf/training_engine.h"

#include <cmath>

#include "core/design/resolve.h"
#include "core/perf/step_bound.h"
#include "core/perf/tier_comm_model.h"
#include "core/perf/training_memory.h"
#include "core/perf/training_offload.h"
#include "core/perf/training_plan.h"
#include "core/perf/training_step.h"

namespace infraplan {
namespace {

std::string gb(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f GB", bytes / 1e9);
    return buf;
}

// What uses the memory most, and what would shrink it.
std::string memoryAdvice(const TrainingPlan& p, const MemoryResults& m) {
    const MemoryBreakdown& b = m.breakdown;
    const double states = b.weights + b.gradients + b.optimizer;
    if (b.activations > states) {
        if (p.recompute != Recompute::full)
            return "activations (" + gb(b.activations) +
                   ") dominate: use selective or full "
                   "recompute, sequence parallelism, a smaller microbatch or more tp/pp";
        return "activations (" + gb(b.activations) +
               ") dominate even with full recompute: "
               "use a smaller microbatch, sequence parallelism or more tp/pp/cp";
    }
    if (p.zero < 3 && p.dp > 1)
        return "weights, gradients and optimizer state (" + gb(states) +
               ") dominate: raise "
               "zero to " +
               std::to_string(std::min(3, p.zero + 1)) + " or use more tp/pp";
    return "weights, gradients and optimizer state (" + gb(states) +
           ") dominate: use more "
           "tp/pp or devices with more memory";
}

// The rank layout of a plan, in strategy.placement's order (warns when it is not understood).
RankLayout planLayout(const TrainingPlan& plan, const Design& design, EngineMessages& messages) {
    RankLayout layout;
    layout[ParallelDim::tp] = plan.tp;
    layout[ParallelDim::cp] = plan.cp;
    layout[ParallelDim::dp] = plan.dp;
    layout[ParallelDim::pp] = plan.pp;
    layout[ParallelDim::ep] = plan.ep;
    if (!parsePlacement(design.strategy.placement, layout))
        messages.warnings.push_back("strategy.placement \"" + design.strategy.placement +
                                    "\" is not understood; tp-first (tp, cp, dp, pp) is used");
    return layout;
}

double offloadedToPool(const TrainingPlan& plan, const MemoryResults& memory) {
    return memory.offloaded_bytes * double(plan.devices_used);
}

// The two ways a step does not fit: the devices, and the offload pool. Shared by the search's
// pruning (memoryFits) and evaluate()'s verdict (checkMemory), so they cannot drift apart.
bool devicesOverflow(const MemoryResults& memory) {
    return memory.per_device_bytes > memory.capacity_bytes;
}
bool poolOverflows(const TrainingPlan& plan, const MemoryResults& memory) {
    return plan.offload.active() && offloadedToPool(plan, memory) > plan.offload.capacity_bytes;
}

// Whether the devices (and the offload pool) hold what the step needs: checkMemory's verdict.
bool memoryFits(const TrainingPlan& plan, const MemoryResults& memory) {
    return !devicesOverflow(memory) && !poolOverflows(plan, memory);
}

// Whether the devices hold what the step needs (infeasible reasons), or only just (warnings).
void checkMemory(const TrainingPlan& plan, const MemoryResults& memory, EngineMessages& messages) {
    if (devicesOverflow(memory)) {
        messages.fail("memory: " + gb(memory.per_device_bytes) + " needed per device, " +
                      gb(memory.capacity_bytes) + " available; " + memoryAdvice(plan, memory));
    } else if (poolOverflows(plan, memory)) {
        const double pooled = offloadedToPool(plan, memory);
        messages.fail("strategy.offload: " + gb(pooled) + " offloaded, memory item \"" +
                      plan.offload.target + "\" holds " + gb(plan.offload.capacity_bytes) +
                      "; add pool instances or offload less");
    } else if (memory.per_device_bytes > 0.92 * memory.capacity_bytes) {
        messages.warnings.push_back("memory: " + gb(memory.per_device_bytes) + " of " +
                                    gb(memory.capacity_bytes) +
                                    " per device leaves little room for fragmentation");
    }
}

// The plan for the design's primary device pool, or nullopt with reasons in `messages`.
// `known`: the design's devices when the caller has them (null: summarized here).
std::optional<TrainingPlan> planFor(const Design& design, const catalog::Catalog& catalog,
                                    const DeviceSummary* known, DevicePool& poolOut,
                                    EngineMessages& messages) {
    const catalog::Model* model = resolveModel(design, catalog);
    if (!model) {
        messages.fail("workload.model: the model is not in the catalog");
        return std::nullopt;
    }
    std::optional<DeviceSummary> summarized;
    if (!known) known = &summarized.emplace(summarizeDevices(design, catalog));
    const DeviceSummary& devices = *known;
    const DevicePool* pool = devices.primary();
    if (!pool || !pool->accelerator || pool->devices <= 0) {
        messages.fail("the design holds no accelerators to train on");
        return std::nullopt;
    }
    if (devices.pools.size() > 1)
        messages.warnings.push_back(
            "the design mixes accelerator types; the training engine "
            "models the " +
            std::to_string(pool->devices) + " " + pool->accelerator->name + " only");
    PlanOutcome outcome = makeTrainingPlan(design, *model, *pool->accelerator, pool->devices);
    for (auto& w : outcome.warnings)
        messages.warnings.push_back(std::move(w));
    if (!outcome.ok()) {
        for (auto& r : outcome.reasons)
            messages.fail(std::move(r));
        return std::nullopt;
    }
    poolOut = *pool;
    return std::move(outcome.plan);
}

}  // namespace

TrainingEvaluation evaluateTraining(const Design& design, const catalog::Catalog& catalog,
                                    const CommModel* comm, const CancelToken* cancel,
                                    TrainingDetail detail, const TrainingSearchAids& aids) {
    TrainingEvaluation out;
    EngineMessages& messages = out.messages;
    DevicePool pool;
    std::optional<TrainingPlan> planned = planFor(design, catalog, aids.devices, pool, messages);
    if (!planned || isCancelled(cancel)) return out;
    TrainingPlan& plan = *planned;
    const RankLayout layout = planLayout(plan, design, messages);
    std::optional<TierCommModel> tiers;
    if (!comm) {
        tiers.emplace(TierCommModel::fromDesign(design, catalog, pool, layout));
        if (tiers->assumedScaleOut() && plan.devices_used > pool.devices_per_node)
            messages.warnings.push_back(
                "no scale-out links are drawn for the devices; one "
                "200 Gb/s port per device is assumed");
        comm = &*tiers;
    }
    if (std::string why = resolveOffload(design.strategy.offload, *comm, plan); !why.empty()) {
        messages.fail(std::move(why));
        return out;
    }
    const MemoryResults memory = trainingMemory(plan);
    out.memory = memory;
    if (detail == TrainingDetail::search && !memoryFits(plan, memory)) {
        // Infeasible either way: the search counts it, nobody reads the advice.
        messages.fail("memory: the strategy does not fit the devices");
        out.memory_pruned = true;
        return out;
    }
    const StepBoundTest* bound = aids.bound;
    if (detail == TrainingDetail::search && bound && *bound &&
        (*bound)(trainingStepBound(plan, aids.layer_times))) {
        messages.fail("search: beaten on a lower bound of its step");
        out.bound_pruned = true;
        return out;
    }
    checkMemory(plan, memory, messages);
    // Search detail: the operators and the issued collectives are not listed.
    StepDetail step = trainingStep(plan, *comm, detail == TrainingDetail::full, aids.layer_times);
    if (detail == TrainingDetail::full) out.bottlenecks = trainingBottlenecks(plan, step, memory);
    out.training = std::move(step.results);
    out.collectives = std::move(step.collectives);
    return out;
}

}  // namespace infraplan
