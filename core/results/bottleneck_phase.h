#pragma once
// What part of a step or iteration a bottleneck is about: typed, so the engines and evaluate()
// key bottlenecks by phase (and a communication phase by its parallel dimension), never by
// their text. The results JSON writes each phase's contract string (toString).

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>

#include "core/comm/comm_model.h"

namespace infraplan {

enum class BottleneckPhase : std::uint8_t {
    // training step
    compute,        // "forward/backward"
    memory_bound,   // "norms, activations, softmax"
    bubble,         // "fill and drain"
    tp_comm,        // "tp collectives"
    dp_comm,        // "dp gradient reduction"
    pp_comm,        // "pp send/recv"
    ep_comm,        // "moe all-to-all"
    cp_comm,        // "cp ring attention"
    optimizer,      // "optimizer step"
    offload,        // "offload streaming"
    device_memory,  // "whole step"
    // serving iteration
    prefill,       // "prefill and large-batch decode"
    decode,        // "decode" (device-memory bandwidth)
    serving_comm,  // "tp/pp/ep communication"
    kv_offload,    // "decode" (offloaded KV reads)
    near_memory,   // "decode attention"
    launch,        // "every iteration"
    kv_capacity,   // "decode" (the KV cache caps the batch)
};

// The results contract's text of a phase.
const char* toString(BottleneckPhase phase);
// The parallel dimension a training communication phase runs over (nullopt for the others).
std::optional<ParallelDim> commDimension(BottleneckPhase phase);

// JSON: the contract string.
void to_json(nlohmann::json& j, BottleneckPhase phase);

}  // namespace infraplan
