#include "catalog/model_json.h"

namespace infraplan::catalog {
namespace {
constexpr int kMaxDim = 1 << 20;  // hidden sizes, vocabularies: far above any real model

void readMoe(const nlohmann::json& value, const std::string& pointer, Diagnostics& diags,
             Model& model) {
    ObjectReader r(value, pointer, diags);
    if (!r.valid()) return;
    MoeSpec moe;
    r.integer("experts", moe.experts, 1, 1 << 16, true);
    r.integer("top_k", moe.top_k, 1, 1 << 16, true);
    r.integer("expert_ffn_hidden", moe.expert_ffn_hidden, 1, kMaxDim);
    r.integer("shared_experts", moe.shared_experts, 0, 1 << 10);
    r.integer("dense_layers", moe.dense_layers, 0, 1 << 14);
    if (moe.top_k > moe.experts)
        diags.error(pointer + "/top_k",
                    "must not exceed experts (" + std::to_string(moe.experts) + ")");
    model.moe = moe;
}

void readMla(const nlohmann::json& value, const std::string& pointer, Diagnostics& diags,
             Model& model) {
    ObjectReader r(value, pointer, diags);
    if (!r.valid()) return;
    MlaSpec mla;
    r.integer("q_lora_rank", mla.q_lora_rank, 0, kMaxDim);
    r.integer("kv_lora_rank", mla.kv_lora_rank, 1, kMaxDim, true);
    r.integer("qk_rope_dim", mla.qk_rope_dim, 0, kMaxDim);
    r.integer("qk_nope_dim", mla.qk_nope_dim, 1, kMaxDim, true);
    r.integer("v_head_dim", mla.v_head_dim, 1, kMaxDim, true);
    model.mla = mla;
}
}  // namespace

void readModelFields(ObjectReader& r, Model& model) {
    if (!r.valid()) return;
    Diagnostics& diags = r.diagnostics();
    r.integer("layers", model.layers, 1, 1 << 14, true);
    r.integer("hidden", model.hidden, 1, kMaxDim, true);
    r.integer("heads", model.heads, 1, 1 << 14, true);
    r.integer("kv_heads", model.kv_heads, 1, 1 << 14);
    r.integer("ffn_hidden", model.ffn_hidden, 1, kMaxDim);
    r.enumeration("ffn", model.ffn, ffnKindFromString, "gelu, swiglu");
    r.integer("vocab", model.vocab, 1, 1 << 24, true);
    r.boolean("tied_embeddings", model.tied_embeddings);
    r.number("published_params_b", model.published_params_b, 0, 1e6);
    if (const auto* moe = r.raw("moe"); moe && !moe->is_null())
        readMoe(*moe, r.pointerTo("moe"), diags, model);
    if (const auto* mla = r.raw("mla"); mla && !mla->is_null())
        readMla(*mla, r.pointerTo("mla"), diags, model);

    if (model.heads > 0 && model.hidden > 0 && model.hidden % model.heads != 0 && !model.mla)
        diags.error(r.pointerTo("heads"), "must divide hidden (" + std::to_string(model.hidden) +
                                              "), got " + std::to_string(model.heads));
    if (model.kv_heads > 0 && model.heads > 0 && model.heads % model.kv_heads != 0)
        diags.error(r.pointerTo("kv_heads"), "must divide heads (" + std::to_string(model.heads) +
                                                 "), got " + std::to_string(model.kv_heads));
    if (model.moe && model.moe->dense_layers > model.layers)
        diags.error(r.pointerTo("moe") + "/dense_layers", "must not exceed layers");
}

nlohmann::json modelFieldsToJson(const Model& m) {
    nlohmann::json j = {{"layers", m.layers}, {"hidden", m.hidden}, {"heads", m.heads}};
    if (m.kv_heads > 0) j["kv_heads"] = m.kv_heads;
    if (m.ffn_hidden > 0) j["ffn_hidden"] = m.ffn_hidden;
    j["ffn"] = toString(m.ffn);
    j["vocab"] = m.vocab;
    j["tied_embeddings"] = m.tied_embeddings;
    if (m.published_params_b > 0) j["published_params_b"] = m.published_params_b;
    if (m.moe) {
        j["moe"] = {{"experts", m.moe->experts},
                    {"top_k", m.moe->top_k},
                    {"shared_experts", m.moe->shared_experts},
                    {"dense_layers", m.moe->dense_layers}};
        if (m.moe->expert_ffn_hidden > 0) j["moe"]["expert_ffn_hidden"] = m.moe->expert_ffn_hidden;
    }
    if (m.mla)
        j["mla"] = {{"q_lora_rank", m.mla->q_lora_rank},
                    {"kv_lora_rank", m.mla->kv_lora_rank},
                    {"qk_rope_dim", m.mla->qk_rope_dim},
                    {"qk_nope_dim", m.mla->qk_nope_dim},
                    {"v_head_dim", m.mla->v_head_dim}};
    return j;
}

}  // namespace infraplan::catalog
