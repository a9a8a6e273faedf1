#pragma once
// The time of one serving iteration on one replica (tp x pp devices), from the per-op
// roofline (roofline.h), the transformer's shapes (transformer.h) and the communication
// interface (comm_model.h). Prefill is compute-bound (~2N FLOPs per prompt token plus causal
// attention); decode streams the weight shard and every sequence's KV cache, so it is
// memory-bound at small batch and compute-bound at large batch. Weights and KV may be
// quantized (fp8, fp4, int8, int4); weight-only formats compute at the device's 16-bit rate.

#include <memory>
#include <vector>

#include "catalog/entries.h"
#include "core/comm/comm_model.h"
#include "core/comm/issued_collectives.h"
#include "core/perf/roofline.h"
#include "core/perf/serving_sim.h"
#include "core/perf/transformer.h"

namespace infraplan {

struct InferenceParallelism {
    int tp = 1;
    int pp = 1;
    int ep = 1;  // expert-parallel ranks carved out of the TP group (ep <= tp)
};

struct InferencePrecision {
    catalog::Precision weights = catalog::Precision::bf16;
    catalog::Precision kv = catalog::Precision::bf16;
    double activation_bytes = 2;  // bf16 activations between layers and on the wire
};

// The matrix-engine precision a weight format computes in on `device`: fp8/fp4/int8 use the
// device's own rate where it has one (W8A8/W4A4); otherwise (int4, or fp8 on a part without
// fp8) the weights are dequantized and the GEMM runs at bf16 (weight-only quantization).
catalog::Precision computePrecision(const catalog::Accelerator& device, catalog::Precision weights);

// Speculative decoding (Leviathan et al., ICML'23): a draft model proposes `draft_tokens`
// tokens, the target verifies them in one pass; each accepted independently with
// `acceptance_rate`, a verification yields (1 - a^(k+1)) / (1 - a) tokens on average.
struct SpeculativeDecoding {
    const catalog::Model* draft = nullptr;
    int draft_tokens = 0;
    double acceptance_rate = 0;
    double tokensPerVerification() const;
};

// Serving-runtime properties that change kernel costs (documented design settings, see
// docs/inference-engine.md), not hardware.
struct ServingRuntime {
    // Decode attention kernels that run one thread block per query head (TensorRT-LLM <= 0.7
    // masked MHA, vLLM <= 0.2 PagedAttention V1) read each KV head once per query head of its
    // GQA group; grouped kernels (XQA, FlashDecoding, FlashInfer) read it once.
    bool per_head_decode_attention = false;
    // Host time per iteration the device waits for (core/perf/serving_runtime.h).
    double step_overhead_s = 0;
    // Decode-only iterations replay a captured graph (false: every kernel is launched).
    bool decode_graphs = true;
};

// Reads of KV cache that lives in an offload memory (a CXL or HBM pool) instead of HBM.
struct KvOffload {
    long long hbm_tokens = 0;  // per replica: KV tokens that fit in device memory
    double bandwidth_b_s = 0;  // per device, over the memory item's link (0 = no offload)
};

// Decode attention on a near-memory compute device (PIM) that holds the KV cache: each device's
// share of the PIM's internal bandwidth and compute, and its link for the query and output
// vectors (0 = on package, free).
struct NearMemoryAttention {
    double bandwidth_b_s = 0;  // per device
    double flops = 0;          // per device
    double link_b_s = 0;       // per device
    bool active() const { return bandwidth_b_s > 0 && flops > 0; }
};

class InferenceStepModel : public StepCostModel {
public:
    InferenceStepModel(const catalog::Model& model, const catalog::Accelerator& device,
                       const InferencePrecision& precision, const InferenceParallelism& par,
                       const CommModel* comm);

    StepTime stepTime(const StepShape& shape) const override;
    double tokensPerDecodeStep() const override;
    double kvTransferTime(int prompt_tokens) const override;

    void setSpeculative(const SpeculativeDecoding& spec);
    void setOffload(const KvOffload& offload) { m_offload = offload; }
    void setRuntime(const ServingRuntime& runtime);
    void setNearMemory(const NearMemoryAttention& pim) { m_pim = pim; }

    // Weight bytes one device holds (its TP shard of its PP stage's layers).
    double weightBytesPerDevice() const { return m_weightBytes; }
    // KV bytes one token adds on one device (its stage's layers, its TP share of KV heads;
    // MLA's latent is replicated over TP).
    double kvBytesPerTokenPerDevice() const { return m_kvBytesPerToken; }
    const ParameterCounts& parameters() const { return m_params; }
    const Roofline& roofline() const { return m_gemm; }
    // The collectives one iteration of this shape issues (the draft model's included), with
    // how often each runs in it: what the network report shows for a serving design.
    std::vector<IssuedCollective> collectives(const StepShape& shape) const;

private:
    StepTime stageTime(double tokens, double decodeSeqs, double queriesPerSeq, double context,
                       double prefillTokens, double pairs) const;
    // Time of the token-count-dependent part of a stage (GEMMs, norms, communication) for
    // `tokens` tokens; cached per token count because the simulation asks millions of times.
    const StepTime& linearTime(int tokens) const;
    StepTime computeLinear(double tokens) const;
    void addOp(StepTime& t, const Roofline& r, double flops, double bytes, bool gemm,
               const GemmShape& shape = {}) const;
    // Costs a collective into `t`; with a log, also notes it as issued `calls` times.
    void addComm(StepTime& t, Collective op, ParallelDim dim, double bytes,
                 CollectiveLog* log = nullptr, double calls = 0) const;
    // One layer's tensor- and expert-parallel collectives for `tokens` tokens.
    void layerComm(StepTime& t, bool moe, double tokens, CollectiveLog* log, double calls) const;
    void logIteration(const StepShape& shape, CollectiveLog& log, double factor) const;

    const catalog::Model& m_model;
    const catalog::Accelerator& m_device;
    InferencePrecision m_prec;
    InferenceParallelism m_par;
    const CommModel* m_comm;
    ParameterCounts m_params;
    Roofline m_gemm;       // weight GEMMs in the compute precision
    Roofline m_attention;  // attention in 16-bit (flash kernels)
    double m_weightBytes = 0;
    double m_kvBytesPerToken = 0;
    double m_stageLayers = 1;    // layers per PP stage
    double m_stageMoeShare = 0;  // share of a stage's layers that are MoE
    int m_opsPerLayer = 10;      // kernels per layer (launch overhead when not graph-captured)
    KvOffload m_offload;
    NearMemoryAttention m_pim;
    ServingRuntime m_runtime;
    double m_kvReadsPerStep = 1;  // KV-cache reads per decode step (per-head kernels: > 1)
    SpeculativeDecoding m_spec;
    std::unique_ptr<InferenceStepModel> m_draft;
    mutable std::vector<StepTime> m_linearCache;
    mutable std::vector<char> m_linearCached;
};

}  // namespace infraplan
