#pragma once
// The inference engine: from an inference-mode design to its typed section of the results.
// Resolves the model, devices and serving strategy, sizes memory, builds the per-step cost
// model and runs the serving simulation under the design's traffic (batch, offline or
// Poisson), then finds the goodput by bisection on the request rate.
//
// Optional knobs, read by name from the design (documented in docs/design-file.md):
//   strategy.speculative = {"draft_model": id, "draft_tokens": k, "acceptance_rate": a}
//   strategy.max_step_tokens      chunked-prefill token budget per iteration
//                                 (default 8192 continuous, whole prompts static)
//   strategy.memory_utilization   usable share of device memory (default 0.9)
//   strategy.kv_block_tokens      paged-KV block size (default 16)
//   strategy.decode_attention     "grouped" (default) | "per-head" (pre-XQA kernels)
//   strategy.runtime              "generic" (default) | "trt-llm" | "vllm" | "sglang" |
//                                 "vllm-rocm" | "trt-llm-engine" (core/perf/serving_runtime.h)
//   strategy.near_memory_attention  a PIM memory item that holds the KV cache and runs
//                                 decode attention
//   workload.requests             requests to simulate (default 10000)
//   workload.seed                 random seed (default 1)

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "core/comm/comm_model.h"
#include "core/comm/issued_collectives.h"
#include "core/common/cancel.h"
#include "core/design/design.h"
#include "core/results/engine_messages.h"
#include "core/results/results.h"

namespace infraplan {

struct InferenceOptions {
    long long requests = 10'000;         // per simulation (overridden by workload.requests)
    long long goodput_requests = 2'000;  // per bisection probe
    int bisection_steps = 12;
    // Run the goodput bisection (most of a Poisson evaluation's time); off: goodput_rps stays
    // empty, with no warning (a strategy search's candidates, see runEnginesOn).
    bool goodput = true;
    std::uint64_t seed = 1;
    // Polled by request generation, the simulation and the goodput bisection; once set the
    // engine stops early (its section is incomplete; evaluate() discards it).
    const CancelToken* cancel = nullptr;
};

struct InferenceEvaluation {
    EngineMessages messages;
    std::optional<InferenceResults> inference;
    std::optional<MemoryResults> memory;  // per device: weights, KV pool, activations
    // Typed phases (the KV-capacity limit first when it binds); evaluate() resolves the items.
    std::vector<Bottleneck> bottlenecks;
    // The collectives of one decode iteration at the simulated mean batch and one prefill
    // iteration at the token budget (and, disaggregated, one prompt's KV transfer): what
    // results.network reports.
    std::vector<IssuedCollective> collectives;
    std::string kv_offload_item;   // the memory item the KV cache spills to ("" = none)
    std::string near_memory_item;  // the PIM item that runs decode attention ("" = none)
};

// `comm` may be null: the per-tier model from the design's node template is used.
InferenceEvaluation evaluateInference(const Design& design, const catalog::Catalog& catalog,
                                      const CommModel* comm, const InferenceOptions& options = {});

}  // namespace infraplan
