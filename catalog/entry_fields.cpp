#include "catalog/entry_fields.h"

namespace infraplan::catalog {
namespace {
using nlohmann::json;

// Generous ceilings: far above any real part, low enough to catch unit mistakes (W vs kW is
// caught by the seed's own review, not here) and hostile values.
constexpr double kMaxTflops = 1e7;  // a Cerebras wafer is 1.25e5
constexpr double kMaxGb = 1e7;      // 10 PB
constexpr double kMaxGbS = 1e8;     // on-wafer SRAM bandwidth is 2.1e7 GB/s
constexpr double kMaxW = 1e7;       // a whole rack is ~1.3e5 W
constexpr double kMaxUsd = 1e10;
constexpr double kMaxNs = 1e9;

template <class T>
FieldSpec<T> real(std::string name, double T::*member, double min, double max,
                  bool own_source = false, bool required = false) {
    FieldSpec<T> f;
    f.name = std::move(name);
    f.type = FieldType::real;
    f.min = min;
    f.max = max;
    f.own_source = own_source;
    f.required = required;
    f.get = [member](const T& e) { return json(e.*member); };
    f.set = [member](T& e, const json& v) {
        e.*member = v.get<double>();
        return true;
    };
    return f;
}

template <class T>
FieldSpec<T> integer(std::string name, int T::*member, int min, int max, bool required = false) {
    FieldSpec<T> f;
    f.name = std::move(name);
    f.type = FieldType::integer;
    f.min = min;
    f.max = max;
    f.required = required;
    f.get = [member](const T& e) { return json(e.*member); };
    f.set = [member](T& e, const json& v) {
        e.*member = static_cast<int>(v.get<double>());
        return true;
    };
    return f;
}

template <class T>
FieldSpec<T> reference(std::string name, std::string T::*member, EntryKind kind,
                       bool required = false) {
    FieldSpec<T> f;
    f.name = std::move(name);
    f.type = FieldType::reference;
    f.ref_kind = kind;
    f.required = required;
    f.get = [member](const T& e) { return (e.*member).empty() ? json() : json(e.*member); };
    f.set = [member](T& e, const json& v) {
        e.*member = v.get<std::string>();
        return true;
    };
    return f;
}

template <class T, class Enum, class Parse>
FieldSpec<T> enumeration(std::string name, Enum T::*member, Parse parse, std::string allowed,
                         bool required = true) {
    FieldSpec<T> f;
    f.name = std::move(name);
    f.type = FieldType::enumeration;
    f.allowed = std::move(allowed);
    f.required = required;
    f.get = [member](const T& e) { return json(toString(e.*member)); };
    f.set = [member, parse](T& e, const json& v) {
        auto value = parse(v.get<std::string>());
        if (value) e.*member = *value;
        return value.has_value();
    };
    return f;
}

FieldSpec<Accelerator> peak(Precision p) {
    const bool integer_op = p == Precision::int8 || p == Precision::int4;
    FieldSpec<Accelerator> f;
    f.name = std::string("peak_") + toString(p) + (integer_op ? "_tops" : "_tflops");
    f.type = FieldType::real;
    f.max = kMaxTflops;
    const auto i = static_cast<std::size_t>(p);
    f.get = [i](const Accelerator& e) { return json(e.peak_tflops[i]); };
    f.set = [i](Accelerator& e, const json& v) {
        e.peak_tflops[i] = v.get<double>();
        return true;
    };
    return f;
}

}  // namespace

const std::vector<FieldSpec<Accelerator>>& acceleratorFields() {
    using A = Accelerator;
    static const std::vector<FieldSpec<A>> fields = [] {
        std::vector<FieldSpec<A>> f;
        f.push_back(
            enumeration("class", &A::cls, acceleratorClassFromString, "gpu, npu, asic, wafer"));
        f.push_back(integer("launch_year", &A::launch_year, 0, 2100));  // 0 = unknown
        for (std::size_t i = 0; i < kPrecisionCount; ++i)
            f.push_back(peak(static_cast<Precision>(i)));
        f.push_back(real("memory_gb", &A::memory_gb, 0, kMaxGb));
        f.push_back(real("memory_bw_gb_s", &A::memory_bw_gb_s, 0, kMaxGbS));
        f.push_back(real("sram_mb", &A::sram_mb, 0, 1e6));
        f.push_back(reference("scaleup_link", &A::scaleup_link, EntryKind::link));
        f.push_back(real("scaleup_bw_gb_s", &A::scaleup_bw_gb_s, 0, kMaxGbS));
        f.push_back(real("tdp_w", &A::tdp_w, 0, kMaxW));
        f.push_back(real("idle_w", &A::idle_w, 0, kMaxW, true));
        f.push_back(real("price_usd", &A::price_usd, 0, kMaxUsd, true));
        f.push_back(real("gemm_efficiency_max", &A::gemm_efficiency_max, 0.01, 1, true));
        f.push_back(real("gemm_efficiency_fp8", &A::gemm_efficiency_fp8, 0, 1));
        f.push_back(
            real("gemm_half_efficiency_gflop", &A::gemm_half_efficiency_gflop, 1e-6, 1e6, true));
        f.push_back(integer("compute_units", &A::compute_units, 0, 1000000));
        f.push_back(real("attention_efficiency", &A::attention_efficiency, 0, 1));
        f.push_back(real("attention_efficiency_fa2", &A::attention_efficiency_fa2, 0, 1));
        f.push_back(real("memory_efficiency", &A::memory_efficiency, 0.01, 1, true));
        f.push_back(real("launch_overhead_us", &A::launch_overhead_us, 0, 1e4, true));
        f.push_back(real("annual_failure_rate", &A::annual_failure_rate, 0, 10, true));
        return f;
    }();
    return fields;
}

const std::vector<FieldSpec<MemoryNode>>& memoryFields() {
    using M = MemoryNode;
    static const std::vector<FieldSpec<M>> fields{
        enumeration("type", &M::type, memoryNodeTypeFromString,
                    "hbm-pool, cxl-expander, cxl-pool, pim"),
        real("capacity_gb", &M::capacity_gb, 0, kMaxGb),
        real("bandwidth_gb_s", &M::bandwidth_gb_s, 0, kMaxGbS),
        real("latency_ns", &M::latency_ns, 0, kMaxNs),
        real("compute_tflops", &M::compute_tflops, 0, kMaxTflops),
        reference("link", &M::link, EntryKind::link),
        real("power_w", &M::power_w, 0, kMaxW),
        real("price_usd", &M::price_usd, 0, kMaxUsd, true),
    };
    return fields;
}

const std::vector<FieldSpec<Link>>& linkFields() {
    using L = Link;
    static const std::vector<FieldSpec<L>> fields{
        enumeration("class", &L::cls, linkClassFromString, "scale-up, scale-out, host, memory"),
        real("bandwidth_gb_s", &L::bandwidth_gb_s, 0, kMaxGbS, false, true),
        real("latency_ns", &L::latency_ns, 0, kMaxNs),
        real("power_w_per_port", &L::power_w_per_port, 0, 1e4),
        real("cost_usd", &L::cost_usd, 0, kMaxUsd, true),
        real("collective_efficiency", &L::collective_efficiency, 0, 1),
        real("collective_latency_us", &L::collective_latency_us, 0, 1e4),
    };
    return fields;
}

const std::vector<FieldSpec<Switch>>& switchFields() {
    using S = Switch;
    static const std::vector<FieldSpec<S>> fields{
        enumeration("class", &S::cls, switchClassFromString,
                    "nvlink, infiniband, ethernet, pcie, cxl"),
        integer("radix", &S::radix, 0, 1 << 16),  // 0 = unknown
        real("port_gbps", &S::port_gbps, 0, 1e6),
        real("latency_ns", &S::latency_ns, 0, kMaxNs),
        real("power_w", &S::power_w, 0, kMaxW),
        real("price_usd", &S::price_usd, 0, kMaxUsd, true),
    };
    return fields;
}

const std::vector<FieldSpec<Nic>>& nicFields() {
    using N = Nic;
    static const std::vector<FieldSpec<N>> fields{
        real("port_gbps", &N::port_gbps, 0, 1e6),
        integer("ports", &N::ports, 1, 64),
        real("power_w", &N::power_w, 0, 1e4),
        real("price_usd", &N::price_usd, 0, kMaxUsd, true),
    };
    return fields;
}

const std::vector<FieldSpec<NodeTemplate>>& nodeFields() {
    using N = NodeTemplate;
    static const std::vector<FieldSpec<N>> fields{
        reference("accelerator", &N::accelerator, EntryKind::accelerator, true),
        integer("accelerators", &N::accelerators, 1, 1 << 20, true),
        enumeration("scaleup_topology", &N::scaleup_topology, scaleUpTopologyFromString,
                    "switched, full-mesh, ring, torus, pcie", false),
        reference("scaleup_link", &N::scaleup_link, EntryKind::link),
        reference("scaleup_switch", &N::scaleup_switch, EntryKind::switch_),
        integer("scaleup_switches", &N::scaleup_switches, 0, 1 << 16),
        reference("nic", &N::nic, EntryKind::nic),
        integer("nics", &N::nics, 0, 1 << 16),
        reference("nic_link", &N::nic_link, EntryKind::link),
        real("host_power_w", &N::host_power_w, 0, kMaxW),
        real("max_power_w", &N::max_power_w, 0, kMaxW),
        real("price_usd", &N::price_usd, 0, kMaxUsd, true),
        integer("rack_units", &N::rack_units, 0, 1000),
        real("host_memory_gb", &N::host_memory_gb, 0, kMaxGb),
    };
    return fields;
}

const std::vector<FieldSpec<Default>>& defaultFields() {
    using D = Default;
    static const std::vector<FieldSpec<D>> fields = [] {
        std::vector<FieldSpec<D>> f{real("value", &D::value, -1e15, 1e15, false, true)};
        FieldSpec<D> unit;
        unit.name = "unit";
        unit.type = FieldType::text;
        unit.get = [](const D& e) { return e.unit.empty() ? json() : json(e.unit); };
        unit.set = [](D& e, const json& v) {
            e.unit = v.get<std::string>();
            return true;
        };
        f.push_back(unit);
        return f;
    }();
    return fields;
}

const std::vector<std::string>& modelNumericFields() {
    static const std::vector<std::string> names{"layers",
                                                "hidden",
                                                "heads",
                                                "kv_heads",
                                                "ffn_hidden",
                                                "vocab",
                                                "published_params_b",
                                                "moe_experts",
                                                "moe_top_k",
                                                "moe_expert_ffn_hidden",
                                                "moe_shared_experts",
                                                "moe_dense_layers",
                                                "mla_q_lora_rank",
                                                "mla_kv_lora_rank",
                                                "mla_qk_rope_dim",
                                                "mla_qk_nope_dim",
                                                "mla_v_head_dim"};
    return names;
}

}  // namespace infraplan::catalog
