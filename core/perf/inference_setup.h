#pragma once
// Turning an inference-mode design into what the engine runs: the replica layout, the step
// cost model, the memory plan, the simulation settings and the token samplers. Problems are
// reported into EngineMessages (reasons make the design infeasible; warnings do not).

#include <memory>
#include <optional>

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "core/perf/inference_load.h"
#include "core/perf/inference_memory.h"
#include "core/perf/inference_step.h"
#include "core/results/engine_messages.h"

namespace infraplan {

struct ServingSetup {
    const catalog::Model* model = nullptr;
    const catalog::Accelerator* device = nullptr;
    InferenceParallelism par;
    InferencePrecision precision;
    int replicas = 1;  // mixed replicas (0 when disaggregated)
    int prefill_replicas = 0;
    int decode_replicas = 0;
    long long devices_used = 0;
    long long devices_available = 0;
    std::unique_ptr<CommModel> own_comm;  // the tier model, when the caller gave none
    // The runtime's all-reduce over the given (or own) model; what the step model asks.
    std::unique_ptr<CommModel> runtime_comm;
    InferenceRuntime runtime = InferenceRuntime::generic;
    std::unique_ptr<InferenceStepModel> step;
    InferenceMemory memory;
    SimConfig sim;
    std::optional<TokenSampler> prompt;
    std::optional<TokenSampler> output;
    long long requests = 10'000;
    std::uint64_t seed = 1;
    std::string kv_offload_item;   // the memory item KV spills to, when used
    std::string near_memory_item;  // the PIM item running decode attention, when used

    int servingReplicas() const { return replicas > 0 ? replicas : decode_replicas; }
    int devicesPerReplica() const { return par.tp * par.pp; }
};

// nullopt when the design cannot be served (reasons added to `results`). `comm` null: the
// per-tier model from the design's node template.
std::optional<ServingSetup> buildServingSetup(const Design& design, const catalog::Catalog& catalog,
                                              const CommModel* comm, long long default_requests,
                                              EngineMessages& results);

}  // namespace infraplan
