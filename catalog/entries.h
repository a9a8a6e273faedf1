#pragma once
// Plain structs for every kind of catalog entry. The catalog library fills them from SQLite;
// core reads them. No Qt, no SQLite here. Numbers carry their units in their names.

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace infraplan::catalog {

// Numeric precisions a device may list a dense peak for. int4 is for inference weights.
enum class Precision : std::uint8_t { fp64, fp32, tf32, bf16, fp16, fp8, fp6, fp4, int8, int4 };
inline constexpr std::size_t kPrecisionCount = 10;

const char* toString(Precision p);
std::optional<Precision> precisionFromString(const std::string& name);
// Bytes per element of a precision (fp4/int4 give 0.5).
double bytesPerElement(Precision p);

// How trustworthy a figure is: a published spec, derived from published ones, or an estimate.
enum class Provenance : std::uint8_t { published, derived, estimate };
const char* toString(Provenance p);
std::optional<Provenance> provenanceFromString(const std::string& name);

// Where a figure comes from. `document` names the spec sheet/paper with table/page or URL.
struct FieldSource {
    std::string document;
    Provenance provenance = Provenance::published;
};

// Where an entry came from, so an override is shown as one wherever it shows.
enum class Origin : std::uint8_t { builtin, user, embedded };
const char* toString(Origin o);

// Fields every entry has.
struct EntryBase {
    std::string id;  // lowercase slug vendor-product-variant (docs/catalog.md)
    std::string name;
    std::string vendor;
    std::string notes;
    FieldSource source;                         // default source for every numeric field
    std::map<std::string, FieldSource> fields;  // per-field sources that differ from `source`
    Origin origin = Origin::builtin;
    bool overrides_builtin = false;  // a user/embedded entry that replaces a built-in one

    const FieldSource& sourceOf(const std::string& field) const {
        auto it = fields.find(field);
        return it == fields.end() ? source : it->second;
    }
};

enum class AcceleratorClass : std::uint8_t { gpu, npu, asic, wafer };
const char* toString(AcceleratorClass c);
std::optional<AcceleratorClass> acceleratorClassFromString(const std::string& name);

struct Accelerator : EntryBase {
    AcceleratorClass cls = AcceleratorClass::gpu;
    int launch_year = 0;
    // Dense peak TFLOP/s (TOP/s for int) per precision; 0 = not supported.
    std::array<double, kPrecisionCount> peak_tflops{};
    double memory_gb = 0;        // device memory capacity (HBM/GDDR/SRAM on wafer parts)
    double memory_bw_gb_s = 0;   // peak device memory bandwidth
    double sram_mb = 0;          // on-chip SRAM/L2
    std::string scaleup_link;    // link id of the scale-up interconnect ("" = none)
    double scaleup_bw_gb_s = 0;  // per device, per direction
    double tdp_w = 0;
    double idle_w = 0;
    double price_usd = 0;  // estimate per device
    // Achieved-efficiency model (see core/perf): the fraction of peak a large GEMM reaches
    // (16-bit; at fp8 where measured), and the GEMM size (GFLOP) at which it reaches half of it.
    double gemm_efficiency_max = 0.8;
    double gemm_efficiency_fp8 = 0;  // 0 = not measured: gemm_efficiency_max
    double gemm_half_efficiency_gflop = 1.0;
    int compute_units = 0;  // SMs / CUs a GEMM's tiles spread over (0 = no wave quantization)
    // Flash-attention forward, fraction of the 16-bit peak, with the generation's own kernel
    // and with FlashAttention-2 (0 = not measured: docs/training-engine.md, "Compute").
    double attention_efficiency = 0;
    double attention_efficiency_fa2 = 0;
    double memory_efficiency = 0.85;    // achieved fraction of peak memory bandwidth, streaming
    double launch_overhead_us = 4.0;    // per kernel launch
    double annual_failure_rate = 0.05;  // fraction of devices failing per year

    double peak(Precision p) const { return peak_tflops[static_cast<std::size_t>(p)]; }
};

enum class MemoryNodeType : std::uint8_t { hbm_pool, cxl_expander, cxl_pool, pim };
const char* toString(MemoryNodeType t);
std::optional<MemoryNodeType> memoryNodeTypeFromString(const std::string& name);

struct MemoryNode : EntryBase {
    MemoryNodeType type = MemoryNodeType::cxl_pool;
    double capacity_gb = 0;
    double bandwidth_gb_s = 0;  // internal bandwidth to its media
    double latency_ns = 0;
    double compute_tflops = 0;  // near-memory compute (PIM); 0 = none
    std::string link;           // link id it attaches with (e.g. cxl-2)
    double power_w = 0;
    double price_usd = 0;
};

enum class LinkClass : std::uint8_t { scale_up, scale_out, host, memory };
const char* toString(LinkClass c);
std::optional<LinkClass> linkClassFromString(const std::string& name);

struct Link : EntryBase {
    LinkClass cls = LinkClass::scale_out;
    double bandwidth_gb_s = 0;  // per direction, per lane (one port or cable)
    double latency_ns = 0;
    double power_w_per_port = 0;  // transceiver/SerDes power at each end
    double cost_usd = 0;          // optics + cable per link (both ends)
    // What collectives achieve over this link (0 = the class default, core/comm/
    // collective_efficiency.h): the fraction of the rate, and the software latency per step.
    double collective_efficiency = 0;
    double collective_latency_us = 0;
};

enum class SwitchClass : std::uint8_t { nvlink, infiniband, ethernet, pcie, cxl };
const char* toString(SwitchClass c);
std::optional<SwitchClass> switchClassFromString(const std::string& name);

struct Switch : EntryBase {
    SwitchClass cls = SwitchClass::infiniband;
    int radix = 0;         // ports
    double port_gbps = 0;  // per port, per direction
    double latency_ns = 0;
    double power_w = 0;  // typical, without optics
    double price_usd = 0;
};

struct Nic : EntryBase {
    double port_gbps = 0;
    int ports = 1;
    double power_w = 0;
    double price_usd = 0;
};

// How the accelerators inside a node talk to each other.
enum class ScaleUpTopology : std::uint8_t { switched, full_mesh, ring, torus, pcie };
const char* toString(ScaleUpTopology t);
std::optional<ScaleUpTopology> scaleUpTopologyFromString(const std::string& name);

struct NodeTemplate : EntryBase {
    std::string accelerator;  // accelerator id
    int accelerators = 8;     // per node (72 for an NVL72 rack)
    ScaleUpTopology scaleup_topology = ScaleUpTopology::switched;
    std::string scaleup_link;    // link id inside the node
    std::string scaleup_switch;  // switch id ("" when meshed)
    int scaleup_switches = 0;
    std::string nic;          // NIC id for scale-out
    int nics = 0;             // per node
    std::string nic_link;     // link id of the scale-out ports (e.g. ib-ndr-400)
    double host_power_w = 0;  // CPUs, DRAM, fans, storage: everything but accelerators/NICs
    double max_power_w = 0;   // vendor's system maximum, if published
    double price_usd = 0;     // whole node, accelerators included
    int rack_units = 0;
    double host_memory_gb = 0;
};

struct MoeSpec {
    int experts = 0;
    int top_k = 0;
    int expert_ffn_hidden = 0;
    int shared_experts = 0;
    int dense_layers = 0;  // leading layers that stay dense
};

struct MlaSpec {
    int q_lora_rank = 0;
    int kv_lora_rank = 0;
    int qk_rope_dim = 0;
    int qk_nope_dim = 0;
    int v_head_dim = 0;
};

enum class FfnKind : std::uint8_t { gelu, swiglu };
const char* toString(FfnKind f);
std::optional<FfnKind> ffnKindFromString(const std::string& name);

struct Model : EntryBase {
    int layers = 0;
    int hidden = 0;
    int heads = 0;
    int kv_heads = 0;    // 0 = heads
    int ffn_hidden = 0;  // 0 = 4*hidden
    FfnKind ffn = FfnKind::gelu;
    int vocab = 0;
    bool tied_embeddings = false;
    std::optional<MoeSpec> moe;
    std::optional<MlaSpec> mla;
    double published_params_b = 0;  // the headline parameter count, to check counts against

    int kvHeads() const { return kv_heads > 0 ? kv_heads : heads; }
    int ffnHidden() const { return ffn_hidden > 0 ? ffn_hidden : 4 * hidden; }
    int headDim() const { return heads > 0 ? hidden / heads : 0; }
};

// Facility and price defaults: a named number with its source.
struct Default : EntryBase {
    double value = 0;
    std::string unit;
};

}  // namespace infraplan::catalog
