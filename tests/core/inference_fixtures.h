#pragma once
// Shared by the inference test suites: catalog entries the built-in seed may lack (built with
// Catalog::put from ../shared/reference/hardware-specs.csv and the models' published
// configs), a textbook alpha-beta ring for TP collectives, and a design builder.

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "core/perf/comm_model.h"

namespace infraplan::test {

inline catalog::Catalog inferenceCatalog() {
    using catalog::Precision;
    catalog::Catalog c = catalog::builtinCatalog();
    if (!c.accelerator("nvidia-a100-sxm-80gb")) {
        catalog::Accelerator a;
        a.id = "nvidia-a100-sxm-80gb";
        a.name = "NVIDIA A100 SXM4 80GB";
        a.source.document = "hardware-specs.csv: NVIDIA A100 SXM4 80GB (dense; sparse halved)";
        a.peak_tflops[static_cast<std::size_t>(Precision::fp32)] = 19.5;
        a.peak_tflops[static_cast<std::size_t>(Precision::tf32)] = 156;
        a.peak_tflops[static_cast<std::size_t>(Precision::bf16)] = 312;
        a.peak_tflops[static_cast<std::size_t>(Precision::fp16)] = 312;
        a.peak_tflops[static_cast<std::size_t>(Precision::int8)] = 624;
        a.memory_gb = 80;
        a.memory_bw_gb_s = 2039;
        a.scaleup_link = "nvlink-3";
        a.scaleup_bw_gb_s = 300;
        a.tdp_w = 400;
        c.put(a);
    }
    if (!c.model("llama2-70b")) {
        catalog::Model m;
        m.id = "llama2-70b";
        m.name = "Llama 2 70B";
        m.source.document = "meta-llama/Llama-2-70b-hf config.json";
        m.layers = 80;
        m.hidden = 8192;
        m.heads = 64;
        m.kv_heads = 8;
        m.ffn_hidden = 28672;
        m.ffn = catalog::FfnKind::swiglu;
        m.vocab = 32000;
        m.published_params_b = 69;
        c.put(m);
    }
    if (!c.model("llama3-8b")) {
        catalog::Model m;
        m.id = "llama3-8b";
        m.name = "Llama 3 8B";
        m.source.document = "meta-llama/Meta-Llama-3-8B config.json";
        m.layers = 32;
        m.hidden = 4096;
        m.heads = 32;
        m.kv_heads = 8;
        m.ffn_hidden = 14336;
        m.ffn = catalog::FfnKind::swiglu;
        m.vocab = 128256;
        m.published_params_b = 8;
        c.put(m);
    }
    return c;
}

// Ring all-reduce over the TP group on the scale-up link: 2(n-1)/n * S / beta + 2(n-1) alpha
// (DESIGN.md §6). Other collectives: bytes over beta plus one alpha.
class RingComm : public CommModel {
public:
    RingComm(int ranks, double bandwidth_b_s, double latency_s)
        : m_n(ranks), m_beta(bandwidth_b_s), m_alpha(latency_s) {}
    CollectiveCost cost(const CollectiveRequest& r) const override {
        CollectiveCost c;
        if (r.op == Collective::all_reduce && r.dim == ParallelDim::tp) {
            if (m_n <= 1) return c;
            c.bandwidth_time_s = 2.0 * (m_n - 1) / m_n * r.bytes / m_beta;
            c.latency_time_s = 2.0 * (m_n - 1) * m_alpha;
        } else {
            c.bandwidth_time_s = r.bytes / m_beta;
            c.latency_time_s = m_alpha;
        }
        c.time_s = c.bandwidth_time_s + c.latency_time_s;
        return c;
    }

private:
    int m_n;
    double m_beta;
    double m_alpha;
};

// One box of `devices` accelerators serving `model`.
inline Design servingDesign(const std::string& device, long long devices, const std::string& model,
                            catalog::Precision precision, int tp) {
    Design d;
    d.name = "test";
    Item item;
    item.id = "gpus";
    item.kind = ItemKind::accelerator;
    item.ref = device;
    item.count = devices;
    d.hardware.items.push_back(item);
    d.workload.mode = WorkloadMode::inference;
    d.workload.model = model;
    d.workload.precision = precision;
    d.workload.seq_len = 32768;
    d.strategy.tp = tp;
    return d;
}

}  // namespace infraplan::test
