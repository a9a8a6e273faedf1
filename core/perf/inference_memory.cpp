#include "core/perf/inference_memory.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace infraplan {
namespace {
// TensorRT-LLM's default max_num_tokens: larger steps are processed in pieces of this size,
// so activations never exceed it however large a static batch's prefill is.
constexpr double kMaxForwardTokens = 8192;

std::string gb(double bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f GB", bytes / 1e9);
    return buf;
}
}  // namespace

double inferenceActivationBytes(const catalog::Model& model, int tp, double tokens,
                                double logit_rows, double activation_bytes) {
    const double t = std::max(1, tp);
    const double h = model.hidden;
    const double up = (model.ffn == catalog::FfnKind::swiglu ? 2.0 : 1.0) *
                      (model.moe && model.moe->expert_ffn_hidden > 0
                           ? double(model.moe->expert_ffn_hidden) * std::max(1, model.moe->top_k)
                           : double(model.ffnHidden()));
    const double qkv = double(model.heads + 2 * model.kvHeads()) * model.headDim();
    // Residual + normed input + attention output (full width), QKV and MLP up/act (sharded).
    const double perToken = activation_bytes * (3 * h + (qkv + 1.5 * up) / t);
    return tokens * perToken + logit_rows * 4.0 * model.vocab / t;
}

InferenceMemory planInferenceMemory(const InferenceStepModel& step, const catalog::Model& model,
                                    int tp, const InferenceMemoryInputs& in) {
    InferenceMemory m;
    m.capacity_bytes = std::max(0.0, in.device_memory_bytes);
    m.weights_bytes = step.weightBytesPerDevice() + std::max(0.0, in.extra_weight_bytes);
    const double forwardTokens = std::min<double>(
        kMaxForwardTokens,
        std::max<double>(std::max(1, in.max_batch),
                         in.max_step_tokens > 0 ? in.max_step_tokens : kMaxForwardTokens));
    m.activation_bytes =
        inferenceActivationBytes(model, tp, forwardTokens, std::max(1, in.max_batch), 2.0);
    const double util = std::clamp(in.memory_utilization, 0.1, 1.0);
    m.reserve_bytes = m.capacity_bytes * (1 - util);
    m.kv_budget_bytes = m.capacity_bytes * util - m.weights_bytes - m.activation_bytes;
    m.kv_bytes_per_token = step.kvBytesPerTokenPerDevice();
    if (m.kv_bytes_per_token <= 0) {
        m.fits = false;
        m.reason = "the model has no KV cache to size (check heads, kv_heads and hidden)";
        return m;
    }
    if (m.kv_budget_bytes <= 0) {
        m.fits = false;
        m.reason = "weights (" + gb(m.weights_bytes) + ") and activations (" +
                   gb(m.activation_bytes) + ") per device exceed the usable " +
                   gb(m.capacity_bytes * util) + " of device memory; raise TP/PP or quantize";
        m.kv_budget_bytes = 0;
        return m;
    }
    const long long block = std::max(1, in.kv_block_tokens);
    const double tokens = std::floor(m.kv_budget_bytes / m.kv_bytes_per_token);
    m.kv_tokens = static_cast<long long>(std::min(tokens, 1e15)) / block * block;
    if (!in.kv_in_device_memory) {  // the runtime keeps no KV pool in device memory
        m.kv_tokens = 0;
        m.kv_budget_bytes = 0;
    }
    // The offload memory holds every device's shard of a token.
    const double replicaBytesPerToken = m.kv_bytes_per_token * std::max(1, in.devices_per_replica);
    m.offload_tokens =
        in.offload_bytes > 0
            ? static_cast<long long>(std::min(1e15, in.offload_bytes / replicaBytesPerToken))
            : 0;
    // Each sequence holds whole blocks (vLLM PagedAttention): round its length up.
    const double perSeq = std::ceil(std::max(1.0, in.mean_sequence_tokens) / block) * block;
    m.kv_limited_sequences =
        static_cast<long long>(std::floor(double(m.kv_tokens + m.offload_tokens) / perSeq));
    m.max_sequences = std::min<long long>(m.kv_limited_sequences, std::max(1, in.max_batch));
    if (m.kv_limited_sequences < 1) {
        m.fits = false;
        m.reason =
            (in.kv_in_device_memory
                 ? "the KV cache left after weights (" + gb(m.kv_budget_bytes) + " per device)"
                 : "the near-memory device's share (" + gb(in.offload_bytes) + " per replica)") +
            " cannot hold one sequence of " +
            std::to_string(static_cast<long long>(in.mean_sequence_tokens)) + " tokens";
    }
    return m;
}

}  // namespace infraplan
