#pragma once
// A training strategy checked against the model and the devices, with every derived number
// the step and memory models need (resolved dp, micro-batches, layers per stage). Building it
// is where infeasible strategies are caught, each with a reason a person can act on.

#include <string>
#include <vector>

#include "catalog/entries.h"
#include "core/design/design.h"
#include "core/perf/pipeline_stages.h"
#include "core/perf/training_framework.h"
#include "core/perf/transformer.h"

namespace infraplan {

// strategy.offload resolved against the fabric: what goes to the pool, at what rate.
struct OffloadPlan {
    bool optimizer = false, weights = false, activations = false;
    double bandwidth_b_s = 0;  // per device, all devices streaming at once
    double latency_s = 0;
    double capacity_bytes = 0;  // the pool, all instances
    std::string target;         // the memory item id
    bool active() const { return optimizer || weights || activations; }
};

struct TrainingPlan {
    const catalog::Model* model = nullptr;
    const catalog::Accelerator* device = nullptr;
    catalog::Precision precision = catalog::Precision::bf16;
    ParameterCounts params;

    int tp = 1, pp = 1, cp = 1, ep = 1, dp = 1;
    int virtual_stages = 1;  // interleave (1 unless the schedule interleaves)
    PipelineSchedule schedule = PipelineSchedule::one_f_one_b;
    Recompute recompute = Recompute::none;
    int zero = 0;
    bool sequence_parallel = false;
    bool overlap_dp = true;
    bool overlap_tp = false;
    // With overlap_tp, which collectives hide behind GEMMs (strategy "overlap_tp_scope"):
    // both passes' ("full": Transformer Engine's chunked GEMM/collective overlap), the
    // backward ones ("backward": Megatron-LM's asynchronous TP communication without
    // userbuffers) or the forward ones ("forward": PyTorch's AsyncTP micro-pipelining).
    bool overlap_tp_forward = true;
    bool overlap_tp_backward = true;
    bool flash_attention = true;

    long long seq_len = 0;
    long long global_batch = 0;   // sequences per step
    long long microbatch = 1;     // sequences per micro-batch
    long long micro_batches = 1;  // per pipeline per step
    double train_tokens = 0;
    std::vector<StageLoad> stages;  // one per pipeline stage (docs/training-engine.md)

    long long devices_total = 0;
    long long devices_used = 0;
    double moe_imbalance = 1.0;  // tokens on the busiest expert rank / the mean

    double activation_bytes = 2;  // bytes per activation element (bf16 unless fp32)
    double weight_bytes = 2;      // model weights as held for compute
    double grad_bytes = 4;        // gradients as accumulated and reduced
    FrameworkMemory framework;    // what strategy.framework keeps per parameter and logit
    OffloadPlan offload;

    LayerSharding sharding() const;
};

struct PlanOutcome {
    TrainingPlan plan;
    std::vector<std::string> reasons;  // non-empty: infeasible
    std::vector<std::string> warnings;
    bool ok() const { return reasons.empty(); }
};

// Checks the strategy of `design` for `model` on `devices` accelerators of type `device`.
PlanOutcome makeTrainingPlan(const Design& design, const catalog::Model& model,
                             const catalog::Accelerator& device, long long devices);

}  // namespace infraplan
