#pragma once
// The inference engine: from an inference-mode design to Results::inference. Resolves the
// model, devices and serving strategy, sizes memory, builds the per-step cost model and runs
// the serving simulation under the design's traffic (batch, offline or Poisson), then finds
// the goodput by bisection on the request rate.
//
// Optional knobs, read by name from the design (documented in docs/design-file.md):
//   strategy.speculative = {"draft_model": id, "draft_tokens": k, "acceptance_rate": a}
//   strategy.max_step_tokens      chunked-prefill token budget per iteration
//                                 (default 8192 continuous, whole prompts static)
//   strategy.memory_utilization   usable share of device memory (default 0.9)
//   strategy.kv_block_tokens      paged-KV block size (default 16)
//   strategy.decode_attention     "grouped" (default) | "per-head" (pre-XQA kernels)
//   strategy.near_memory_attention  a PIM memory item that holds the KV cache and runs
//                                 decode attention
//   workload.requests             requests to simulate (default 10000)
//   workload.seed                 random seed (default 1)

#include <cstdint>
#include <vector>

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "core/perf/comm_model.h"
#include "core/results/results.h"
#include "core/topology/network_results.h"

namespace infraplan {

struct InferenceOptions {
    long long requests = 10'000;         // per simulation (overridden by workload.requests)
    long long goodput_requests = 2'000;  // per bisection probe
    int bisection_steps = 12;
    std::uint64_t seed = 1;
    // The topology engine's memory tiers (offload and PIM link bandwidths); null = estimate
    // them from the design's links.
    const std::vector<NetworkMemoryTier>* memory_tiers = nullptr;
};

// Fills results.inference, and adds to results' reasons, warnings and bottlenecks. `comm` may
// be null: communication is then free, and a warning says so.
void evaluateInference(const Design& design, const catalog::Catalog& catalog, const CommModel* comm,
                       Results& results, const InferenceOptions& options = {});

}  // namespace infraplan
