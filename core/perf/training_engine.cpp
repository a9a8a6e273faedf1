#include "core/perf/training_engine.h"

#include <cmath>

#include "core/design/resolve.h"
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

// The design items a bottleneck points at, so clicking it selects what to change: the
// devices' node (or accelerator) item, or the fabric their NICs connect to.
void linkBottlenecksToItems(const Design& design, const DevicePool& pool, std::size_t first,
                            Results& results) {
    std::string deviceItem, fabricItem;
    for (const Item& item : design.hardware.items) {
        const bool devices =
            (item.kind == ItemKind::node && pool.node && item.ref == pool.node->id) ||
            (item.kind == ItemKind::accelerator && item.ref == pool.accelerator->id);
        if (devices && deviceItem.empty()) deviceItem = item.id;
        if (item.kind == ItemKind::fabric && fabricItem.empty()) fabricItem = item.id;
    }
    for (std::size_t i = first; i < results.bottlenecks.size(); ++i) {
        Bottleneck& b = results.bottlenecks[i];
        if (b.resource == "offload link")
            b.item_id = design.strategy.offload.target;
        else
            b.item_id = b.resource == "nic" && !fabricItem.empty() ? fabricItem : deviceItem;
    }
}

}  // namespace

void evaluateTraining(const Design& design, const catalog::Catalog& catalog, Results& results,
                      const CommModel* comm) {
    const catalog::Model* model = resolveModel(design, catalog);
    if (!model) {
        results.feasible = false;
        results.reasons.push_back("workload.model: the model is not in the catalog");
        return;
    }
    const DeviceSummary devices = summarizeDevices(design, catalog);
    const DevicePool* pool = devices.primary();
    if (!pool || !pool->accelerator || pool->devices <= 0) {
        results.feasible = false;
        results.reasons.push_back("the design holds no accelerators to train on");
        return;
    }
    if (devices.pools.size() > 1)
        results.warnings.push_back(
            "the design mixes accelerator types; the training engine "
            "models the " +
            std::to_string(pool->devices) + " " + pool->accelerator->name + " only");
    PlanOutcome outcome = makeTrainingPlan(design, *model, *pool->accelerator, pool->devices);
    for (auto& w : outcome.warnings)
        results.warnings.push_back(std::move(w));
    if (!outcome.ok()) {
        results.feasible = false;
        for (auto& r : outcome.reasons)
            results.reasons.push_back(std::move(r));
        return;
    }
    const TrainingPlan& plan = outcome.plan;

    RankLayout layout;
    layout[ParallelDim::tp] = plan.tp;
    layout[ParallelDim::cp] = plan.cp;
    layout[ParallelDim::dp] = plan.dp;
    layout[ParallelDim::pp] = plan.pp;
    layout[ParallelDim::ep] = plan.ep;
    if (!parsePlacement(design.strategy.placement, layout))
        results.warnings.push_back("strategy.placement \"" + design.strategy.placement +
                                   "\" is not understood; tp-first (tp, cp, dp, pp) is used");
    std::optional<TierCommModel> tiers;
    if (!comm) {
        tiers.emplace(TierCommModel::fromDesign(design, catalog, *pool, layout));
        if (tiers->assumedScaleOut() && plan.devices_used > pool->devices_per_node)
            results.warnings.push_back(
                "no scale-out links are drawn for the devices; one "
                "200 Gb/s port per device is assumed");
        comm = &*tiers;
    }
    if (std::string why = resolveOffload(design.strategy.offload, *comm, outcome.plan);
        !why.empty()) {
        results.feasible = false;
        results.reasons.push_back(std::move(why));
        return;
    }

    const StepDetail step = trainingStep(plan, *comm);
    MemoryResults memory = trainingMemory(plan);
    results.training = step.results;
    results.memory = memory;
    if (memory.per_device_bytes > memory.capacity_bytes) {
        results.feasible = false;
        results.reasons.push_back("memory: " + gb(memory.per_device_bytes) +
                                  " needed per device, " + gb(memory.capacity_bytes) +
                                  " available; " + memoryAdvice(plan, memory));
    } else if (const double pooled = memory.offloaded_bytes * double(plan.devices_used);
               plan.offload.active() && pooled > plan.offload.capacity_bytes) {
        results.feasible = false;
        results.reasons.push_back(
            "strategy.offload: " + gb(pooled) + " offloaded, memory item \"" + plan.offload.target +
            "\" holds " + gb(plan.offload.capacity_bytes) + "; add pool instances or offload less");
    } else if (memory.per_device_bytes > 0.92 * memory.capacity_bytes) {
        results.warnings.push_back("memory: " + gb(memory.per_device_bytes) + " of " +
                                   gb(memory.capacity_bytes) +
                                   " per device leaves little room for fragmentation");
    }
    const std::size_t first = results.bottlenecks.size();
    addTrainingBottlenecks(plan, step, memory, results);
    linkBottlenecksToItems(design, *pool, first, results);
}

}  // namespace infraplan
