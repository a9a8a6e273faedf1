#pragma once
// Per-device memory of a training step on the most loaded pipeline stage (each stage's own
// layers, embedding or LM head, and micro-batches in flight; the worst is reported), as named
// terms: weights, fp32 master weights, gradients and Adam moments in the precisions and with
// the sharding strategy.framework keeps (core/perf/training_framework.h, ZeRO 0-3),
// activations of the micro-batches in flight (Korthikanti et al. 2022 per layer, or the
// framework's own checkpointing policy, times what the schedule keeps alive), the workspace
// (gathered weights, logits), the allocator's fragmentation and the runtime reserve
// (docs/training-engine.md, "Memory").

#include "core/perf/training_plan.h"
#include "core/results/training_results.h"

namespace infraplan {

// Parameters one device holds of its stage (sharded by TP and EP; not yet by ZeRO).
struct StageParams {
    double dense = 0;   // sharded over TP, replicated over DP
    double expert = 0;  // routed experts: sharded over EP, replicated over DP x TP x CP / EP
    double total() const { return dense + expert; }
};
StageParams stageParams(const TrainingPlan& plan, const StageLoad& stage);
// The stage holding the most parameters (its gradient reduction and update take longest).
StageParams largestStageParams(const TrainingPlan& plan);

// Micro-batches whose activations stage `rank` holds at once under the schedule (1F1B:
// min(m, p - rank); interleaved: Megatron's warm-up of 2(p - rank - 1) + (v - 1)p + 1 chunks,
// over v; GPipe: m).
double microBatchesInFlight(const TrainingPlan& plan, int rank);

// What a device of the most loaded stage would hold without offload, and the per-layer figures
// offload works from.
struct ResidentMemory {
    MemoryResults memory;
    double layer_weight_bytes = 0;       // the largest layer's weights as held for compute
    double layer_activation_bytes = 0;   // the largest layer's saved activations, one micro-batch
    double activation_bytes_per_mb = 0;  // the stage's saved activations, one micro-batch
    int stage = 0;                       // which pipeline stage this is
};
ResidentMemory residentMemory(const TrainingPlan& plan);

// Fills the allocator's fragmentation, the runtime reserve, the total and the capacity from
// the live terms of `m`'s breakdown.
void sumMemory(const TrainingPlan& plan, MemoryResults& m);

// What a device holds: the resident memory less what strategy.offload keeps in a pool.
MemoryResults trainingMemory(const TrainingPlan& plan);

}  // namespace infraplan
