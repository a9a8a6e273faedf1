#pragma once
// A Hugging Face transformers config.json as a catalog model entry. Maps the common names
// (num_hidden_layers, hidden_size, num_attention_heads, num_key_value_heads,
// intermediate_size, vocab_size, tie_word_embeddings), GPT-2 style names (n_layer, n_embd,
// n_head, n_inner), MoE fields (num_local_experts / num_experts, num_experts_per_tok,
// moe_intermediate_size, n_shared_experts, first_k_dense_replace; DeepSeek n_routed_experts)
// and DeepSeek's MLA fields (q_lora_rank, kv_lora_rank, qk_rope_head_dim, qk_nope_head_dim,
// v_head_dim). The result is validated like any other catalog row.

#include <nlohmann/json.hpp>
#include <string>

#include "catalog/json_reader.h"

namespace infraplan::catalog {

// Whether a parsed JSON document looks like a transformers config (and not a catalog file).
bool looksLikeHfConfig(const nlohmann::json& document);

// The catalog entry (nested JSON form, kind "model") for a config, or null with errors in
// `diags` when a required dimension is missing. `id` must be a valid catalog id; `source`
// names the file. Validate the result with entryFromJson.
nlohmann::json modelEntryFromHfConfig(const nlohmann::json& config, const std::string& id,
                                      const std::string& source, Diagnostics& diags);

// A catalog id from a free-form name ("meta-llama/Llama-3-8B" -> "meta-llama-llama-3-8b").
std::string slugify(const std::string& name);

}  // namespace infraplan::catalog
