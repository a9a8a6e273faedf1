#pragma once
// The design document (docs/design-file.md, format version 1) as plain C++ types. Every optional
// field's default lives here, in its member initializer, and nowhere else; docs/design-file.md
// lists them for users. Unknown JSON fields are kept in `extra` so a round-trip preserves them.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "catalog/entries.h"

namespace infraplan {

inline constexpr int kDesignFormatVersion = 1;
inline constexpr const char* kDesignFormatName = "infraplan-design";

enum class ItemKind : std::uint8_t { accelerator, memory, switch_, nic, cpu, node, group, fabric };
const char* toString(ItemKind k);
std::optional<ItemKind> itemKindFromString(const std::string& name);

// Generated network topologies a `fabric` item can stand for.
enum class FabricTopology : std::uint8_t {
    fat_tree,
    rail_optimized,
    rail_only,
    torus,
    dragonfly,
    full_mesh
};
const char* toString(FabricTopology t);
std::optional<FabricTopology> fabricTopologyFromString(const std::string& name);

struct FabricParams {
    FabricTopology topology = FabricTopology::fat_tree;
    std::string switch_ref;         // catalog switch id ("switch" in JSON)
    std::string link;               // catalog link id of its cables
    int tiers = 2;                  // fat-tree levels (2 or 3)
    double oversubscription = 1.0;  // downlink:uplink bandwidth at the leaves
    int rails = 1;                  // rail-optimized: leaf groups, one per NIC rail
    std::vector<int> dims;          // torus: sizes per dimension (2D/3D)
    bool wraparound = true;         // torus
    int groups = 0;                 // dragonfly: number of groups (0 = derived)
    bool operator==(const FabricParams&) const = default;
};

struct Item {
    std::string id;
    ItemKind kind = ItemKind::accelerator;
    std::string ref;      // catalog id (empty for groups and ref-less cpus)
    long long count = 1;  // replicas of this item (and, for groups/nodes, of what is inside)
    std::string parent;   // id of the enclosing group ("" = top level)
    std::string name;     // display label; defaults to the catalog name or the id
    std::string role;     // free label for groups: "server" | "rack" | "pod" | ...
    std::optional<FabricParams> fabric;  // kind == fabric only
    double power_w = 0;                  // kind == cpu without a catalog ref: its power draw
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const Item&) const = default;
};

struct DesignLink {
    std::string from;     // item id
    std::string to;       // item id
    std::string ref;      // catalog link id
    long long count = 1;  // parallel lanes/cables per instance
    nlohmann::json extra = nlohmann::json::object();
    bool operator==(const DesignLink&) const = default;
};

struct Hardware {
    std::vector<Item> items;
    std::vector<DesignLink> links;
    nlohmann::json extra = nlohmann::json::object();
    // Same items and links, field by field: what decides the expanded graph.
    bool operator==(const Hardware&) const = default;
};

enum class WorkloadMode : std::uint8_t { training, inference };
const char* toString(WorkloadMode m);
std::optional<WorkloadMode> workloadModeFromString(const std::string& name);

// A model inline in the design, same fields as a catalog model.
using ModelRef = std::variant<std::string, catalog::Model>;

// A token count: fixed, or a distribution with a mean and a p99 (lognormal fit) or named.
struct TokenCount {
    double mean = 0;
    std::optional<double> p99;  // absent = fixed length
    std::string distribution;   // "" (fixed or lognormal from mean/p99) | named
    nlohmann::json extra = nlohmann::json::object();

    static TokenCount fixed(double tokens) {
        TokenCount t;
        t.mean = tokens;
        return t;
    }
};

enum class TrafficMode : std::uint8_t { batch, offline, poisson };
const char* toString(TrafficMode m);
std::optional<TrafficMode> trafficModeFromString(const std::string& name);

struct Traffic {
    TrafficMode mode = TrafficMode::batch;
    long long batch_size = 1;  // batch
    double rate_per_s = 0;     // poisson
    TokenCount prompt_tokens = TokenCount::fixed(512);
    TokenCount output_tokens = TokenCount::fixed(128);
    nlohmann::json extra = nlohmann::json::object();
};

struct Slo {
    double ttft_ms = 0;      // 0 = no bound
    double tpot_ms = 0;      // 0 = no bound
    double percentile = 99;  // the percentile both bounds apply at
    nlohmann::json extra = nlohmann::json::object();
};

struct Workload {
    WorkloadMode mode = WorkloadMode::training;
    ModelRef model = std::string{};
    catalog::Precision precision = catalog::Precision::bf16;
    long long seq_len = 2048;
    long long global_batch = 1;  // sequences per optimizer step
    double train_tokens = 0;     // 0 = no time-to-train
    // inference
    std::optional<catalog::Precision> kv_precision;  // absent = precision
    Traffic traffic;
    Slo slo;
    std::optional<long long> requests;  // requests simulated; absent = the engine's 10,000
    std::uint64_t seed = 1;             // random seed of the request stream
    nlohmann::json extra = nlohmann::json::object();
};

enum class PipelineSchedule : std::uint8_t { one_f_one_b, interleaved, gpipe, zero_bubble };
const char* toString(PipelineSchedule s);
std::optional<PipelineSchedule> pipelineScheduleFromString(const std::string& name);

enum class Recompute : std::uint8_t { none, selective, full };
const char* toString(Recompute r);
std::optional<Recompute> recomputeFromString(const std::string& name);

enum class BatchScheduler : std::uint8_t { static_, continuous };
const char* toString(BatchScheduler s);
std::optional<BatchScheduler> batchSchedulerFromString(const std::string& name);

// Which tensor-parallel traffic `overlap_tp` hides: forward and backward (Transformer Engine's
// userbuffers overlap) or only the backward part.
enum class OverlapTpScope : std::uint8_t { full, backward, forward };
const char* toString(OverlapTpScope s);
std::optional<OverlapTpScope> overlapTpScopeFromString(const std::string& name);

// The training framework whose memory behaviour the engine models (gradient and parameter
// precision, what its sharding covers, what its allocator statistics count); the parameter
// sets are in core/perf/training_framework.cpp and docs/training-engine.md.
enum class TrainingFramework : std::uint8_t {
    megatron_core,
    nemo,
    nemo_bf16_grads,
    torchtitan,
    torchtitan_compiled_loss,
    torchtitan_eager
};
const char* toString(TrainingFramework f);
std::optional<TrainingFramework> trainingFrameworkFromString(const std::string& name);

// Decode attention kernels: grouped (one read of each KV head per GQA group, as XQA and
// FlashDecoding do) or per-head (older kernels that re-read it for every query head).
enum class DecodeAttention : std::uint8_t { grouped, per_head };
const char* toString(DecodeAttention a);
std::optional<DecodeAttention> decodeAttentionFromString(const std::string& name);

// The serving runtime whose per-iteration host time and TP all-reduce the inference engine
// models (named parameter sets: core/perf/serving_runtime.cpp, docs/inference-engine.md).
// generic: the hardware alone (NCCL ring all-reduce, no host time). trt_llm: TensorRT-LLM's
// PyTorch runtime (1.x); trt_llm_engine: its TensorRT-engine runtime (0.x releases).
enum class InferenceRuntime : std::uint8_t {
    generic,
    trt_llm,
    vllm,
    sglang,
    vllm_rocm,
    trt_llm_engine
};
const char* toString(InferenceRuntime r);
std::optional<InferenceRuntime> inferenceRuntimeFromString(const std::string& name);

// Speculative decoding: a small draft model proposes tokens, the target verifies them in one pass.
struct SpeculativeOptions {
    std::string draft_model;       // catalog model id
    int draft_tokens = 4;          // tokens proposed per verification
    double acceptance_rate = 0.7;  // chance each proposed token is accepted
};

struct Disaggregation {
    int prefill_replicas = 0;
    int decode_replicas = 0;
};

// Training state kept in a memory item (HBM/CXL pool) instead of device memory, streamed over
// the drawn links each step (ZeRO-Offload/ZeRO-Infinity style, with the device doing the math).
struct TrainingOffload {
    std::string target;  // memory item id; empty = nothing offloaded
    bool optimizer = false;
    bool weights = false;
    bool activations = false;
    bool active() const { return !target.empty() && (optimizer || weights || activations); }
};

// How the pipeline stages divide the model's layers (docs/design-file.md): one count per stage,
// first/last stage counts with the rest spread evenly, or Megatron-Core's rule counting the input
// embedding and/or the loss as one layer each. Nothing set: the default rule of
// docs/training-engine.md (even when pp divides the layers).
struct PipelineSplit {
    std::vector<int> layers;      // one count per stage; empty = by rule
    int first_stage_layers = -1;  // -1 = by rule
    int last_stage_layers = -1;   // -1 = by rule
    bool account_for_embedding = false;
    bool account_for_loss = false;
    bool operator==(const PipelineSplit&) const = default;
};

struct Strategy {
    int tp = 1;
    int pp = 1;
    int dp = 0;  // 0 = "auto": devices / (tp*pp*cp)
    int cp = 1;
    int ep = 1;
    bool sequence_parallel = false;
    int zero = 0;  // 0..3
    int microbatch = 1;
    int interleave = 1;
    PipelineSchedule schedule = PipelineSchedule::one_f_one_b;
    Recompute recompute = Recompute::none;
    bool overlap_dp = true;
    bool overlap_tp = false;
    bool flash_attention = true;
    std::string placement = "tp-first";
    TrainingOffload offload;
    OverlapTpScope overlap_tp_scope = OverlapTpScope::full;
    TrainingFramework framework = TrainingFramework::megatron_core;
    // Tokens on the busiest expert rank over the mean. A trained router with an auxiliary
    // balancing loss leaves ~10-20% more on the busiest (Switch Transformer §2.2; GShard's
    // capacity factor 1.25 as the upper bound); docs/training-engine.md.
    double moe_imbalance = 1.15;
    PipelineSplit pipeline_split;
    // inference
    int replicas = 0;  // 0 = as many as the devices allow
    int max_batch = 256;
    BatchScheduler scheduler = BatchScheduler::continuous;
    std::optional<Disaggregation> disaggregated;
    std::string kv_offload;  // memory item id
    std::optional<SpeculativeOptions> speculative;
    // Token budget per iteration (chunked prefill); absent = 8192 for continuous batching,
    // 0 (whole prompts) for static batches. See maxStepTokens().
    std::optional<int> max_step_tokens;
    double memory_utilization = 0.9;  // share of device memory the serving runtime may use
    int kv_block_tokens = 16;         // paged KV-cache block size
    DecodeAttention decode_attention = DecodeAttention::grouped;
    InferenceRuntime runtime = InferenceRuntime::generic;
    std::string near_memory_attention;  // memory item id with near-memory compute (PIM)
    nlohmann::json extra = nlohmann::json::object();

    bool dpIsAuto() const { return dp == 0; }
    int maxStepTokens() const {
        return max_step_tokens.value_or(scheduler == BatchScheduler::static_ ? 0 : 8192);
    }
};

enum class Cooling : std::uint8_t { air, rear_door, direct_liquid, immersion };
const char* toString(Cooling c);
std::optional<Cooling> coolingFromString(const std::string& name);

struct Facility {
    double pue = 1.3;
    Cooling cooling = Cooling::air;
    double power_price_usd_per_kwh = 0.08;
    double rack_power_limit_kw = 0;  // 0 = what the cooling type supports (core/facility)
    double carbon_kg_per_kwh = 0.35;
    // Further overridable parameters (the facility model's own) live in `extra` by name.
    nlohmann::json extra = nlohmann::json::object();
};

struct Economics {
    double lifetime_years = 5;
    double utilization = 0.85;
    double interest_rate = 0.08;
    double cloud_price_usd_per_device_hour = 0;  // 0 = no own-vs-rent comparison
    nlohmann::json extra = nlohmann::json::object();
};

struct Design {
    std::string name;
    std::string description;
    Hardware hardware;
    Workload workload;
    Strategy strategy;
    Facility facility;
    Economics economics;
    nlohmann::json layout = nlohmann::json::object();  // item id -> {"position": [x, y], ...}
    nlohmann::json catalog = nlohmann::json::array();  // embedded catalog entries
    nlohmann::json extra = nlohmann::json::object();   // unknown top-level fields
    // Named scenarios of this design ("TP4", "H200 instead"): each a whole design of its own,
    // named by `name`, with no variants or catalog of its own (the file's catalog serves all;
    // docs/design-file.md, "variants"). The engines read only the design itself.
    std::vector<Design> variants;

    const Item* findItem(const std::string& id) const;
    Item* findItem(const std::string& id);
};

// JSON pointers of a design's items and links, for diagnostics ("/hardware/items/3").
std::string itemPointer(std::size_t index);
std::string linkPointer(std::size_t index);

}  // namespace infraplan
