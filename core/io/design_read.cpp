// Design file -> Design. Structure, types and ranges only; see design/validate.cpp for checks
// that need the catalog or span sections.
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "catalog/json_limits.h"
#include "catalog/model_json.h"
#include "core/io/design_json.h"
#include "core/io/design_variants.h"
#include "core/io/overrides.h"

namespace infraplan {
namespace {

using nlohmann::json;
constexpr long long kMaxCount = 1'000'000'000;  // per item; the expansion limit is separate

void readFabric(ObjectReader& r, Item& item) {
    FabricParams f;
    r.enumeration("topology", f.topology, fabricTopologyFromString,
                  "fat-tree, rail-optimized, rail-only, torus, dragonfly, full-mesh");
    r.requireKey("topology");
    r.string("switch", f.switch_ref);
    r.string("link", f.link);
    r.integer("tiers", f.tiers, 1, 3);
    r.number("oversubscription", f.oversubscription, 1, 64);
    r.integer("rails", f.rails, 1, 64);
    r.boolean("wraparound", f.wraparound);
    r.integer("groups", f.groups, 0, 1 << 20);
    if (const json* dims = r.raw("dims")) {
        if (!dims->is_array() || dims->empty() || dims->size() > 3) {
            r.diagnostics().error(r.pointerTo("dims"),
                                  "must be an array of 1 to 3 positive integers");
        } else {
            for (std::size_t i = 0; i < dims->size(); ++i) {
                const json& d = (*dims)[i];
                if (!d.is_number_integer() || d.get<long long>() < 1 ||
                    d.get<long long>() > 1 << 20) {
                    r.diagnostics().error(r.pointerTo("dims") + "/" + std::to_string(i),
                                          "must be a positive integer, got " + describeValue(d));
                } else {
                    f.dims.push_back(d.get<int>());
                }
            }
        }
    }
    item.fabric = f;
}

Item readItem(const json& value, const std::string& pointer, Diagnostics& diags) {
    Item item;
    ObjectReader r(value, pointer, diags);
    if (!r.valid()) return item;
    r.string("id", item.id, true);
    if (r.has("id") && item.id.empty()) diags.error(r.pointerTo("id"), "must not be empty");
    r.enumeration("kind", item.kind, itemKindFromString,
                  "accelerator, memory, switch, nic, cpu, node, group, fabric");
    r.requireKey("kind");
    r.string("ref", item.ref);
    r.integer("count", item.count, 1, kMaxCount);
    r.string("parent", item.parent);
    r.string("name", item.name);
    r.string("role", item.role);
    if (item.kind == ItemKind::fabric) readFabric(r, item);
    if (item.kind == ItemKind::cpu) r.number("power_w", item.power_w, 0, 1e6);
    const bool needsRef =
        item.kind != ItemKind::group && item.kind != ItemKind::fabric && item.kind != ItemKind::cpu;
    if (needsRef && r.has("kind") && !r.has("ref"))
        diags.error(r.pointerTo("ref"), std::string("is required for a ") + toString(item.kind));
    item.extra = r.unknown();
    return item;
}

DesignLink readLink(const json& value, const std::string& pointer, Diagnostics& diags) {
    DesignLink link;
    ObjectReader r(value, pointer, diags);
    if (!r.valid()) return link;
    r.string("from", link.from, true);
    r.string("to", link.to, true);
    r.string("ref", link.ref, true);
    r.integer("count", link.count, 1, kMaxCount);
    link.extra = r.unknown();
    return link;
}

template <class T, class ReadOne>
void readArray(ObjectReader& r, const std::string& key, std::vector<T>& out, ReadOne readOne,
               bool required) {
    const json* array = r.raw(key);
    if (!array) {
        if (required && r.valid()) r.diagnostics().error(r.pointerTo(key), "is required");
        return;
    }
    if (!array->is_array()) {
        r.diagnostics().error(r.pointerTo(key), "must be an array, got " + describeValue(*array));
        return;
    }
    out.reserve(array->size());
    for (std::size_t i = 0; i < array->size(); ++i)
        out.push_back(
            readOne((*array)[i], r.pointerTo(key) + "/" + std::to_string(i), r.diagnostics()));
}

Hardware readHardware(const json& value, const std::string& pointer, Diagnostics& diags) {
    Hardware hw;
    ObjectReader r(value, pointer, diags);
    readArray(r, "items", hw.items, readItem, true);
    readArray(r, "links", hw.links, readLink, false);
    hw.extra = r.unknown();
    return hw;
}

void readPrecision(ObjectReader& r, const std::string& key, catalog::Precision& out) {
    r.enumeration(key, out, catalog::precisionFromString,
                  "fp64, fp32, tf32, bf16, fp16, fp8, fp6, fp4, int8, int4");
}

TokenCount readTokenCount(const json& value, const std::string& pointer, Diagnostics& diags,
                          double fallback) {
    TokenCount t = TokenCount::fixed(fallback);
    if (value.is_number()) {
        double x = value.get<double>();
        if (!std::isfinite(x) || x < 1 || x > 1e7)
            diags.error(pointer, "must be a token count between 1 and 10000000, got " +
                                     describeValue(value));
        else
            t.mean = x;
        return t;
    }
    ObjectReader r(value, pointer, diags);
    if (!r.valid()) return t;
    r.number("mean", t.mean, 1, 1e7, true);
    double p99 = 0;
    if (r.has("p99")) {
        r.number("p99", p99, 1, 1e7);
        if (p99 > 0) t.p99 = p99;
        if (t.p99 && *t.p99 < t.mean) diags.error(r.pointerTo("p99"), "must not be below the mean");
    }
    r.string("distribution", t.distribution);
    t.extra = r.unknown();
    return t;
}

Traffic readTraffic(const json& value, const std::string& pointer, Diagnostics& diags) {
    Traffic t;
    ObjectReader r(value, pointer, diags);
    if (!r.valid()) return t;
    r.enumeration("mode", t.mode, trafficModeFromString, "batch, offline, poisson");
    r.integer("batch_size", t.batch_size, 1, 1 << 24);
    const std::size_t errorsBefore = diags.errorCount();
    r.number("rate_per_s", t.rate_per_s, 0, 1e6);  // requests/s
    if (const json* p = r.raw("prompt_tokens"))
        t.prompt_tokens = readTokenCount(*p, r.pointerTo("prompt_tokens"), diags, 512);
    if (const json* o = r.raw("output_tokens"))
        t.output_tokens = readTokenCount(*o, r.pointerTo("output_tokens"), diags, 128);
    // Below one request per 1,000 s, simulated time dwarfs a step and TTFT rounds to zero.
    if (t.mode == TrafficMode::poisson && diags.errorCount() == errorsBefore &&
        !(t.rate_per_s >= 1e-3))
        diags.error(r.pointerTo("rate_per_s"),
                    "must be at least 0.001 requests/s for Poisson traffic, got " +
                        describeValue(json(t.rate_per_s)));
    t.extra = r.unknown();
    return t;
}

Slo readSlo(const json& value, const std::string& pointer, Diagnostics& diags) {
    Slo s;
    ObjectReader r(value, pointer, diags);
    if (!r.valid()) return s;
    r.number("ttft_ms", s.ttft_ms, 0, 1e9);
    r.number("tpot_ms", s.tpot_ms, 0, 1e9);
    r.number("percentile", s.percentile, 1, 100);
    s.extra = r.unknown();
    return s;
}

// The simulated request stream (inference): how many requests, and its random seed.
void readRequestStream(ObjectReader& r, Workload& w) {
    if (r.has("requests")) {
        long long requests = 0;
        r.integer("requests", requests, 1, 1'000'000);
        if (requests > 0) w.requests = requests;
    }
    long long seed = static_cast<long long>(w.seed);
    r.integer("seed", seed, 0, 1'000'000'000'000'000LL);
    w.seed = static_cast<std::uint64_t>(seed);
}

Workload readWorkload(const json& value, const std::string& pointer, Diagnostics& diags) {
    Workload w;
    ObjectReader r(value, pointer, diags);
    if (!r.valid()) return w;
    r.enumeration("mode", w.mode, workloadModeFromString, "training, inference");
    if (const json* m = r.raw("model")) {
        if (m->is_string()) {
            w.model = m->get<std::string>();
        } else {
            catalog::Model model;
            ObjectReader mr(*m, r.pointerTo("model"), diags);
            if (mr.valid()) {
                mr.string("id", model.id);
                mr.string("name", model.name);
                catalog::readModelFields(mr, model);
                model.origin = catalog::Origin::embedded;
                model.notes = mr.unknown().empty() ? "" : dumpJson(mr.unknown());
            }
            w.model = model;
        }
    } else {
        diags.error(r.pointerTo("model"), "is required (a catalog model id or a model object)");
    }
    readPrecision(r, "precision", w.precision);
    r.integer("seq_len", w.seq_len, 1, 1 << 24);
    r.integer("global_batch", w.global_batch, 1, 1LL << 32);
    r.number("train_tokens", w.train_tokens, 0, 1e18);
    if (r.has("kv_precision")) {
        catalog::Precision kv = w.precision;
        readPrecision(r, "kv_precision", kv);
        w.kv_precision = kv;
    }
    if (const json* t = r.raw("traffic"))
        w.traffic = readTraffic(*t, r.pointerTo("traffic"), diags);
    if (const json* s = r.raw("slo")) w.slo = readSlo(*s, r.pointerTo("slo"), diags);
    readRequestStream(r, w);
    w.extra = r.unknown();
    return w;
}

// strategy.pipeline_layers: one non-negative layer count per pipeline stage.
void readPipelineLayers(ObjectReader& r, std::vector<int>& out) {
    const json* list = r.raw("pipeline_layers");
    if (!list || list->is_null()) return;
    if (!list->is_array() || list->empty() || list->size() > (1u << 16)) {
        r.diagnostics().error(r.pointerTo("pipeline_layers"),
                              "must be an array of layer counts, one per pipeline stage");
        return;
    }
    for (std::size_t i = 0; i < list->size(); ++i) {
        const json& n = (*list)[i];
        if (!n.is_number_integer() || n.get<long long>() < 0 || n.get<long long>() > 1 << 20) {
            r.diagnostics().error(r.pointerTo("pipeline_layers") + "/" + std::to_string(i),
                                  "must be a layer count (0 or more), got " + describeValue(n));
            out.clear();
            return;
        }
        out.push_back(n.get<int>());
    }
}

// How pipeline stages divide the layers (docs/design-file.md).
void readPipelineSplit(ObjectReader& r, PipelineSplit& split) {
    readPipelineLayers(r, split.layers);
    r.integer("first_stage_layers", split.first_stage_layers, 0, 1 << 20);
    r.integer("last_stage_layers", split.last_stage_layers, 0, 1 << 20);
    r.boolean("account_for_embedding", split.account_for_embedding);
    r.boolean("account_for_loss", split.account_for_loss);
}

// Training-engine options beyond the parallel layout (docs/training-engine.md).
void readTrainingOptions(ObjectReader& r, Strategy& s) {
    readPipelineSplit(r, s.pipeline_split);
    r.enumeration("overlap_tp_scope", s.overlap_tp_scope, overlapTpScopeFromString,
                  "full, backward, forward");
    r.number("moe_imbalance", s.moe_imbalance, 1, 64);
    r.enumeration("framework", s.framework, trainingFrameworkFromString,
                  "megatron-core, nemo, nemo-bf16-grads, torchtitan, torchtitan-compiled-loss, "
                  "torchtitan-eager");
}

std::optional<SpeculativeOptions> readSpeculative(ObjectReader& r) {
    const json* value = r.raw("speculative");
    if (!value || value->is_null()) return std::nullopt;
    ObjectReader sr(*value, r.pointerTo("speculative"), r.diagnostics());
    if (!sr.valid()) return std::nullopt;
    SpeculativeOptions spec;
    sr.string("draft_model", spec.draft_model, true);
    if (sr.has("draft_model") && spec.draft_model.empty())
        r.diagnostics().error(sr.pointerTo("draft_model"), "must name a catalog model");
    sr.integer("draft_tokens", spec.draft_tokens, 1, 16);
    sr.number("acceptance_rate", spec.acceptance_rate, 0, 0.99);
    return spec;
}

// Serving-runtime options of inference designs (docs/inference-engine.md).
void readServingOptions(ObjectReader& r, Strategy& s) {
    s.speculative = readSpeculative(r);
    int stepTokens = -1;
    r.integer("max_step_tokens", stepTokens, 0, 1 << 22);
    if (stepTokens >= 0) s.max_step_tokens = stepTokens;
    r.number("memory_utilization", s.memory_utilization, 0.1, 1.0);
    r.integer("kv_block_tokens", s.kv_block_tokens, 1, 4096);
    r.enumeration("decode_attention", s.decode_attention, decodeAttentionFromString,
                  "grouped, per-head");
    r.enumeration("runtime", s.runtime, inferenceRuntimeFromString,
                  "generic, trt-llm, vllm, sglang, vllm-rocm, trt-llm-engine");
    r.string("near_memory_attention", s.near_memory_attention);
}

Strategy readStrategy(const json& value, const std::string& pointer, Diagnostics& diags) {
    Strategy s;
    ObjectReader r(value, pointer, diags);
    if (!r.valid()) return s;
    constexpr int kMaxDegree = 1 << 20;
    r.integer("tp", s.tp, 1, kMaxDegree);
    r.integer("pp", s.pp, 1, kMaxDegree);
    if (const json* dp = r.raw("dp")) {
        if (dp->is_string() && dp->get<std::string>() == "auto") {
            s.dp = 0;
        } else if (dp->is_number_integer() && dp->get<long long>() >= 1 &&
                   dp->get<long long>() <= kMaxDegree) {
            s.dp = dp->get<int>();
        } else {
            diags.error(r.pointerTo("dp"),
                        "must be a positive integer or \"auto\", got " + describeValue(*dp));
        }
    }
    r.integer("cp", s.cp, 1, kMaxDegree);
    r.integer("ep", s.ep, 1, kMaxDegree);
    r.boolean("sequence_parallel", s.sequence_parallel);
    r.integer("zero", s.zero, 0, 3);
    r.integer("microbatch", s.microbatch, 1, 1 << 20);
    r.integer("interleave", s.interleave, 1, 1 << 10);
    r.enumeration("schedule", s.schedule, pipelineScheduleFromString,
                  "1f1b, interleaved, gpipe, zero-bubble");
    r.enumeration("recompute", s.recompute, recomputeFromString, "none, selective, full");
    r.boolean("overlap_dp", s.overlap_dp);
    r.boolean("overlap_tp", s.overlap_tp);
    r.boolean("flash_attention", s.flash_attention);
    r.string("placement", s.placement);
    r.integer("replicas", s.replicas, 0, kMaxDegree);
    r.integer("max_batch", s.max_batch, 1, 1 << 20);
    r.enumeration("scheduler", s.scheduler, batchSchedulerFromString, "static, continuous");
    if (const json* d = r.raw("disaggregated"); d && !d->is_null()) {
        ObjectReader dr(*d, r.pointerTo("disaggregated"), diags);
        Disaggregation dis;
        dr.integer("prefill_replicas", dis.prefill_replicas, 1, kMaxDegree, true);
        dr.integer("decode_replicas", dis.decode_replicas, 1, kMaxDegree, true);
        if (dr.valid()) s.disaggregated = dis;
    }
    r.string("kv_offload", s.kv_offload);
    if (const json* o = r.raw("offload"); o && !o->is_null()) {
        ObjectReader orr(*o, r.pointerTo("offload"), diags);
        orr.string("target", s.offload.target, true);
        orr.boolean("optimizer", s.offload.optimizer);
        orr.boolean("weights", s.offload.weights);
        orr.boolean("activations", s.offload.activations);
    }
    readTrainingOptions(r, s);
    readServingOptions(r, s);
    s.extra = r.unknown();
    return s;
}

Facility readFacility(const json& value, const std::string& pointer, Diagnostics& diags) {
    Facility f;
    ObjectReader r(value, pointer, diags);
    if (!r.valid()) return f;
    r.number("pue", f.pue, 1.0, 5.0);
    r.enumeration("cooling", f.cooling, coolingFromString,
                  "air, rear-door, direct-liquid, immersion");
    r.number("power_price_usd_per_kwh", f.power_price_usd_per_kwh, 0, 100);
    r.number("rack_power_limit_kw", f.rack_power_limit_kw, 0, 10000);
    r.number("carbon_kg_per_kwh", f.carbon_kg_per_kwh, 0, 10);
    f.extra = r.unknown();
    return f;
}

Economics readEconomics(const json& value, const std::string& pointer, Diagnostics& diags) {
    Economics e;
    ObjectReader r(value, pointer, diags);
    if (!r.valid()) return e;
    r.number("lifetime_years", e.lifetime_years, 0.1, 50);
    r.number("utilization", e.utilization, 0.01, 1.0);
    r.number("interest_rate", e.interest_rate, 0, 1.0);
    r.number("cloud_price_usd_per_device_hour", e.cloud_price_usd_per_device_hour, 0, 1e4);
    e.extra = r.unknown();
    return e;
}

// Older format versions are migrated here step by step (v1 is the first; nothing to do yet).
bool migrate(json& /*document*/, int version, Diagnostics& diags) {
    if (version == kDesignFormatVersion) return true;
    diags.error("/version", "unknown format version " + std::to_string(version));
    return false;
}

}  // namespace

LoadResult designFromJson(const json& document) {
    LoadResult result;
    Diagnostics& diags = result.diagnostics;
    ObjectReader top(document, "", diags);
    if (!top.valid()) return result;

    std::string format;
    top.string("format", format, true);
    if (top.has("format") && format != kDesignFormatName && !format.empty())
        diags.error("/format",
                    std::string("must be \"") + kDesignFormatName + "\", got \"" + format + "\"");
    long long version = 0;
    top.integer("version", version, 1, std::numeric_limits<int>::max(), true);
    if (version > kDesignFormatVersion) {
        diags.items.clear();
        diags.error("/version", "this file was written by a newer Infraplan (format version " +
                                    std::to_string(version) +
                                    "); this build reads versions up "
                                    "to " +
                                    std::to_string(kDesignFormatVersion) +
                                    ". Update Infraplan to open it.");
        return result;
    }
    json migrated = document;
    if (version >= 1 && version < kDesignFormatVersion && !migrate(migrated, int(version), diags))
        return result;

    Design d;
    top.string("name", d.name);
    top.string("description", d.description);
    if (const json* hw = top.raw("hardware"))
        d.hardware = readHardware(*hw, "/hardware", diags);
    else
        diags.error("/hardware", "is required");
    if (const json* w = top.raw("workload"))
        d.workload = readWorkload(*w, "/workload", diags);
    else
        diags.error("/workload", "is required");
    if (const json* s = top.raw("strategy")) d.strategy = readStrategy(*s, "/strategy", diags);
    if (const json* f = top.raw("facility")) d.facility = readFacility(*f, "/facility", diags);
    if (const json* e = top.raw("economics")) d.economics = readEconomics(*e, "/economics", diags);
    if (const json* l = top.raw("layout")) {
        if (l->is_object())
            d.layout = *l;
        else
            diags.error("/layout", "must be an object keyed by item id, got " + describeValue(*l));
    }
    if (const json* c = top.raw("catalog")) {
        if (c->is_array())
            d.catalog = *c;
        else
            diags.error("/catalog",
                        "must be an array of catalog entries, got " + describeValue(*c));
    }
    if (const json* v = top.raw("variants")) readVariants(*v, diags, d.variants);
    d.extra = top.unknown();
    if (!diags.hasErrors()) result.design = std::move(d);
    return result;
}

LoadResult parseDesign(std::string_view text, const LoadOptions& options) {
    std::string error;
    auto document = parseJsonGuarded(text, options.max_bytes, options.max_depth, &error);
    if (!document) {
        LoadResult result;
        result.diagnostics.error("", error);
        return result;
    }
    LoadResult overridden;
    if (!options.variant.empty() &&
        !selectVariantDocument(*document, options.variant, overridden.diagnostics))
        return overridden;
    for (const std::string& assignment : options.overrides)
        applyOverride(*document, assignment, overridden.diagnostics, options.max_bytes,
                      options.max_depth);
    if (overridden.diagnostics.hasErrors()) return overridden;
    return designFromJson(*document);
}

std::optional<std::string> readTextFile(const std::string& path, std::size_t max_bytes,
                                        std::string* error) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {  // opens as a stream of absurd size
        if (error) *error = path + " is a folder, not a file";
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (error) *error = "cannot open " + path;
        return std::nullopt;
    }
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    if (size < 0) {
        if (error) *error = "cannot read " + path;
        return std::nullopt;
    }
    if (static_cast<std::size_t>(size) > max_bytes) {
        if (error)
            *error = path + " is " + formatBytes(static_cast<std::size_t>(size)) +
                     "; the limit is " + formatBytes(max_bytes);
        return std::nullopt;
    }
    in.seekg(0, std::ios::beg);
    std::string text(static_cast<std::size_t>(size), '\0');
    if (!in.read(text.data(), size)) {
        if (error) *error = "cannot read " + path;
        return std::nullopt;
    }
    return text;
}

LoadResult loadDesignFile(const std::string& path, const LoadOptions& options) {
    std::string error;
    auto text = readTextFile(path, options.max_bytes, &error);
    if (!text) {
        LoadResult result;
        result.diagnostics.error("", error);
        return result;
    }
    return parseDesign(*text, options);
}

}  // namespace infraplan
