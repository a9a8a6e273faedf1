// Minimal built-in catalog: the handful of entries the example designs need, until the SQLite
// seed (catalog issue) replaces this file. Figures from ../shared/reference/hardware-specs.csv.
#include "catalog/catalog.h"

namespace infraplan::catalog {
namespace {

FieldSource src(const char* doc, Provenance p = Provenance::published) {
    return {doc, p};
}

Catalog makeBuiltin() {
    Catalog c;
    Accelerator h100;
    h100.id = "nvidia-h100-sxm";
    h100.name = "NVIDIA H100 SXM5 80GB";
    h100.vendor = "NVIDIA";
    h100.source = src("NVIDIA H100 datasheet (dense figures; sparse halved)");
    h100.launch_year = 2022;
    h100.peak_tflops[static_cast<std::size_t>(Precision::fp32)] = 67;
    h100.peak_tflops[static_cast<std::size_t>(Precision::bf16)] = 989;
    h100.peak_tflops[static_cast<std::size_t>(Precision::fp16)] = 989;
    h100.peak_tflops[static_cast<std::size_t>(Precision::fp8)] = 1979;
    h100.memory_gb = 80;
    h100.memory_bw_gb_s = 3350;
    h100.scaleup_link = "nvlink-4";
    h100.scaleup_bw_gb_s = 450;
    h100.tdp_w = 700;
    h100.idle_w = 70;
    h100.price_usd = 27500;
    h100.fields["price_usd"] = src("press estimates, $25-30k", Provenance::estimate);
    c.put(h100);

    NodeTemplate dgx;
    dgx.id = "nvidia-dgx-h100";
    dgx.name = "NVIDIA DGX H100";
    dgx.vendor = "NVIDIA";
    dgx.source = src("NVIDIA DGX H100 datasheet");
    dgx.accelerator = "nvidia-h100-sxm";
    dgx.accelerators = 8;
    dgx.scaleup_link = "nvlink-4";
    dgx.scaleup_switch = "nvidia-nvswitch-gen3";
    dgx.scaleup_switches = 4;
    dgx.nic = "nvidia-connectx-7";
    dgx.nics = 8;
    dgx.nic_link = "ib-ndr-400";
    dgx.max_power_w = 10200;
    dgx.host_power_w = 10200 - 8 * 700 - 8 * 25;
    dgx.fields["host_power_w"] =
        src("derived: 10.2 kW max - 8x700 W GPUs - 8x25 W NICs", Provenance::derived);
    dgx.price_usd = 375000;
    dgx.fields["price_usd"] = src("reseller quotes $300-450k", Provenance::estimate);
    dgx.rack_units = 8;
    c.put(dgx);

    Link nvl4;
    nvl4.id = "nvlink-4";
    nvl4.name = "NVLink 4 link (18 per H100)";
    nvl4.vendor = "NVIDIA";
    nvl4.cls = LinkClass::scale_up;
    nvl4.source = src("stas00/ml-engineering network/README.md (NVLink table)");
    nvl4.bandwidth_gb_s = 25;  // per link per direction: 18 links = 450 GB/s per GPU
    nvl4.latency_ns = 500;
    c.put(nvl4);

    Link ndr;
    ndr.id = "ib-ndr-400";
    ndr.name = "InfiniBand NDR 400 Gb/s";
    ndr.vendor = "NVIDIA";
    ndr.cls = LinkClass::scale_out;
    ndr.source = src("InfiniBand NDR specification (400 Gb/s per port)");
    ndr.bandwidth_gb_s = 50;
    ndr.latency_ns = 600;
    ndr.power_w_per_port = 10;
    ndr.cost_usd = 1500;
    ndr.fields["cost_usd"] =
        src("two 400G transceivers + fibre, industry typical", Provenance::estimate);
    c.put(ndr);

    Link cxl;
    cxl.id = "cxl-2";
    cxl.name = "CXL 2.0 x16 (PCIe Gen5 PHY)";
    cxl.vendor = "CXL Consortium";
    cxl.cls = LinkClass::memory;
    cxl.source = src("PCIe Gen5 x16: 63 GB/s per direction after encoding");
    cxl.bandwidth_gb_s = 63;
    cxl.latency_ns = 250;
    c.put(cxl);

    Link pcie;
    pcie.id = "pcie-gen5-x16";
    pcie.name = "PCIe Gen5 x16";
    pcie.vendor = "PCI-SIG";
    pcie.cls = LinkClass::host;
    pcie.source =
        src("stas00/ml-engineering network/README.md (PCIe table): 63 GB/s per direction");
    pcie.bandwidth_gb_s = 63;
    pcie.latency_ns = 300;
    c.put(pcie);

    Switch nvsw;
    nvsw.id = "nvidia-nvswitch-gen3";
    nvsw.name = "NVSwitch gen3 (Hopper)";
    nvsw.vendor = "NVIDIA";
    nvsw.cls = SwitchClass::nvlink;
    nvsw.source = src("stas00/ml-engineering network/README.md (SHARP section)");
    nvsw.radix = 64;
    nvsw.port_gbps = 400;
    c.put(nvsw);

    Switch qm9700;
    qm9700.id = "nvidia-quantum-2-qm9700";
    qm9700.name = "NVIDIA Quantum-2 QM9700 (NDR)";
    qm9700.vendor = "NVIDIA";
    qm9700.cls = SwitchClass::infiniband;
    qm9700.source = src("NVIDIA DGX SuperPOD reference architecture; QM9700 datasheet");
    qm9700.radix = 64;
    qm9700.port_gbps = 400;
    qm9700.power_w = 1720;
    qm9700.price_usd = 30000;
    qm9700.fields["price_usd"] = src("industry typical", Provenance::estimate);
    c.put(qm9700);

    Nic cx7;
    cx7.id = "nvidia-connectx-7";
    cx7.name = "NVIDIA ConnectX-7";
    cx7.vendor = "NVIDIA";
    cx7.source = src("stas00/ml-engineering network/README.md");
    cx7.port_gbps = 400;
    cx7.power_w = 25;
    cx7.price_usd = 2500;
    c.put(cx7);

    MemoryNode pool;
    pool.id = "generic-cxl-pool-1tb";
    pool.name = "CXL 2.0 memory pool, 1 TB DDR5";
    pool.vendor = "generic";
    pool.type = MemoryNodeType::cxl_pool;
    pool.source = src("typical CXL 2.0 pooled-memory appliance", Provenance::estimate);
    pool.capacity_gb = 1024;
    pool.bandwidth_gb_s = 256;
    pool.latency_ns = 350;
    pool.link = "cxl-2";
    pool.power_w = 400;
    c.put(pool);

    Model llama;
    llama.id = "llama3-70b";
    llama.name = "Llama 3 70B";
    llama.vendor = "Meta";
    llama.source = src("meta-llama/Meta-Llama-3-70B config.json");
    llama.layers = 80;
    llama.hidden = 8192;
    llama.heads = 64;
    llama.kv_heads = 8;
    llama.ffn_hidden = 28672;
    llama.ffn = FfnKind::swiglu;
    llama.vocab = 128256;
    llama.published_params_b = 70.6;
    c.put(llama);

    Model gpt3;
    gpt3.id = "gpt3-175b";
    gpt3.name = "GPT-3 175B";
    gpt3.vendor = "OpenAI";
    gpt3.source = src("Brown et al. 2020, Table 2.1");
    gpt3.layers = 96;
    gpt3.hidden = 12288;
    gpt3.heads = 96;
    gpt3.vocab = 51200;
    gpt3.published_params_b = 175;
    c.put(gpt3);
    return c;
}

}  // namespace

const Catalog& builtinCatalog() {
    static const Catalog catalog = makeBuiltin();
    return catalog;
}

}  // namespace infraplan::catalog
