// Design -> design file. Fields are written in the order docs/design-file.md shows them; fields
// this build does not know (kept in `extra`) are written back unchanged.

#include "catalog/file_io.h"
#include "catalog/json_limits.h"
#include "catalog/model_json.h"
#include "core/io/design_json.h"
#include "core/io/design_variants.h"

namespace infraplan {
namespace {

using nlohmann::json;

// Unknown fields go back in; a known field of the same name wins.
void mergeExtra(json& out, const json& extra) {
    if (!extra.is_object()) return;
    for (auto it = extra.begin(); it != extra.end(); ++it)
        if (!out.contains(it.key())) out[it.key()] = it.value();
}

json itemToJson(const Item& item) {
    json j = {{"id", item.id}, {"kind", toString(item.kind)}};
    if (!item.ref.empty()) j["ref"] = item.ref;
    j["count"] = item.count;
    if (!item.parent.empty()) j["parent"] = item.parent;
    if (!item.name.empty()) j["name"] = item.name;
    if (!item.role.empty()) j["role"] = item.role;
    if (item.kind == ItemKind::cpu && item.power_w > 0) j["power_w"] = item.power_w;
    if (item.fabric) {
        const FabricParams& f = *item.fabric;
        j["topology"] = toString(f.topology);
        if (!f.switch_ref.empty()) j["switch"] = f.switch_ref;
        if (!f.link.empty()) j["link"] = f.link;
        j["tiers"] = f.tiers;
        j["oversubscription"] = f.oversubscription;
        j["rails"] = f.rails;
        if (!f.dims.empty()) j["dims"] = f.dims;
        if (f.topology == FabricTopology::torus) j["wraparound"] = f.wraparound;
        if (f.groups > 0) j["groups"] = f.groups;
    }
    mergeExtra(j, item.extra);
    return j;
}

json linkToJson(const DesignLink& link) {
    json j = {{"from", link.from}, {"to", link.to}, {"ref", link.ref}, {"count", link.count}};
    mergeExtra(j, link.extra);
    return j;
}

json tokenCountToJson(const TokenCount& t) {
    if (!t.p99 && t.distribution.empty() && t.extra.empty()) return t.mean;
    json j = {{"mean", t.mean}};
    if (t.p99) j["p99"] = *t.p99;
    if (!t.distribution.empty()) j["distribution"] = t.distribution;
    mergeExtra(j, t.extra);
    return j;
}

json workloadToJson(const Workload& w) {
    json j = {{"mode", toString(w.mode)}};
    if (const auto* id = std::get_if<std::string>(&w.model)) {
        j["model"] = *id;
    } else {
        const auto& m = std::get<catalog::Model>(w.model);
        json model = catalog::modelFieldsToJson(m);
        if (!m.id.empty()) model["id"] = m.id;
        if (!m.name.empty()) model["name"] = m.name;
        j["model"] = model;
    }
    j["precision"] = catalog::toString(w.precision);
    j["seq_len"] = w.seq_len;
    j["global_batch"] = w.global_batch;
    if (w.train_tokens > 0) j["train_tokens"] = w.train_tokens;
    const Workload defaults;
    const bool inference = w.mode == WorkloadMode::inference;
    if (w.requests) j["requests"] = *w.requests;
    if (inference || w.seed != defaults.seed) j["seed"] = w.seed;
    if (w.kv_precision) j["kv_precision"] = catalog::toString(*w.kv_precision);
    const Traffic& t = w.traffic;
    const bool trafficDefault =
        t.mode == defaults.traffic.mode && t.batch_size == defaults.traffic.batch_size &&
        t.rate_per_s == 0 && t.prompt_tokens.mean == 512 && !t.prompt_tokens.p99 &&
        t.output_tokens.mean == 128 && !t.output_tokens.p99 && t.extra.empty();
    if (inference || !trafficDefault) {
        json traffic = {{"mode", toString(t.mode)}};
        if (t.mode == TrafficMode::batch) traffic["batch_size"] = t.batch_size;
        if (t.mode == TrafficMode::poisson || t.rate_per_s > 0)
            traffic["rate_per_s"] = t.rate_per_s;
        traffic["prompt_tokens"] = tokenCountToJson(t.prompt_tokens);
        traffic["output_tokens"] = tokenCountToJson(t.output_tokens);
        mergeExtra(traffic, t.extra);
        j["traffic"] = traffic;
    }
    const Slo& s = w.slo;
    if (inference || s.ttft_ms > 0 || s.tpot_ms > 0 || !s.extra.empty()) {
        json slo = {{"ttft_ms", s.ttft_ms}, {"tpot_ms", s.tpot_ms}, {"percentile", s.percentile}};
        mergeExtra(slo, s.extra);
        j["slo"] = slo;
    }
    mergeExtra(j, w.extra);
    return j;
}

// Training-engine options: written for training designs, and when set in others.
void writeTrainingOptions(json& j, const Strategy& s, bool inference) {
    const Strategy defaults;
    if (!inference || s.overlap_tp_scope != defaults.overlap_tp_scope)
        j["overlap_tp_scope"] = toString(s.overlap_tp_scope);
    if (!inference || s.moe_imbalance != defaults.moe_imbalance)
        j["moe_imbalance"] = s.moe_imbalance;
    if (s.framework != defaults.framework) j["framework"] = toString(s.framework);
    const PipelineSplit& split = s.pipeline_split;
    if (!split.layers.empty()) j["pipeline_layers"] = split.layers;
    if (split.first_stage_layers >= 0) j["first_stage_layers"] = split.first_stage_layers;
    if (split.last_stage_layers >= 0) j["last_stage_layers"] = split.last_stage_layers;
    if (split.account_for_embedding) j["account_for_embedding"] = true;
    if (split.account_for_loss) j["account_for_loss"] = true;
}

// Serving-runtime options: written for inference designs, and when set in others.
void writeServingOptions(json& j, const Strategy& s, bool inference) {
    const Strategy defaults;
    if (s.speculative)
        j["speculative"] = {{"draft_model", s.speculative->draft_model},
                            {"draft_tokens", s.speculative->draft_tokens},
                            {"acceptance_rate", s.speculative->acceptance_rate}};
    if (s.max_step_tokens) j["max_step_tokens"] = *s.max_step_tokens;
    if (inference || s.memory_utilization != defaults.memory_utilization)
        j["memory_utilization"] = s.memory_utilization;
    if (inference || s.kv_block_tokens != defaults.kv_block_tokens)
        j["kv_block_tokens"] = s.kv_block_tokens;
    if (inference || s.decode_attention != defaults.decode_attention)
        j["decode_attention"] = toString(s.decode_attention);
    if (s.runtime != defaults.runtime) j["runtime"] = toString(s.runtime);
    if (!s.near_memory_attention.empty()) j["near_memory_attention"] = s.near_memory_attention;
}

json writeStrategy(const Strategy& s, bool inference) {
    json j = {{"tp", s.tp}, {"pp", s.pp}};
    j["dp"] = s.dpIsAuto() ? json("auto") : json(s.dp);
    j["cp"] = s.cp;
    j["ep"] = s.ep;
    j["sequence_parallel"] = s.sequence_parallel;
    j["zero"] = s.zero;
    j["microbatch"] = s.microbatch;
    j["interleave"] = s.interleave;
    j["schedule"] = toString(s.schedule);
    j["recompute"] = toString(s.recompute);
    j["overlap_dp"] = s.overlap_dp;
    j["overlap_tp"] = s.overlap_tp;
    j["flash_attention"] = s.flash_attention;
    j["placement"] = s.placement;
    const Strategy defaults;
    if (inference || s.replicas != defaults.replicas) j["replicas"] = s.replicas;
    if (inference || s.max_batch != defaults.max_batch) j["max_batch"] = s.max_batch;
    if (inference || s.scheduler != defaults.scheduler) j["scheduler"] = toString(s.scheduler);
    if (s.disaggregated)
        j["disaggregated"] = {{"prefill_replicas", s.disaggregated->prefill_replicas},
                              {"decode_replicas", s.disaggregated->decode_replicas}};
    if (!s.kv_offload.empty()) j["kv_offload"] = s.kv_offload;
    if (!s.offload.target.empty())
        j["offload"] = {{"target", s.offload.target},
                        {"optimizer", s.offload.optimizer},
                        {"weights", s.offload.weights},
                        {"activations", s.offload.activations}};
    writeTrainingOptions(j, s, inference);
    writeServingOptions(j, s, inference);
    mergeExtra(j, s.extra);
    return j;
}

json facilityToJson(const Facility& f) {
    json j = {{"pue", f.pue},
              {"cooling", toString(f.cooling)},
              {"power_price_usd_per_kwh", f.power_price_usd_per_kwh},
              {"rack_power_limit_kw", f.rack_power_limit_kw},
              {"carbon_kg_per_kwh", f.carbon_kg_per_kwh}};
    mergeExtra(j, f.extra);
    return j;
}

json economicsToJson(const Economics& e) {
    json j = {{"lifetime_years", e.lifetime_years},
              {"utilization", e.utilization},
              {"interest_rate", e.interest_rate},
              {"cloud_price_usd_per_device_hour", e.cloud_price_usd_per_device_hour}};
    mergeExtra(j, e.extra);
    return j;
}

}  // namespace

json strategyToJson(const Strategy& strategy, bool inference) {
    return writeStrategy(strategy, inference);
}

json designToJson(const Design& d) {
    json hardware = json::object();
    hardware["items"] = json::array();
    for (const Item& item : d.hardware.items)
        hardware["items"].push_back(itemToJson(item));
    hardware["links"] = json::array();
    for (const DesignLink& link : d.hardware.links)
        hardware["links"].push_back(linkToJson(link));
    mergeExtra(hardware, d.hardware.extra);

    json j = json::object();
    j["format"] = kDesignFormatName;
    j["version"] = kDesignFormatVersion;
    j["name"] = d.name;
    if (!d.description.empty()) j["description"] = d.description;
    j["hardware"] = hardware;
    j["workload"] = workloadToJson(d.workload);
    j["strategy"] = writeStrategy(d.strategy, d.workload.mode == WorkloadMode::inference);
    j["facility"] = facilityToJson(d.facility);
    j["economics"] = economicsToJson(d.economics);
    if (!d.layout.empty()) j["layout"] = d.layout;
    if (!d.variants.empty()) j["variants"] = variantsToJson(d.variants);
    if (!d.catalog.empty()) j["catalog"] = d.catalog;
    mergeExtra(j, d.extra);
    return j;
}

std::string serializeDesign(const Design& design) {
    // Top-level keys in the documented order; nested objects keep sorted keys.
    const json j = designToJson(design);
    static const char* const kOrder[] = {"format",    "version",  "name",     "description",
                                         "hardware",  "workload", "strategy", "facility",
                                         "economics", "layout",   "variants", "catalog"};
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (const char* key : kOrder)
        if (j.contains(key)) out[key] = nlohmann::ordered_json::parse(dumpJson(j[key]));
    for (auto it = j.begin(); it != j.end(); ++it)
        if (!out.contains(it.key())) out[it.key()] = nlohmann::ordered_json::parse(dumpJson(*it));
    return dumpJson(out, 2) + "\n";
}

bool saveDesignFile(const Design& design, const std::string& path, std::string* error) {
    return writeFileAtomically(path, serializeDesign(design), error);
}

}  // namespace infraplan
