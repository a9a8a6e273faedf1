#include "catalog/hf_config.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace infraplan::catalog {
namespace {
using nlohmann::json;

// The first of `names` present in the config, as a JSON value (null when none).
template <class Names>
const json* firstOf(const json& config, const Names& names) {
    for (const char* name : names) {
        if (!name) continue;
        auto it = config.find(name);
        if (it != config.end() && !it->is_null()) return &*it;
    }
    return nullptr;
}
const json* first(const json& config, std::initializer_list<const char*> names) {
    return firstOf(config, names);
}

std::string text(const json& config, const char* key) {
    auto it = config.find(key);
    return it != config.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// Architectures whose MLP is gated (three matrices: gate, up, down).
bool gatedMlp(const json& config) {
    static const char* kGated[] = {
        "llama",     "mistral",     "mixtral",     "qwen2",     "qwen2_moe", "qwen3",
        "qwen3_moe", "deepseek_v2", "deepseek_v3", "gemma",     "gemma2",    "gemma3",
        "phi3",      "olmo",        "olmo2",       "internlm2", "yi",        "cohere"};
    const std::string type = text(config, "model_type");
    if (std::find(std::begin(kGated), std::end(kGated), type) != std::end(kGated)) return true;
    const std::string act = text(config, "hidden_act");
    return act == "silu" || act == "swiglu";
}

}  // namespace

bool looksLikeHfConfig(const json& document) {
    if (!document.is_object() || document.contains("entries") || document.contains("kind"))
        return false;
    return document.contains("num_hidden_layers") || document.contains("n_layer") ||
           document.contains("model_type");
}

std::string slugify(const std::string& name) {
    std::string out;
    for (unsigned char c : name) {
        if (std::isalnum(c))
            out += static_cast<char>(std::tolower(c));
        else if (c == '.' || c == '_' || c == '+')
            out += static_cast<char>(c);
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    while (!out.empty() && !std::isalnum(static_cast<unsigned char>(out.back())))
        out.pop_back();
    while (!out.empty() && !std::isalnum(static_cast<unsigned char>(out.front())))
        out.erase(0, 1);
    return out.substr(0, 80);
}

json modelEntryFromHfConfig(const json& config, const std::string& id, const std::string& source,
                            Diagnostics& diags) {
    if (!config.is_object()) {
        diags.error("", "a config.json must be an object");
        return nullptr;
    }
    json entry = {{"id", id}, {"kind", "model"}};
    const std::string name = text(config, "_name_or_path");
    entry["name"] = name.empty() ? id : name;
    entry["vendor"] = text(config, "model_type");
    entry["source"] = {{"document", "Hugging Face config.json: " + source},
                       {"provenance", "published"}};

    struct Mapping {
        const char* field;
        std::array<const char*, 3> names;
        bool required;
    };
    const Mapping mappings[] = {
        {"layers", {"num_hidden_layers", "n_layer", "num_layers"}, true},
        {"hidden", {"hidden_size", "n_embd", "d_model"}, true},
        {"heads", {"num_attention_heads", "n_head"}, true},
        {"kv_heads", {"num_key_value_heads", "multi_query_group_num"}, false},
        {"ffn_hidden", {"intermediate_size", "n_inner", "ffn_dim"}, false},
        {"vocab", {"vocab_size", "padded_vocab_size"}, true},
    };
    for (const auto& m : mappings) {
        if (const json* v = firstOf(config, m.names))
            entry[m.field] = *v;  // type and range are checked by the catalog reader
        else if (m.required)
            diags.error("/" + std::string(m.names[0]), "is required to import a model");
    }
    entry["ffn"] = gatedMlp(config) ? "swiglu" : "gelu";
    // transformers' PretrainedConfig ties embeddings unless the config says otherwise.
    const json* tied = first(config, {"tie_word_embeddings"});
    entry["tied_embeddings"] = tied && tied->is_boolean() ? tied->get<bool>() : true;

    const json* experts = first(config, {"num_local_experts", "n_routed_experts", "num_experts"});
    if (experts && !(experts->is_number() && experts->get<double>() == 0)) {
        json moe = {{"experts", *experts}};
        if (const json* k = first(config, {"num_experts_per_tok", "moe_topk", "top_k"}))
            moe["top_k"] = *k;
        if (const json* f = first(config, {"moe_intermediate_size", "expert_intermediate_size"}))
            moe["expert_ffn_hidden"] = *f;
        else if (entry.contains("ffn_hidden"))
            moe["expert_ffn_hidden"] = entry["ffn_hidden"];  // Mixtral: experts are full MLPs
        if (const json* s = first(config, {"n_shared_experts", "num_shared_experts"}))
            moe["shared_experts"] = *s;
        if (const json* d = first(config, {"first_k_dense_replace"})) moe["dense_layers"] = *d;
        entry["moe"] = moe;
    }
    if (const json* kv_rank = first(config, {"kv_lora_rank"})) {
        json mla = {{"kv_lora_rank", *kv_rank}};
        if (const json* q = first(config, {"q_lora_rank"})) mla["q_lora_rank"] = *q;
        if (const json* r = first(config, {"qk_rope_head_dim"})) mla["qk_rope_dim"] = *r;
        if (const json* n = first(config, {"qk_nope_head_dim"})) mla["qk_nope_dim"] = *n;
        if (const json* v = first(config, {"v_head_dim"})) mla["v_head_dim"] = *v;
        entry["mla"] = mla;
    }
    return diags.hasErrors() ? json() : entry;
}

}  // namespace infraplan::catalog
