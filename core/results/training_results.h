#pragma once
// The training and memory sections of the results (docs/results.md): what one optimizer step
// costs and where its time goes, and what one device must hold.

#include "core/results/operator_results.h"

namespace infraplan {

// Seconds of one step on the critical path, by phase; they add up to step_time_s.
// Communication counts only its exposed part (what overlap does not hide).
struct TrainingBreakdown {
    double compute_s = 0;       // GEMMs and attention products, recompute included
    double memory_bound_s = 0;  // norms, activations, softmax, dropout, residuals, casts
    double tp_comm_s = 0;
    double pp_comm_s = 0;
    double dp_comm_s = 0;
    double ep_comm_s = 0;
    double cp_comm_s = 0;
    double bubble_s = 0;   // pipeline fill and drain
    double overlap_s = 0;  // compute slowed by the collectives hidden behind it
    double optimizer_s = 0;
    double offload_s = 0;  // streaming offloaded state to and from a memory pool (exposed)
};

struct TrainingResults {
    double step_time_s = 0;
    double tokens_per_s = 0;
    double samples_per_s = 0;
    double mfu = 0;  // model FLOPs (PaLM's definition) / (step time x devices used x peak)
    double hfu = 0;  // hardware FLOPs (recompute included) / same
    double model_tflops_per_device = 0;
    double hardware_tflops_per_device = 0;
    double time_to_train_days = 0;  // 0 when the workload names no train_tokens
    double model_flops_per_step = 0;
    double hardware_flops_per_step = 0;
    double energy_per_step_j = 0;    // devices only (used at load, idle ones at idle power)
    double device_power_w = 0;       // average draw of a used device over the step
    double training_energy_mwh = 0;  // devices only, for train_tokens
    double bubble_fraction = 0;      // of the step
    long long devices_used = 0;
    long long devices_idle = 0;
    int dp = 0;                   // resolved data-parallel degree
    long long micro_batches = 0;  // per pipeline per step (gradient accumulation)
    TrainingBreakdown breakdown;
    // One layer's operators (and the LM head's and the optimizer's) on the slowest stage's
    // device: the points of a roofline chart. JSON `training.operators`.
    OperatorList operators;
};

// Bytes one device holds at its peak (the most loaded pipeline stage).
struct MemoryBreakdown {
    double weights = 0;         // parameters in their stored precision
    double master_weights = 0;  // fp32 master copy kept beside lower-precision weights
    double gradients = 0;
    double optimizer = 0;  // Adam moments
    double activations = 0;
    double kv_cache = 0;
    double workspace = 0;        // gathered weights, loss buffers, library workspaces
    double fragmentation = 0;    // held by the caching allocator beyond what is allocated
    double runtime_reserve = 0;  // CUDA context and communication buffers outside the allocator
    double total() const {
        return weights + master_weights + gradients + optimizer + activations + kv_cache +
               workspace + fragmentation + runtime_reserve;
    }
};

struct MemoryResults {
    double per_device_bytes = 0;
    double capacity_bytes = 0;
    double offloaded_bytes = 0;  // per device, kept in a memory pool (strategy.offload)
    MemoryBreakdown breakdown;
};

}  // namespace infraplan
