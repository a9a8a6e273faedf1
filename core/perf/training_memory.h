#pragma once
// Per-device memory of a training step on the most loaded pipeline stage: weights, gradients,
// mixed-precision Adam state with ZeRO 0-3 sharding (DESIGN.md §6), activations of the
// micro-batches in flight (Korthikanti et al. 2022 per layer, times what the schedule keeps
// alive), and the runtime's workspace.

#include "core/perf/training_plan.h"
#include "core/results/training_results.h"

namespace infraplan {

// Parameters one device holds of its stage (sharded by TP and EP; not yet by ZeRO).
struct StageParams {
    double dense = 0;   // sharded over TP, replicated over DP
    double expert = 0;  // routed experts: sharded over EP, replicated over DP x TP x CP / EP
    double total() const { return dense + expert; }
};
StageParams stageParams(const TrainingPlan& plan);

// Micro-batches whose activations the first stage holds at once under the schedule
// (1F1B: min(m, p); interleaved: x (1 + (p-1)/(p v)); GPipe: m).
double microBatchesInFlight(const TrainingPlan& plan);

MemoryResults trainingMemory(const TrainingPlan& plan);

}  // namespace infraplan
