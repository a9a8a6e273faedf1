#include "core/perf/transformer.h"

#include <algorithm>

namespace infraplan {
namespace {

// Widths of the attention block for one token, unsharded.
struct AttentionDims {
    double q_out = 0;        // query projection output (heads * qk head dim)
    double kv_out = 0;       // key + value projection outputs (0 extra for MLA: see latent)
    double qk_head = 0;      // per-head dimension of the q.k product
    double v_head = 0;       // per-head dimension of values
    double o_in = 0;         // output projection input (heads * v head dim)
    double proj_params = 0;  // all projection weights
};

AttentionDims attentionDims(const catalog::Model& m) {
    AttentionDims d;
    const double h = m.hidden;
    const double heads = m.heads;
    if (m.mla) {
        // DeepSeek-V2/V3 multi-head latent attention, computed without weight absorption
        // (training): q and kv go through low-rank latents, keys carry a shared rope part.
        const auto& a = *m.mla;
        d.qk_head = double(a.qk_nope_dim) + a.qk_rope_dim;
        d.v_head = a.v_head_dim;
        d.q_out = heads * d.qk_head;
        d.kv_out = heads * (double(a.qk_nope_dim) + a.v_head_dim);
        d.o_in = heads * d.v_head;
        const double q =
            a.q_lora_rank > 0 ? h * a.q_lora_rank + a.q_lora_rank * d.q_out : h * d.q_out;
        d.proj_params = q + h * (double(a.kv_lora_rank) + a.qk_rope_dim) +
                        a.kv_lora_rank * d.kv_out + d.o_in * h;
        return d;
    }
    const double hd = m.headDim();
    d.qk_head = hd;
    d.v_head = hd;
    d.q_out = heads * hd;
    d.kv_out = 2.0 * m.kvHeads() * hd;
    d.o_in = heads * hd;
    d.proj_params = h * (d.q_out + d.kv_out) + d.o_in * h;
    return d;
}

double normParams(const catalog::Model& m, double width) {
    return gptStyle(m) ? 2 * width : width;  // LayerNorm weight+bias vs RMSNorm weight
}

// Weights of one MLP of inner width f (gate+up+down for SwiGLU, up+down for GeLU).
double mlpParams(const catalog::Model& m, double f) {
    const double h = m.hidden;
    if (m.ffn == catalog::FfnKind::swiglu) return 3 * h * f;
    return 2 * h * f + (gptStyle(m) ? f + h : 0);
}

int moeLayers(const catalog::Model& m) {
    if (!m.moe || m.moe->experts <= 0) return 0;
    return std::max(0, m.layers - std::clamp(m.moe->dense_layers, 0, m.layers));
}

LayerOp gemm(const char* name, double m, double n, double k, double batch, double e,
             bool expert = false) {
    LayerOp op;
    op.name = name;
    op.cls = OpClass::gemm;
    op.shape = {m, n, k, batch};
    op.fwd_flops = 2 * m * n * k * batch;
    op.fwd_bytes = e * batch * (m * k + k * n + m * n);
    // Backward: data gradient (m x k from m x n and n x k) and weight gradient (k x n from
    // k x m and m x n): twice the FLOPs, about twice the traffic.
    op.bwd_flops = 2 * op.fwd_flops;
    op.bwd_bytes = 2 * op.fwd_bytes;
    op.expert = expert;
    return op;
}

LayerOp elementwise(const char* name, double fwd_bytes, double bwd_factor, bool expert = false) {
    LayerOp op;
    op.name = name;
    op.cls = OpClass::elementwise;
    op.fwd_bytes = fwd_bytes;
    op.bwd_bytes = bwd_factor * fwd_bytes;
    op.expert = expert;
    op.per_op_recompute = 1;  // no vector op's output is saved
    return op;
}

// ffn_hidden, or 4 x hidden (in double: no int overflow for absurd inputs).
double ffnWidth(const catalog::Model& m) {
    return m.ffn_hidden > 0 ? m.ffn_hidden : 4.0 * m.hidden;
}

double safeDiv(double a, double b) {
    return b > 0 ? a / b : 0;
}

// What a block run eagerly (PyTorch without torch.compile) moves beyond the fused kernels the
// operator list assumes, per element of the tensor each op reads (torchtitan's Llama,
// torchtitan/models/norms.py RMSNorm and models/llama/model.py at 9dec370): RMSNorm as six
// kernels over an fp32 copy (cast up, square, mean, scale, cast down, weight: 4e + 28 bytes
// against a fused 2e); rotary on q and k through fp32 complex numbers (cast up, multiply,
// cast down: 2e + 16 against 2e); SwiGLU as silu then multiply (5e against 3e). Backward
// runs each decomposed op's gradient kernel: 1.5x, as for the fused norms.
constexpr double kFp32Bytes = 4;
double eagerNormExtraBytes(double e) {
    return 4 * e + 7 * kFp32Bytes - 2 * e;
}
constexpr double kEagerRotaryExtraBytes = 4 * kFp32Bytes;
double eagerSwigluExtraBytes(double e) {
    return 2 * e;
}
constexpr double kEagerBackwardFactor = 1.5;

}  // namespace

double mlpUpWidth(const catalog::Model& m, double f) {
    return m.ffn == catalog::FfnKind::swiglu ? 2 * f : f;
}

ParameterCounts countParameters(const catalog::Model& m) {
    ParameterCounts c;
    const double h = std::max(0, m.hidden);
    const bool gpt = gptStyle(m);
    const AttentionDims a = attentionDims(m);
    c.embedding = double(std::max(0, m.vocab)) * h;
    c.lm_head = m.tied_embeddings ? 0 : c.embedding;
    c.final_norm = normParams(m, h);
    c.attention_per_layer = a.proj_params + (gpt ? a.q_out + a.kv_out + h : 0) + normParams(m, h);
    if (m.mla) c.attention_per_layer += double(m.mla->q_lora_rank) + m.mla->kv_lora_rank;  // norms
    c.dense_mlp_per_layer = mlpParams(m, ffnWidth(m)) + normParams(m, h);
    c.moe_layers = moeLayers(m);
    c.dense_layers = std::max(0, m.layers) - c.moe_layers;
    if (c.moe_layers > 0) {
        const auto& moe = *m.moe;
        const double ef = moe.expert_ffn_hidden > 0 ? moe.expert_ffn_hidden : ffnWidth(m);
        c.expert = mlpParams(m, ef);
        const double router = h * moe.experts;
        const double shared = std::max(0, moe.shared_experts) * c.expert;
        c.moe_mlp_per_layer = moe.experts * c.expert + shared + router + normParams(m, h);
        c.active_moe_mlp_per_layer =
            std::clamp(moe.top_k, 0, moe.experts) * c.expert + shared + router + normParams(m, h);
    }
    const double common = c.embedding + c.lm_head + c.final_norm;
    c.total = common + c.dense_layers * c.perDenseLayer() + c.moe_layers * c.perMoeLayer();
    c.active = common + c.dense_layers * c.perDenseLayer() +
               c.moe_layers * (c.attention_per_layer + c.active_moe_mlp_per_layer);
    return c;
}

double kvBytesPerToken(const catalog::Model& m, double bytes_per_element) {
    if (m.mla)
        return m.layers * (double(m.mla->kv_lora_rank) + m.mla->qk_rope_dim) * bytes_per_element;
    return 2.0 * m.layers * m.kvHeads() * m.headDim() * bytes_per_element;
}

double attentionKvWidth(const catalog::Model& m) {
    const AttentionDims a = attentionDims(m);
    return a.kv_out + (m.mla ? m.heads * double(m.mla->qk_rope_dim) : 0);
}

double forwardFlopsPerToken(const catalog::Model& model, double seq_len) {
    if (seq_len < 1) seq_len = 1;
    LayerSharding one;
    one.seq_len = static_cast<long long>(seq_len);
    one.flash_attention = true;
    std::vector<LayerOp> ops;
    ops.reserve(32);
    double flops = 0;
    const ParameterCounts counts = countParameters(model);
    const auto addOps = [&](double layers) {
        for (const LayerOp& op : ops)
            if (op.cls != OpClass::elementwise) flops += layers * op.fwd_flops;
    };
    layerOps(model, LayerKind::dense, one, ops);
    addOps(counts.dense_layers);
    layerOps(model, LayerKind::moe, one, ops);
    addOps(counts.moe_layers);
    headOps(model, one, ops);
    addOps(1);
    return flops / double(one.seq_len);
}

void layerOps(const catalog::Model& model, LayerKind kind, const LayerSharding& sh,
              std::vector<LayerOp>& out) {
    out.clear();
    const double e = sh.bytes_per_element;
    const double t = std::max(1, sh.tp);
    const double cp = std::max(1, sh.cp);
    const double sp = sh.sequence_parallel ? t : 1;
    const double s = std::max<long long>(1, sh.seq_len);
    const double sq = s / cp;                                          // query tokens per device
    const double tokens = std::max<long long>(1, sh.microbatch) * sq;  // per device
    const double h = model.hidden;
    const bool gpt = gptStyle(model);
    const AttentionDims a = attentionDims(model);
    const double headsLocal = model.heads / t;
    const double batchHeads = std::max<long long>(1, sh.microbatch) * headsLocal;
    const double mask = gpt ? 1 : 0;  // dropout mask byte per element (GPT-style only)

    // Attention block.
    out.push_back(elementwise("norm-1", 2 * tokens * h * e / sp, 1.5));
    double qkvOut = a.q_out + a.kv_out;
    if (model.mla) qkvOut += model.mla->qk_rope_dim;  // shared rope key
    // torchtitan's per-op policy saves the outputs of the 1st, 3rd, 5th and 7th matmul of a
    // layer (wq, wv, w1, w2 of a SwiGLU layer; torchtitan/distributed/activation_checkpoint.py,
    // "save every other mm") and recomputes wk, wo and w3; the saved ones are the activations
    // perOpSelectiveBytes (core/perf/training_memory.cpp) counts.
    LayerOp qkv = gemm("qkv-projection", tokens, qkvOut / t, h, 1, e);
    qkv.per_op_recompute = safeDiv(0.5 * a.kv_out, qkvOut);
    out.push_back(qkv);
    if (sh.flash_attention) {
        // One fused kernel: never writes the s x s scores. Backward recomputes QK^T (5 matrix
        // products against 2 forward) -> 2.5x FLOPs (Dao 2023, FlashAttention-2 §3).
        LayerOp f;
        f.name = "flash-attention";
        f.cls = OpClass::attention;
        f.flash = true;
        f.shape = {sq, s, a.qk_head + a.v_head, batchHeads};
        f.fwd_flops = 2 * batchHeads * sq * s * (a.qk_head + a.v_head);
        f.fwd_bytes = e * tokens * (a.q_out + a.kv_out * cp + 2 * a.o_in) / t;
        f.bwd_flops = 2.5 * f.fwd_flops;
        f.bwd_bytes = 2 * f.fwd_bytes;
        out.push_back(f);
    } else {
        LayerOp qk = gemm("attention-scores", sq, s, a.qk_head, batchHeads, e);
        qk.cls = OpClass::attention;
        qk.selective = true;
        qk.per_op_recompute = 1;
        out.push_back(qk);
        const double scores = batchHeads * sq * s;
        LayerOp soft = elementwise("softmax", 2 * scores * e, 1.5);  // fused scale-mask-softmax
        soft.selective = true;
        out.push_back(soft);
        if (gpt) {
            LayerOp drop = elementwise("attention-dropout", scores * (2 * e + mask), 1.0);
            drop.selective = true;
            out.push_back(drop);
        }
        LayerOp av = gemm("attention-values", sq, a.v_head, s, batchHeads, e);
        av.cls = OpClass::attention;
        av.selective = true;
        av.per_op_recompute = 1;
        out.push_back(av);
    }
    LayerOp outProjection = gemm("output-projection", tokens, h, a.o_in / t, 1, e);
    outProjection.per_op_recompute = 1;
    out.push_back(outProjection);
    out.push_back(elementwise("residual-1", tokens * h * (3 * e + mask) / sp, 1.0));
    out.push_back(elementwise("norm-2", 2 * tokens * h * e / sp, 1.5));

    const bool swiglu = model.ffn == catalog::FfnKind::swiglu;
    const double actRead = swiglu ? 2 : 1;  // SwiGLU reads gate and up, writes one
    if (kind == LayerKind::moe && model.moe && model.moe->experts > 0) {
        const auto& moe = *model.moe;
        const double ef = moe.expert_ffn_hidden > 0 ? moe.expert_ffn_hidden : ffnWidth(model);
        const double ep = std::clamp<double>(sh.ep, 1, moe.experts);
        // Expert tensor parallelism 1: each TP rank routes its own 1/t of the tokens.
        const double routed = tokens / t * std::clamp(moe.top_k, 0, moe.experts);
        const double localExperts = moe.experts / ep;
        out.push_back(gemm("router", tokens / t, moe.experts, h, 1, e));
        // Permute into expert order before dispatch, un-permute after combine.
        out.push_back(elementwise("moe-permute", 4 * routed * h * e, 1.0, true));
        const double perExpert = safeDiv(routed, localExperts);
        out.push_back(
            gemm("expert-up", perExpert, mlpUpWidth(model, ef), h, localExperts, e, true));
        out.push_back(elementwise("expert-activation", (actRead + 1) * routed * ef * e,
                                  swiglu ? 5.0 / 3 : 1.5, true));
        out.push_back(gemm("expert-down", perExpert, h, ef, localExperts, e, true));
        if (moe.shared_experts > 0) {
            const double sf = moe.shared_experts * ef;
            out.push_back(gemm("shared-expert-up", tokens, mlpUpWidth(model, sf) / t, h, 1, e));
            out.push_back(
                elementwise("shared-expert-activation", (actRead + 1) * tokens * sf / t * e, 1.5));
            out.push_back(gemm("shared-expert-down", tokens, h, sf / t, 1, e));
        }
    } else {
        const double f = ffnWidth(model);
        // Fused gate|up (w1|w3, of which w3 is recomputed), or fc1 saved and fc2 recomputed.
        LayerOp up = gemm("mlp-up", tokens, mlpUpWidth(model, f) / t, h, 1, e);
        up.per_op_recompute = swiglu ? 0.5 : 0;
        out.push_back(up);
        out.push_back(elementwise(swiglu ? "swiglu" : "bias-gelu",
                                  (actRead + 1) * tokens * f / t * e, swiglu ? 5.0 / 3 : 1.5));
        LayerOp down = gemm("mlp-down", tokens, h, f / t, 1, e);
        down.per_op_recompute = swiglu ? 0 : 1;
        out.push_back(down);
    }
    out.push_back(elementwise("residual-2", tokens * h * (3 * e + mask) / sp, 1.0));
    if (sh.eager_elementwise) {
        const double rotated = tokens * (a.q_out + 0.5 * a.kv_out) / t;  // q and k
        // MoE experts' activations are not counted: torchtitan's eager rows are dense.
        out.push_back(elementwise("eager-norms", 2 * tokens * h / sp * eagerNormExtraBytes(e),
                                  kEagerBackwardFactor));
        out.push_back(
            elementwise("eager-rotary", rotated * kEagerRotaryExtraBytes, kEagerBackwardFactor));
        if (swiglu && kind == LayerKind::dense)
            out.push_back(elementwise("eager-swiglu",
                                      tokens * ffnWidth(model) / t * eagerSwigluExtraBytes(e),
                                      kEagerBackwardFactor));
    }
}

void headOps(const catalog::Model& model, const LayerSharding& sh, std::vector<LayerOp>& out) {
    out.clear();
    const double e = sh.bytes_per_element;
    const double t = std::max(1, sh.tp);
    const double tokens = std::max<long long>(1, sh.microbatch) *
                          std::max<long long>(1, sh.seq_len) / std::max(1, sh.cp);
    const double h = model.hidden;
    const double v = model.vocab;
    const double sp = sh.sequence_parallel ? t : 1;
    out.push_back(elementwise("final-norm", 2 * tokens * h * e / sp, 1.5));
    if (sh.eager_elementwise)
        out.push_back(elementwise("eager-final-norm", tokens * h / sp * eagerNormExtraBytes(e),
                                  kEagerBackwardFactor));
    out.push_back(gemm("lm-head", tokens, v / t, h, 1, e));
    // Vocab-parallel cross-entropy in fp32: max, exp-sum and loss passes over the logits
    // forward, one pass writing their gradient backward.
    out.push_back(elementwise("cross-entropy", tokens * v / t * (e + 3 * 4), 0.5));
}

double activationBytesPerLayer(const catalog::Model& model, LayerKind kind, const LayerSharding& sh,
                               Recompute recompute) {
    const double e = sh.bytes_per_element;
    const double t = std::max(1, sh.tp);
    const double cp = std::max(1, sh.cp);
    const double sp = sh.sequence_parallel ? t : 1;
    const double b = std::max<long long>(1, sh.microbatch);
    const double s = std::max<long long>(1, sh.seq_len);
    const double tokens = b * s / cp;
    const double h = model.hidden;
    const bool gpt = gptStyle(model);
    if (recompute == Recompute::full) return e * tokens * h / sp;  // the layer input only

    const AttentionDims a = attentionDims(model);
    // Replicated over TP unless SP: two norm inputs, QKV and MLP inputs (2 bytes each in
    // Korthikanti's 16-bit accounting), two dropout masks (1 byte).
    double bytes = (4 * e + (gpt ? 2 : 0)) * tokens * h / sp;
    // Sharded over TP: Q, K, V, output-projection input.
    bytes += e * tokens * (a.q_out + a.kv_out + a.o_in) / t;
    const double heads = model.heads / t;
    if (sh.flash_attention) {
        bytes += 4 * b * heads * (s / cp);  // fp32 log-sum-exp per query row
    } else if (recompute == Recompute::none) {
        // Softmax output, dropout mask and dropout output (5*a*s^2*b for GPT in 16-bit).
        bytes += b * heads * (s / cp) * s * (e + (gpt ? 1 + e : 0));
    }
    const bool swiglu = model.ffn == catalog::FfnKind::swiglu;
    const double actIn = swiglu ? 2 : 1;
    if (kind == LayerKind::moe && model.moe && model.moe->experts > 0) {
        const auto& moe = *model.moe;
        const double ef = moe.expert_ffn_hidden > 0 ? moe.expert_ffn_hidden : ffnWidth(model);
        const double routed = tokens / t * std::clamp(moe.top_k, 0, moe.experts);
        bytes += e * routed * (h + (actIn + 1) * ef);  // permuted input, act input, fc2 input
        bytes += e * tokens * (actIn + 1) * std::max(0, moe.shared_experts) * ef / t;
    } else {
        bytes += e * tokens * (actIn + 1) * ffnWidth(model) / t;
    }
    return bytes;
}

}  // namespace infraplan
