#include "core/perf/serving_runtime.h"

#include <algorithm>
#include <cmath>

namespace infraplan {
namespace {

// Custom all-reduce floors, measured on 8 x H100 (no CUDA graph), latency at the smallest
// message of sgl-project/sglang PR #2904 "optimize custom allreduce kernel" (2025-01-15),
// description tables: vLLM's kernel 9.5 / 9.1 / 10.1 us and SGLang's TensorRT-LLM-derived
// kernel 3.7 / 4.8 / 5.9 us at TP 2 / 4 / 8.
constexpr double kUs = 1e-6;

// vLLM's CustomAllreduce takes messages up to max_size = 8192 * 1024 bytes and hands larger
// ones to NCCL/RCCL (vllm/distributed/device_communicators/custom_all_reduce.py,
// CustomAllreduce.__init__); the same cap is used for the TensorRT-LLM-derived kernels, whose
// own switch-over was not verified.
constexpr double kCustomAllReduceMaxBytes = 8192.0 * 1024;

// vLLM's host time per iteration (scheduling, input preparation, sampling, output
// processing) that the device waits for: fitted on the one anchor row of the validation set,
// the 8 x MI300X Llama 3.1 70B fp8 batch-1 TPOT of AMD's ROCm vLLM 0.8.5 results
// (docs/inference-engine.md, "Runtime parameter sets").
constexpr double kVllmStepOverheadS = 4.3e-3;

// A runtime with a custom all-reduce of these floors (seconds at TP 2, 4, 8), capped at
// kCustomAllReduceMaxBytes, and `overhead` seconds of host time per iteration.
RuntimeParameters customAllReduceRuntime(InferenceRuntime runtime, double overhead, double tp2,
                                         double tp4, double tp8) {
    RuntimeParameters p;
    p.runtime = runtime;
    p.step_overhead_s = overhead;
    p.custom_all_reduce_s[0] = tp2;
    p.custom_all_reduce_s[1] = tp4;
    p.custom_all_reduce_s[2] = tp8;
    p.custom_all_reduce_max_bytes = kCustomAllReduceMaxBytes;
    return p;
}

RuntimeParameters makeTrtLlm() {
    return customAllReduceRuntime(InferenceRuntime::trt_llm, 0, 3.7 * kUs, 4.8 * kUs, 5.9 * kUs);
}

// TensorRT-LLM's TensorRT-engine runtime (the 0.x releases: gptSessionBenchmark, gptManager,
// Triton's tensorrtllm_backend, trtllm-bench's engine flow) replays no CUDA graph unless told
// to: ExtendedRuntimePerfKnobConfig.cuda_graph_mode defaults to False (TensorRT-LLM API
// reference, nvidia.github.io/TensorRT-LLM/llm-api/reference/ExtendedRuntimePerfKnobConfig.html).
// The PyTorch runtime (`trt-llm`) captures decode graphs (DecodeCudaGraphConfig).
RuntimeParameters makeTrtLlmEngine() {
    RuntimeParameters p = makeTrtLlm();
    p.runtime = InferenceRuntime::trt_llm_engine;
    p.decode_graphs = false;
    return p;
}

RuntimeParameters makeVllm() {
    return customAllReduceRuntime(InferenceRuntime::vllm, kVllmStepOverheadS, 9.5 * kUs, 9.1 * kUs,
                                  10.1 * kUs);
}

// SGLang's overlap ("zero-overhead") scheduler prepares the next batch while the device runs
// the current one (LMSYS blog "SGLang v0.4", 2024-12-04, Zero-Overhead Batch Scheduler): no
// exposed host time; its custom all-reduce is the TensorRT-LLM-derived kernel above.
RuntimeParameters makeSglang() {
    return customAllReduceRuntime(InferenceRuntime::sglang, 0, 3.7 * kUs, 4.8 * kUs, 5.9 * kUs);
}

// vLLM on ROCm: vLLM's engine loop; custom all-reduce floor 7.18 us at TP 4 on an AMD
// MI300-class part (sgl-project/sglang PR #6619 "Integrate quick allreduce", TP=4 table,
// baseline column, 2 KB), used at every TP size (only TP 4 is published).
RuntimeParameters makeVllmRocm() {
    return customAllReduceRuntime(InferenceRuntime::vllm_rocm, kVllmStepOverheadS, 7.18 * kUs,
                                  7.18 * kUs, 7.18 * kUs);
}

}  // namespace

const RuntimeParameters& runtimeParameters(InferenceRuntime runtime) {
    static const RuntimeParameters sets[] = {RuntimeParameters{}, makeTrtLlm(),
                                             makeVllm(),          makeSglang(),
                                             makeVllmRocm(),      makeTrtLlmEngine()};
    const auto index = static_cast<std::size_t>(runtime);
    return index < std::size(sets) ? sets[index] : sets[0];
}

double customAllReduceFloor(const RuntimeParameters& p, int ranks) {
    if (!p.hasCustomAllReduce() || ranks < 2 || ranks > 8) return 0;
    // Published at 2, 4 and 8 ranks: linear in log2(ranks) between them.
    const double x = std::log2(double(ranks));  // 1..3
    const int lo = std::clamp(static_cast<int>(std::floor(x)) - 1, 0, 1);
    const double t = std::clamp(x - (lo + 1), 0.0, 1.0);
    return p.custom_all_reduce_s[lo] +
           t * (p.custom_all_reduce_s[lo + 1] - p.custom_all_reduce_s[lo]);
}

CollectiveCost RuntimeCommModel::cost(const CollectiveRequest& request) const {
    CollectiveCost nccl = m_inner.cost(request);
    if (request.op != Collective::all_reduce || request.dim != ParallelDim::tp || m_floor <= 0 ||
        request.bytes <= 0 || request.bytes > m_maxBytes)
        return nccl;
    // Peer-to-peer traffic of the custom kernels, routed by the wrapped model as an
    // all-to-all: two-shot moves each rank's S in a reduce-scatter and an all-gather
    // (two all-to-alls of S); one-shot reads all n - 1 peers' whole buffers (an all-to-all
    // of n·S).
    const CollectiveRequest exchange{Collective::all_to_all, ParallelDim::tp, request.bytes};
    const double a2a = m_inner.cost(exchange).bandwidth_time_s;
    const double oneShot = m_floor + m_tp * a2a;
    const double twoShot = 2 * m_floor + 2 * a2a;
    const double custom = std::min(oneShot, twoShot);
    if (!(custom < nccl.time_s)) return nccl;
    CollectiveCost c = nccl;
    c.time_s = custom;
    c.latency_time_s = oneShot <= twoShot ? m_floor : 2 * m_floor;
    c.bandwidth_time_s = custom - c.latency_time_s;
    c.runtime_algorithm = oneShot <= twoShot ? "one-shot" : "two-shot";
    return c;
}

}  // namespace infraplan
