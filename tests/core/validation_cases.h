#pragma once
// Published Megatron-LM training runs (../shared/reference/validation-public.csv) as designs on
// DGX A100 nodes, shared by the validation test and the benchmark. Header-only, no Qt.

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "core/design/design.h"

namespace infraplan::validation {

struct Case {
    std::string id;
    std::string model;
    double params_b = 0;
    int layers = 0, hidden = 0, heads = 0, vocab = 0;
    long long seq_len = 0;
    long long devices = 0;
    std::string precision;
    int tp = 1, pp = 1, dp = 1, interleave = 1;
    long long microbatch = 1, global_batch = 1;
    std::string recompute;  // as written in the file
    std::string metric;
    double value = 0;
    double measured_step_s = 0;  // the published (or derived) iteration time
};

inline std::vector<std::string> splitCsv(const std::string& line) {
    std::vector<std::string> out;
    std::string cur;
    bool quoted = false;
    for (char ch : line) {
        if (ch == '"')
            quoted = !quoted;
        else if (ch == ',' && !quoted) {
            out.push_back(cur);
            cur.clear();
        } else
            cur += ch;
    }
    out.push_back(cur);
    return out;
}

inline long long toInt(const std::string& s) {
    try {
        return std::stoll(s);
    } catch (...) {
        return 0;
    }
}

// Step-time cases of the file: Megatron SC'21 Table 1 (achieved TFLOP/s -> time through
// 96 B s l h^2 (1 + s/6h + V/16lh), as the paper defines it) and Korthikanti et al. 2022
// (iteration time). Rows without a global batch or step-time metric are skipped.
inline std::vector<Case> loadCases(const std::string& path) {
    std::vector<Case> cases;
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        const auto f = splitCsv(line);
        if (f.size() < 28 || f[1] != "training") continue;
        Case c;
        c.id = f[0];
        c.model = f[4];
        c.params_b = std::atof(f[5].c_str());
        c.layers = static_cast<int>(toInt(f[6]));
        c.hidden = static_cast<int>(toInt(f[7]));
        c.heads = static_cast<int>(toInt(f[8]));
        c.vocab = static_cast<int>(toInt(f[11]));
        c.seq_len = toInt(f[12]);
        c.devices = toInt(f[14]);
        c.precision = f[15].rfind("fp16", 0) == 0 ? "fp16" : "bf16";
        c.tp = static_cast<int>(std::max(1LL, toInt(f[16])));
        c.pp = static_cast<int>(std::max(1LL, toInt(f[17])));
        const long long perVirtual = toInt(f[18]);  // "5 layers/virtual stage"
        if (perVirtual > 0 && c.layers % (c.pp * perVirtual) == 0)
            c.interleave = static_cast<int>(c.layers / (c.pp * perVirtual));
        c.dp = static_cast<int>(std::max(1LL, toInt(f[21])));
        c.microbatch = std::max(1LL, toInt(f[22]));
        c.global_batch = toInt(f[23]);
        c.recompute = f[25];
        c.metric = f[26];
        c.value = std::atof(f[27].c_str());
        if (c.global_batch <= 0 || c.layers <= 0) continue;
        const double B = c.global_batch, s = c.seq_len, l = c.layers, h = c.hidden, V = c.vocab;
        if (c.metric.rfind("achieved TFLOP/s", 0) == 0) {
            const double flops = 96 * B * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h));
            c.measured_step_s = flops / (c.value * 1e12 * c.devices);
        } else if (c.metric == "iteration time") {
            c.measured_step_s = c.value;
        } else {
            continue;
        }
        cases.push_back(c);
    }
    return cases;
}

inline Design caseDesign(const Case& c) {
    Design d;
    d.name = c.id + " " + c.model;
    Item nodes;
    nodes.id = "nodes";
    nodes.kind = ItemKind::node;
    nodes.ref = "nvidia-dgx-a100-80gb";
    nodes.count = (c.devices + 7) / 8;
    d.hardware.items.push_back(nodes);
    Item ib;
    ib.id = "ib";
    ib.kind = ItemKind::fabric;
    ib.fabric = FabricParams{};
    ib.fabric->topology = FabricTopology::rail_optimized;  // DGX SuperPOD (Selene)
    ib.fabric->switch_ref = "nvidia-quantum-qm8700";
    ib.fabric->link = "ib-hdr-200";
    ib.fabric->rails = 8;
    d.hardware.items.push_back(ib);
    d.hardware.links.push_back({"nodes", "ib", "ib-hdr-200", 8, nlohmann::json::object()});

    catalog::Model m;
    m.id = c.model;
    m.layers = c.layers;
    m.hidden = c.hidden;
    m.heads = c.heads;
    m.vocab = c.vocab;
    m.ffn = catalog::FfnKind::gelu;
    m.tied_embeddings = true;  // Megatron GPT shares input embedding and LM head
    d.workload.mode = WorkloadMode::training;
    d.workload.model = m;
    d.workload.precision = *catalog::precisionFromString(c.precision);
    d.workload.seq_len = c.seq_len;
    d.workload.global_batch = c.global_batch;

    Strategy& s = d.strategy;
    s.tp = c.tp;
    s.pp = c.pp;
    s.dp = c.dp;
    s.microbatch = static_cast<int>(c.microbatch);
    s.interleave = c.interleave;
    s.schedule = c.interleave > 1 ? PipelineSchedule::interleaved : PipelineSchedule::one_f_one_b;
    const bool selective = c.recompute.find("selective") != std::string::npos;
    s.recompute = selective ? Recompute::selective : Recompute::full;
    s.sequence_parallel = c.recompute.find("sequence parallel") != std::string::npos ||
                          c.recompute.find("SP") != std::string::npos;
    s.flash_attention = false;  // 2021-22 Megatron: fused softmax, scores materialized
    // SC'21 configs: torch DDP (all-reduce overlapped with backward) up to 18B, Megatron's
    // "local" DDP (all-reduce after backward) from 39B.
    s.overlap_dp = c.params_b <= 20;
    s.zero = 0;
    // Korthikanti et al. ran 2022 Megatron-LM, whose backward TP collectives are asynchronous
    // (overlapped with the gradient GEMMs, not the forward ones); the SC'21 runs predate that.
    s.overlap_tp = c.id.rfind("T2", 0) == 0;
    s.overlap_tp_scope = OverlapTpScope::backward;
    return d;
}

}  // namespace infraplan::validation
