#include "core/perf/inference_step.h"

#include <algorithm>
#include <cmath>

namespace infraplan {
namespace {
constexpr int kLinearCacheTokens = 1 << 16;

// Per-head widths of the attention products at inference. MLA decodes with the up-projections
// absorbed into the query and output (DeepSeek-V2 §2.1.3): scores and values run over the
// shared latent (kv_lora_rank, plus the rope part for scores).
struct HeadWidths {
    double qk = 0;
    double v = 0;
};
HeadWidths decodeWidths(const catalog::Model& m) {
    if (m.mla)
        return {double(m.mla->kv_lora_rank + m.mla->qk_rope_dim), double(m.mla->kv_lora_rank)};
    return {double(m.headDim()), double(m.headDim())};
}
// The draft model runs inside the target's iteration: the host time is paid once.
ServingRuntime draftRuntime(ServingRuntime runtime) {
    runtime.step_overhead_s = 0;
    return runtime;
}
HeadWidths prefillWidths(const catalog::Model& m) {
    if (m.mla) return {double(m.mla->qk_nope_dim + m.mla->qk_rope_dim), double(m.mla->v_head_dim)};
    return {double(m.headDim()), double(m.headDim())};
}
}  // namespace

catalog::Precision computePrecision(const catalog::Accelerator& device,
                                    catalog::Precision weights) {
    using catalog::Precision;
    switch (weights) {
        case Precision::fp8:
        case Precision::fp6:
        case Precision::fp4:
        case Precision::int8:
            if (device.peak(weights) > 0) return weights;
            // FP4/FP6 weights on an FP8-capable part run as FP8 (as on Hopper).
            if (weights != Precision::int8 && device.peak(Precision::fp8) > 0)
                return Precision::fp8;
            return Precision::bf16;
        case Precision::int4:
            return Precision::bf16;
        default:
            return weights;
    }
}

double SpeculativeDecoding::tokensPerVerification() const {
    const double a = std::clamp(acceptance_rate, 0.0, 0.999);
    const int k = std::clamp(draft_tokens, 0, 64);
    if (!draft || k == 0) return 1.0;
    return (1 - std::pow(a, k + 1)) / (1 - a);
}

InferenceStepModel::InferenceStepModel(const catalog::Model& model,
                                       const catalog::Accelerator& device,
                                       const InferencePrecision& precision,
                                       const InferenceParallelism& par, const CommModel* comm)
    : m_model(model), m_device(device), m_prec(precision), m_par(par), m_comm(comm) {
    m_par.tp = std::max(1, m_par.tp);
    m_par.pp = std::clamp(m_par.pp, 1, std::max(1, model.layers));
    m_par.ep = std::clamp(m_par.ep, 1, m_par.tp);
    m_params = countParameters(model);
    m_gemm = makeRoofline(device, computePrecision(device, precision.weights));
    m_attention = makeRoofline(device, catalog::Precision::bf16);
    const double tp = m_par.tp, pp = m_par.pp;
    m_weightBytes = m_params.total * catalog::bytesPerElement(precision.weights) / (tp * pp);
    const double kvTotal = kvBytesPerToken(model, catalog::bytesPerElement(precision.kv));
    // KV heads split over TP ranks; fewer heads than ranks are replicated (Megatron GQA).
    const double kvShare = model.mla
                               ? 1.0
                               : double(std::max(1, (model.kvHeads() + m_par.tp - 1) / m_par.tp)) /
                                     std::max(1, model.kvHeads());
    m_kvBytesPerToken = kvTotal * kvShare / pp;
    m_stageLayers = std::max(1.0, double(model.layers) / pp);
    m_stageMoeShare =
        model.layers > 0 ? double(m_params.moe_layers) / std::max(1, model.layers) : 0;
    std::vector<LayerOp> ops;
    layerOps(model, LayerKind::dense, LayerSharding{}, ops);
    m_opsPerLayer = static_cast<int>(ops.size());
}

void InferenceStepModel::setSpeculative(const SpeculativeDecoding& spec) {
    m_spec = spec;
    m_draft.reset();
    if (spec.draft && spec.draft_tokens > 0) {
        InferenceParallelism draftPar{m_par.tp, 1, 1};
        m_draft =
            std::make_unique<InferenceStepModel>(*spec.draft, m_device, m_prec, draftPar, m_comm);
        m_draft->setRuntime(draftRuntime(m_runtime));
    }
}

void InferenceStepModel::setRuntime(const ServingRuntime& runtime) {
    m_runtime = runtime;
    // Per-head kernels read the KV head once per query head sharing it (GQA group size; MLA's
    // latent is always read by a grouped kernel). The TensorRT-LLM XQA kernel that removed
    // these re-reads raised Llama-2-70B decode throughput 2.4x (TensorRT-LLM blog
    // XQA-kernel.md, v0.8).
    const double group = m_model.mla ? 1.0 : double(m_model.heads) / std::max(1, m_model.kvHeads());
    m_kvReadsPerStep = runtime.per_head_decode_attention ? std::max(1.0, group) : 1.0;
    if (m_draft) m_draft->setRuntime(draftRuntime(runtime));
}

double InferenceStepModel::tokensPerDecodeStep() const {
    return m_draft ? m_spec.tokensPerVerification() : 1.0;
}

double InferenceStepModel::kvTransferTime(int prompt_tokens) const {
    // Each prefill device sends its shard to its decode peer across replicas (scale-out).
    const double bytes = std::max(0, prompt_tokens) * m_kvBytesPerToken;
    if (!m_comm || bytes <= 0) return 0;
    return m_comm->cost({Collective::send_recv, ParallelDim::dp, bytes}).time_s;
}

void InferenceStepModel::addOp(StepTime& t, const Roofline& r, double flops, double bytes,
                               bool gemm, const GemmShape& shape) const {
    Roofline noLaunch = r;
    noLaunch.launch_s = 0;  // launches are counted once per step (see stepTime)
    const double compute = opTime(noLaunch, {flops, 0, gemm, shape});
    const double memory = opTime(noLaunch, {0, bytes, gemm, shape});
    // Near the roofline ridge a GEMM cannot hide its operand stream under its MMA work: the
    // smaller of the two (at the large-GEMM rate, without the size term) adds. It vanishes
    // for GEMV-like decode (compute ~0) and for large prefill GEMMs (bytes ~0); at the ridge
    // it halves the roofline, as the batch-1, 128-token TensorRT-LLM first-token latencies
    // on A100 show (LLaMA 7B 16 ms, Llama 2 70B TP4 47 ms vs 7.5 and 21 ms of weight reads).
    const double ridge =
        gemm && r.peak_flops > 0
            ? std::min(std::max(0.0, flops) / (r.peak_flops * r.gemm_efficiency_max), memory)
            : 0;
    const double time = std::max(compute, memory) + ridge;
    t.total_s += time;
    t.flops += std::max(0.0, flops);
    t.bytes += std::max(0.0, bytes);
    (compute >= memory && flops > 0 ? t.compute_s : t.memory_s) += time;
}

void InferenceStepModel::addComm(StepTime& t, Collective op, ParallelDim dim, double bytes,
                                 CollectiveLog* log, double calls) const {
    if (!m_comm || bytes <= 0) return;
    const CollectiveCost cost = m_comm->cost({op, dim, bytes});
    if (log) log->add({op, dim, bytes}, cost, calls);
    const double time = cost.time_s;
    if (!std::isfinite(time) || time <= 0) return;
    t.total_s += time;
    t.comm_s += time;
}

void InferenceStepModel::layerComm(StepTime& t, bool moe, double tokens, CollectiveLog* log,
                                   double calls) const {
    if (m_par.tp <= 1) return;
    const double h = m_model.hidden;
    const double ea = m_prec.activation_bytes;
    // Megatron TP: all-reduce after attention and after the MLP (Shoeybi et al. 2019); with EP
    // the MoE block's reduction becomes dispatch + combine all-to-alls.
    addComm(t, Collective::all_reduce, ParallelDim::tp, tokens * h * ea, log, calls);
    if (moe && m_par.ep > 1) {
        const double a2a = tokens * m_model.moe->top_k * h * ea / m_par.tp;
        addComm(t, Collective::all_to_all, ParallelDim::ep, a2a, log, calls);
        addComm(t, Collective::all_to_all, ParallelDim::ep, a2a, log, calls);
    } else {
        addComm(t, Collective::all_reduce, ParallelDim::tp, tokens * h * ea, log, calls);
    }
}

StepTime InferenceStepModel::computeLinear(double tokens) const {
    StepTime stage;
    if (tokens <= 0) return stage;
    const double ew = catalog::bytesPerElement(m_prec.weights);
    const double ea = m_prec.activation_bytes;
    const double h = m_model.hidden;
    LayerSharding sh;
    sh.microbatch = static_cast<long long>(std::ceil(tokens));
    sh.seq_len = 1;
    sh.tp = m_par.tp;
    sh.bytes_per_element = ea;
    std::vector<LayerOp> ops;
    auto layerTime = [&](LayerKind kind) {
        StepTime t;
        layerOps(m_model, kind, sh, ops);
        for (const LayerOp& op : ops) {
            if (op.cls == OpClass::attention || op.expert) continue;  // attention: per context
            if (op.cls == OpClass::elementwise) {
                addOp(t, m_gemm, 0, op.fwd_bytes, false);
                continue;
            }
            const GemmShape& g = op.shape;
            addOp(t, m_gemm, op.fwd_flops,
                  g.batch * (g.k * g.n * ew + (g.m * g.k + g.m * g.n) * ea), true, g);
        }
        const bool moe = kind == LayerKind::moe && m_model.moe && m_model.moe->experts > 0;
        if (moe) {
            // Routed experts, spread evenly over the TP group (by EP or expert TP). Uniform
            // routing touches E(1 - (1 - k/E)^T) distinct experts, whose weights are read.
            const auto& mo = *m_model.moe;
            const double experts = mo.experts, k = std::clamp(mo.top_k, 1, mo.experts);
            const double active = experts * (1 - std::pow(1 - k / experts, tokens));
            const double ef = mo.expert_ffn_hidden > 0 ? mo.expert_ffn_hidden : m_model.ffnHidden();
            const double routed = tokens * k;
            const double tp = m_par.tp;
            addOp(
                t, m_gemm, 2 * routed * m_params.expert / tp,
                (active * m_params.expert * ew + routed * (2 * h + mlpUpWidth(m_model, ef)) * ea) /
                    tp,
                true);
        }
        layerComm(t, moe, tokens, nullptr, 0);
        return t;
    };
    const double moeLayers = m_stageLayers * m_stageMoeShare;
    const double denseLayers = m_stageLayers - moeLayers;
    for (auto [kind, layers] :
         {std::pair{LayerKind::dense, denseLayers}, std::pair{LayerKind::moe, moeLayers}}) {
        if (layers <= 0) continue;
        StepTime t = layerTime(kind);
        stage.total_s += layers * t.total_s;
        stage.compute_s += layers * t.compute_s;
        stage.memory_s += layers * t.memory_s;
        stage.comm_s += layers * t.comm_s;
        stage.flops += layers * t.flops;
        stage.bytes += layers * t.bytes;
    }
    if (m_par.pp > 1) addComm(stage, Collective::send_recv, ParallelDim::pp, tokens * h * ea);
    return stage;
}

void InferenceStepModel::logIteration(const StepShape& s, CollectiveLog& log, double factor) const {
    // The same token count stepTime() gives the layers' linear part (see stageTime).
    const double q = m_draft ? m_spec.draft_tokens + 1 : 1;
    const double pp = m_par.pp;
    const double perStage = (std::max(0, s.decode_seqs) * q + std::max(0, s.prefill_tokens)) / pp;
    const double tokens = std::min<double>(std::ceil(perStage), 1e9);
    if (tokens > 0) {
        StepTime ignored;
        const double moeLayers = m_stageLayers * m_stageMoeShare;
        const double denseLayers = m_stageLayers - moeLayers;
        if (denseLayers > 0) layerComm(ignored, false, tokens, &log, factor * pp * denseLayers);
        const bool moe = m_model.moe && m_model.moe->experts > 0;
        if (moeLayers > 0) layerComm(ignored, moe, tokens, &log, factor * pp * moeLayers);
        if (m_par.pp > 1)
            addComm(ignored, Collective::send_recv, ParallelDim::pp,
                    tokens * m_model.hidden * m_prec.activation_bytes, &log, factor * pp);
    }
    if (m_draft) {
        m_draft->logIteration({s.decode_seqs, s.decode_context_tokens, 0, 0, 0}, log,
                              factor * m_spec.draft_tokens);
        m_draft->logIteration({0, 0, s.prefill_tokens, s.prefill_attention_pairs, s.prefill_seqs},
                              log, factor);
    }
}

std::vector<IssuedCollective> InferenceStepModel::collectives(const StepShape& shape) const {
    CollectiveLog log;
    logIteration(shape, log, 1.0);
    return log.list();
}

const StepTime& InferenceStepModel::linearTime(int tokens) const {
    static const StepTime kZero{};
    if (tokens <= 0) return kZero;
    if (tokens >= kLinearCacheTokens) {
        thread_local StepTime scratch;
        scratch = computeLinear(tokens);
        return scratch;
    }
    if (m_linearCache.size() <= static_cast<std::size_t>(tokens)) {
        const std::size_t n = std::min<std::size_t>(kLinearCacheTokens, 2 * (tokens + 1));
        m_linearCache.resize(n);
        m_linearCached.resize(n, 0);
    }
    if (!m_linearCached[tokens]) {
        m_linearCache[tokens] = computeLinear(tokens);
        m_linearCached[tokens] = 1;
    }
    return m_linearCache[tokens];
}

StepTime InferenceStepModel::stageTime(double tokens, double decodeSeqs, double queriesPerSeq,
                                       double context, double prefillTokens, double pairs) const {
    StepTime t = linearTime(static_cast<int>(std::min<double>(std::ceil(tokens), 1e9)));
    const double ea = m_prec.activation_bytes;
    const double heads = std::ceil(double(m_model.heads) / m_par.tp);
    const double kvLayer = m_kvBytesPerToken / m_stageLayers;
    StepTime layer;
    if (decodeSeqs > 0) {
        // Each query reads its sequence's whole KV cache: memory-bound at any batch size.
        const HeadWidths w = decodeWidths(m_model);
        const double queries = decodeSeqs * queriesPerSeq;
        const double flops = 2 * queriesPerSeq * context * heads * (w.qk + w.v);
        if (m_pim.active()) {
            // On the PIM device (AttAcc, ASPLOS'24): its units stream the KV cache at the
            // internal bank bandwidth, bound by their compute; queries go in, outputs come
            // back over its link. Not overlapped with the accelerator's work.
            const double pim =
                std::max(context * kvLayer / m_pim.bandwidth_b_s, flops / m_pim.flops) +
                (m_pim.link_b_s > 0 ? queries * heads * (w.qk + w.v) * ea / m_pim.link_b_s : 0);
            layer.total_s += pim;
            layer.near_memory_s += pim;
        } else {
            addOp(layer, m_attention, flops,
                  context * kvLayer * m_kvReadsPerStep + queries * heads * (w.qk + 2 * w.v) * ea,
                  false);
        }
    }
    if (prefillTokens > 0) {
        // Causal attention over `pairs` (query, key) pairs: compute-bound flash kernels.
        const HeadWidths w = prefillWidths(m_model);
        addOp(layer, m_attention, 2 * pairs * heads * (w.qk + w.v),
              prefillTokens * (heads * 2 * (w.qk + w.v) * ea + kvLayer), true);
    }
    t.total_s += m_stageLayers * layer.total_s;
    t.compute_s += m_stageLayers * layer.compute_s;
    t.memory_s += m_stageLayers * layer.memory_s;
    t.near_memory_s += m_stageLayers * layer.near_memory_s;
    t.flops += m_stageLayers * layer.flops;
    t.bytes += m_stageLayers * layer.bytes;
    return t;
}

StepTime InferenceStepModel::stepTime(const StepShape& s) const {
    StepTime step;
    const double q = m_draft ? m_spec.draft_tokens + 1 : 1;
    const double pp = m_par.pp;
    const double decode = std::max(0, s.decode_seqs);
    const double prefill = std::max(0, s.prefill_tokens);
    const double context = std::max(0.0, s.decode_context_tokens);
    double offloaded = 0;
    if (m_offload.bandwidth_b_s > 0 && m_offload.hbm_tokens > 0)
        offloaded = std::max(0.0, context - static_cast<double>(m_offload.hbm_tokens));
    // PP: the batch is split into pp micro-batches that flow through the stages back to back,
    // so an iteration takes pp stage-slots of a micro-batch each (TensorRT-LLM, vLLM).
    const StepTime stage =
        stageTime((decode * q + prefill) / pp, decode / pp, q, (context - offloaded) / pp,
                  prefill / pp, std::max(0.0, s.prefill_attention_pairs) / pp);
    step.total_s = pp * stage.total_s;
    step.compute_s = pp * stage.compute_s;
    step.memory_s = pp * stage.memory_s;
    step.comm_s = pp * stage.comm_s;
    step.near_memory_s = pp * stage.near_memory_s;
    step.flops = pp * stage.flops;
    step.bytes = pp * stage.bytes;
    // LM head on the tokens that produce a logit row (decode queries, finishing prompts).
    const double logits = decode * q + std::max(0, s.prefill_seqs);
    const double v = m_model.vocab, h = m_model.hidden, tp = m_par.tp;
    if (logits > 0)
        addOp(step, m_gemm, 2 * logits * h * v / tp,
              h * v / tp * catalog::bytesPerElement(m_prec.weights) + logits * v / tp * 4, true);
    if (offloaded > 0) {
        const double t = offloaded * m_kvBytesPerToken / m_offload.bandwidth_b_s;
        step.total_s += t;
        step.offload_s += t;
    }
    // Decode-only iterations replay a captured CUDA graph, one launch per stage, where the
    // runtime captures one. Iterations with prefill run eagerly and pay every kernel's launch.
    const bool eager = prefill > 0 || !m_runtime.decode_graphs;
    const double launches = eager ? m_opsPerLayer * double(m_model.layers) + 2 : pp;
    const double fixed = launches * m_gemm.launch_s + m_runtime.step_overhead_s;
    step.overhead_s += fixed;
    step.total_s += fixed;
    if (m_draft) {
        StepShape draftDecode{s.decode_seqs, s.decode_context_tokens, 0, 0, 0};
        StepShape draftPrefill{0, 0, s.prefill_tokens, s.prefill_attention_pairs, s.prefill_seqs};
        const StepTime d = m_draft->stepTime(draftDecode);
        // The draft prefills only what the target prefills: a decode-only iteration runs no
        // draft prefill (and launches none of its kernels).
        const StepTime p = s.prefill_tokens > 0 ? m_draft->stepTime(draftPrefill) : StepTime{};
        const double k = m_spec.draft_tokens;
        step.total_s += k * d.total_s + p.total_s;
        step.compute_s += k * d.compute_s + p.compute_s;
        step.memory_s += k * d.memory_s + p.memory_s;
        step.comm_s += k * d.comm_s + p.comm_s;
        step.overhead_s += k * d.overhead_s + p.overhead_s;
        step.near_memory_s += k * d.near_memory_s + p.near_memory_s;
        step.flops += k * d.flops + p.flops;
        step.bytes += k * d.bytes + p.bytes;
    }
    return step;
}

}  // namespace infraplan
