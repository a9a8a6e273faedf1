#pragma once
// The shapes of a decoder-only transformer: parameter counts, KV-cache size, and the operator
// list of one layer with FLOPs and bytes per device for forward and backward, sharded by
// TP/SP/CP/EP. Shared by the training and inference engines; pure arithmetic, no allocation
// beyond the op list.
//
// Conventions (documented once here):
// * GPT-style models (ffn = gelu) carry biases and LayerNorm (weight + bias) and are trained
//   with dropout, as Megatron-LM's GPT; Llama-style models (ffn = swiglu) have no biases,
//   RMSNorm (weight only) and no dropout. Learned position embeddings are not counted.
// * FLOPs count a multiply-add as 2; attention FLOPs count the full s x s product (no causal
//   discount), as Narayanan et al. SC'21 and PaLM's MFU do. Kernels that skip masked blocks
//   (flash attention) get their speed-up in the time model, not here.

#include <vector>

#include "catalog/entries.h"
#include "core/design/design.h"
#include "core/perf/roofline.h"

namespace infraplan {

struct ParameterCounts {
    double embedding = 0;  // input token embedding, vocab x hidden
    double lm_head = 0;    // output projection (0 when tied to the embedding)
    double final_norm = 0;
    double attention_per_layer = 0;  // projections, biases and the pre-attention norm
    double dense_mlp_per_layer = 0;  // MLP and its norm, in a dense layer
    double moe_mlp_per_layer = 0;    // routed + shared experts, router and norm, in a MoE layer
    double expert = 0;               // one routed expert
    double active_moe_mlp_per_layer = 0;  // what one token touches: top_k + shared + router
    int dense_layers = 0;
    int moe_layers = 0;
    double total = 0;
    double active = 0;  // parameters one token passes through (MoE: top_k experts only)

    double perDenseLayer() const { return attention_per_layer + dense_mlp_per_layer; }
    double perMoeLayer() const { return attention_per_layer + moe_mlp_per_layer; }
    // Everything except the embedding and LM head (Kaplan's N for 6N FLOPs).
    double nonEmbedding() const { return total - embedding - lm_head; }
    double activeNonEmbedding() const { return active - embedding - lm_head; }
};

ParameterCounts countParameters(const catalog::Model& model);

// Bytes of KV cache one token adds across all layers: 2 * layers * kv_heads * head_dim * bytes
// (MLA caches the compressed latent plus the rope key: layers * (kv_lora_rank + qk_rope_dim)).
double kvBytesPerToken(const catalog::Model& model, double bytes_per_element);

// Width of the keys plus values one token contributes per layer, unsharded (what context
// parallelism passes around the ring): 2 * kv_heads * head_dim, or MLA's decompressed K and V.
double attentionKvWidth(const catalog::Model& model);

// Output width of an MLP's first product for inner width f: gate and up together for SwiGLU.
double mlpUpWidth(const catalog::Model& model, double f);

// Model FLOPs of one token's forward pass at context length seq_len (matrix products only:
// 2 x active GEMM parameters + attention 4 x s x (qk + v widths) per layer + LM head).
// Training model FLOPs are 3x this (PaLM's MFU numerator; Narayanan's 72Bslh^2(...) for GPT).
double forwardFlopsPerToken(const catalog::Model& model, double seq_len);

enum class OpClass : std::uint8_t {
    gemm,         // a matrix-engine GEMM (shape decides efficiency)
    attention,    // QK^T / softmax.V products: batched GEMMs or one fused flash kernel
    elementwise,  // norms, activations, dropout, residual adds, softmax: HBM-bound
};

// One operator of one layer for one micro-batch, per device, after sharding.
struct LayerOp {
    const char* name = "";
    OpClass cls = OpClass::elementwise;
    GemmShape shape;  // forward shape (gemm/attention); backward runs (m,k,n) and (k,n,m)
    double fwd_flops = 0;
    double fwd_bytes = 0;
    double bwd_flops = 0;
    double bwd_bytes = 0;
    bool selective = false;  // recomputed under selective recompute (attention core)
    // Share of the forward that a per-op selective policy saving every other matmul output
    // (torchtitan) redoes in the backward pass: unsaved matmuls and every vector op.
    double per_op_recompute = 0;
    bool flash = false;   // fused flash kernel (skips causally masked blocks)
    bool expert = false;  // MoE expert work: scaled by the load-imbalance factor
};

struct LayerSharding {
    long long microbatch = 1;  // sequences
    long long seq_len = 2048;
    int tp = 1, cp = 1, ep = 1;
    bool sequence_parallel = false;
    bool flash_attention = true;
    bool eager_elementwise = false;  // blocks run eagerly: unfused norms, rotary, activation
    double bytes_per_element = 2;    // activations and weights in the compute precision
    bool operator==(const LayerSharding&) const = default;
};

enum class LayerKind : std::uint8_t { dense, moe };

// The operators of one layer (attention block then MLP/MoE block), replacing `out`.
void layerOps(const catalog::Model& model, LayerKind kind, const LayerSharding& sharding,
              std::vector<LayerOp>& out);

// LM head (and loss) of one micro-batch on the last stage, per device: the vocab GEMM is
// split over TP (Megatron's vocab-parallel cross-entropy), tokens over CP.
void headOps(const catalog::Model& model, const LayerSharding& sharding, std::vector<LayerOp>& out);

// Activation bytes one layer keeps for backward, per micro-batch, per device (Korthikanti et
// al. 2022, generalised by tensor: s*b*h*(34 + 5*a*s/h) for GPT without parallelism; TP
// divides 24 of the 34, SP the other 10; selective recompute or flash attention drop the
// 5*a*s/h scores; full recompute keeps only the layer input).
double activationBytesPerLayer(const catalog::Model& model, LayerKind kind,
                               const LayerSharding& sharding, Recompute recompute);

// Whether the model is GPT-style (biases, LayerNorm, dropout); see the conventions above.
inline bool gptStyle(const catalog::Model& model) {
    return model.ffn == catalog::FfnKind::gelu;
}

}  // namespace infraplan
