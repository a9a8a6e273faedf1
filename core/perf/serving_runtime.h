#pragma once
// Serving runtimes as named parameter sets (design field `strategy.runtime`,
// docs/inference-engine.md "Runtime parameter sets"): what a runtime adds to the hardware's
// time for one iteration, each value with its public source in serving_runtime.cpp.
//   * host time per iteration that the GPU waits for (scheduling, input preparation,
//     sampling) — absent in runtimes that overlap it with the previous iteration;
//   * the TP all-reduce as the runtime issues it: a custom one-shot / two-shot kernel over
//     peer memory with a floor latency of a few microseconds, or NCCL's ring when faster;
//   * whether decode iterations replay a captured graph (one launch per stage) or launch
//     every kernel.
// The all-reduce choice is a CommModel wrapper, so the issued-collectives list (and so
// results.network) shows what the runtime pays.

#include <string>

#include "core/comm/comm_model.h"
#include "core/design/design.h"

namespace infraplan {

struct RuntimeParameters {
    InferenceRuntime runtime = InferenceRuntime::generic;
    // Host seconds per iteration not hidden behind the device's work.
    double step_overhead_s = 0;
    // Decode-only iterations replay a captured graph (CUDA/HIP graphs); false: every kernel
    // is launched from the host each iteration.
    bool decode_graphs = true;
    // Floor latency of the runtime's custom all-reduce at TP 2, 4 and 8 (0: NCCL/RCCL only).
    double custom_all_reduce_s[3] = {0, 0, 0};
    // Largest message (bytes per rank) the custom kernel takes; larger ones go to NCCL/RCCL.
    double custom_all_reduce_max_bytes = 0;
    bool hasCustomAllReduce() const { return custom_all_reduce_s[0] > 0; }
};

const RuntimeParameters& runtimeParameters(InferenceRuntime runtime);

// The floor latency for a TP group of `ranks` (interpolated between the published sizes);
// 0 when the runtime has none or the group is larger than one 8-device node.
double customAllReduceFloor(const RuntimeParameters& p, int ranks);

// Custom one-shot (each rank reads every peer's buffer) or two-shot (reduce-scatter +
// all-gather over peer memory) all-reduce for the TP group, whichever is faster, or the
// wrapped model's (NCCL ring) answer when that is
// faster, for messages up to the runtime's maximum; the peer traffic is costed by the wrapped
// model as all-to-alls over the TP group. Every other collective is the wrapped model's.
class RuntimeCommModel : public CommModel {
public:
    RuntimeCommModel(const CommModel& inner, const RuntimeParameters& params, int tp)
        : m_inner(inner)
        , m_floor(customAllReduceFloor(params, tp))
        , m_maxBytes(params.custom_all_reduce_max_bytes)
        , m_tp(tp) {}
    CollectiveCost cost(const CollectiveRequest& request) const override;
    std::optional<MemoryPath> memoryPath(const std::string& itemId) const override {
        return m_inner.memoryPath(itemId);
    }

private:
    const CommModel& m_inner;
    double m_floor;
    double m_maxBytes;
    int m_tp;
};

}  // namespace infraplan
