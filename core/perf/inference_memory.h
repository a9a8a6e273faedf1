#pragma once
// Device memory of a serving replica: weights, peak activations and workspace, a runtime
// reserve, and what is left for the paged KV cache -> KV tokens and concurrent sequences.

#include <string>

#include "core/perf/inference_step.h"

namespace infraplan {

struct InferenceMemoryInputs {
    double device_memory_bytes = 0;
    // Share of device memory the serving runtime may use (vLLM's gpu_memory_utilization,
    // default 0.9; the rest is CUDA context, allocator slack, communication buffers).
    double memory_utilization = 0.9;
    long long max_step_tokens = 8192;   // tokens in one forward pass (activation peak)
    int max_batch = 256;                // sequences resident at once (logit rows)
    double mean_sequence_tokens = 640;  // prompt + output, for the concurrency figure
    int kv_block_tokens = 16;
    double extra_weight_bytes = 0;  // e.g. a speculative draft model's shard
    double offload_bytes = 0;       // per replica, in a KV offload memory item
    int devices_per_replica = 1;    // tp x pp: a token's KV spans all of them
    // False when the KV cache lives in a near-memory device (offload_bytes) instead.
    bool kv_in_device_memory = true;
};

struct InferenceMemory {
    double capacity_bytes = 0;           // per device
    double weights_bytes = 0;            // per device
    double activation_bytes = 0;         // per device, peak of one forward pass
    double reserve_bytes = 0;            // per device, runtime reserve
    double kv_budget_bytes = 0;          // per device, for the KV cache
    double kv_bytes_per_token = 0;       // per device
    long long kv_tokens = 0;             // per replica, in device memory
    long long offload_tokens = 0;        // per replica, in the offload (or PIM) memory
    long long max_sequences = 0;         // per replica at the mean sequence length (<= max_batch)
    long long kv_limited_sequences = 0;  // the same, ignoring max_batch
    bool fits = true;
    std::string reason;  // why not, when !fits
};

// Activation bytes of one forward pass over `tokens` tokens on one device: the residual
// stream, the QKV and MLP intermediates of one layer at a time, and the fp32 logits.
double inferenceActivationBytes(const catalog::Model& model, int tp, double tokens,
                                double logit_rows, double activation_bytes);

InferenceMemory planInferenceMemory(const InferenceStepModel& step, const catalog::Model& model,
                                    int tp, const InferenceMemoryInputs& in);

}  // namespace infraplan
