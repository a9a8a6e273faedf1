#pragma once
// The validation data of the tests and benchmarks: published measured runs, one row each with
// its public source, in tests/data/validation/ (columns: tests/data/README.md). Read with the
// catalog's CSV reader. A missing or malformed file is an error naming the file, never an
// empty list. Header-only, no Qt.

#include <cmath>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/csv.h"
#include "core/design/design.h"
#include "tests/support/test_paths.h"

namespace infraplan::validation {

inline std::string dataFile(const std::string& relative) {
    return std::string(test::testDataDir()) + "/" + relative;
}

// The table in `path`; nullopt and `error` (naming the file) when it cannot be read or parsed.
inline std::optional<CsvTable> readTable(const std::string& path, std::string& error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot read " + path;
        return std::nullopt;
    }
    std::stringstream text;
    text << in.rdbuf();
    std::string why;
    auto table = parseCsvTable(text.str(), &why);
    if (!table) error = path + ": " + why;
    return table;
}

// Typed cells of one row. The first problem (a column the file lacks, a cell that is not a
// number) is kept in `error` with the file, line and column.
class RowReader {
public:
    RowReader(const CsvTable& table, const CsvRow& row, const std::string& path, std::string& error)
        : m_table(table), m_row(row), m_path(path), m_error(error) {}

    const std::string& text(const char* column) const {
        static const std::string empty;
        if (!m_table.hasColumn(column)) {
            fail(column, "the file has no such column");
            return empty;
        }
        return m_table.cell(m_row, column);
    }
    double number(const char* column) const {
        const std::string& cell = text(column);
        std::size_t used = 0;
        double v = NAN;
        try {
            v = std::stod(cell, &used);
        } catch (...) {
        }
        if (used != cell.size() || !std::isfinite(v))
            fail(column, "not a number: \"" + cell + "\"");
        return v;
    }
    // An empty cell reads as `fallback`.
    long long integer(const char* column, long long fallback) const {
        if (text(column).empty()) return fallback;
        const double v = number(column);
        if (!std::isfinite(v)) return fallback;  // number() has reported it
        if (v != std::floor(v) || std::abs(v) > 1e15) {
            fail(column, "not a whole number in range");
            return fallback;
        }
        return static_cast<long long>(v);
    }
    bool flag(const char* column) const {
        const std::string& cell = text(column);
        if (cell != "true" && cell != "false") fail(column, "expected true or false");
        return cell == "true";
    }
    void fail(const char* column, const std::string& why) const {
        if (m_error.empty())
            m_error = m_path + " line " + std::to_string(m_row.line) + ", " + column + ": " + why;
    }

private:
    const CsvTable& m_table;
    const CsvRow& m_row;
    const std::string& m_path;
    std::string& m_error;
};

// The architecture columns every row carries (the model as run, not a catalog entry).
inline catalog::Model modelOf(const RowReader& r) {
    catalog::Model m;
    m.id = r.text("model");
    m.layers = static_cast<int>(r.integer("layers", 0));
    m.hidden = static_cast<int>(r.integer("hidden", 0));
    m.heads = static_cast<int>(r.integer("heads", 0));
    m.kv_heads = static_cast<int>(r.integer("kv_heads", 0));
    m.ffn_hidden = static_cast<int>(r.integer("ffn_hidden", 0));
    m.vocab = static_cast<int>(r.integer("vocab", 0));
    if (auto ffn = catalog::ffnKindFromString(r.text("ffn")))
        m.ffn = *ffn;
    else
        r.fail("ffn", "expected gelu or swiglu");
    return m;
}

inline catalog::Precision precisionOf(const RowReader& r, const char* column) {
    if (auto p = catalog::precisionFromString(r.text(column))) return *p;
    r.fail(column, "not a precision");
    return catalog::Precision::bf16;
}

// One published training run (tests/data/validation/training.csv) or peak-memory figure
// (training-memory.csv).
struct TrainingCase {
    std::string id, split, family, device, node, framework, metric, unit;
    catalog::Model model;
    long long devices = 0, seq_len = 0, global_batch = 0, microbatch = 1;
    catalog::Precision precision = catalog::Precision::bf16;
    int tp = 1, pp = 1, vpp = 1, cp = 1, ep = 1, dp = 1, zero = 0;
    bool sequence_parallel = false;
    bool embedding_and_loss_stages = false;  // pipeline_split "embedding+loss"
    // overlap_tp: the TP comm overlap the run's configuration turned on ("full": forward and
    // backward, as Transformer Engine's userbuffers and torchtitan's AsyncTP do; "backward";
    // "none"); absent or empty: the framework's default (trainingDesign).
    std::string overlap_tp;
    Recompute recompute = Recompute::full;
    double value = 0;
    double measured_step_s = 0;  // the published iteration time, or the one its FLOP/s imply
    double measured_bytes = 0;   // peak memory per device, in bytes (memory rows)
    std::string memory_stat;     // reserved (allocator peak), unstated
};

// Achieved hardware FLOP/s -> step time through the count the SC'21 paper uses with full
// recompute: 96 B s l h^2 (1 + s/6h + V/16lh).
inline double stepTimeFromTflops(const TrainingCase& c) {
    const double B = c.global_batch, s = c.seq_len, l = c.model.layers, h = c.model.hidden,
                 V = c.model.vocab;
    const double flops = 96 * B * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h));
    return flops / (c.value * 1e12 * c.devices);
}

// The engine's framework parameter set for the row's `framework` column: a design-file name as
// the design reader parses it, else by prefix (the rows' historical labels, e.g.
// "megatron-lm-2022" runs the Megatron-Core set).
inline TrainingFramework frameworkOf(const TrainingCase& c) {
    if (const auto named = trainingFrameworkFromString(c.framework)) return *named;
    if (c.framework.rfind("torchtitan", 0) == 0) return TrainingFramework::torchtitan;
    if (c.framework.rfind("nemo", 0) == 0) return TrainingFramework::nemo;
    return TrainingFramework::megatron_core;
}

inline void readMeasurement(const RowReader& r, TrainingCase& c) {
    c.value = r.number("value");
    if (c.metric == "achieved_tflops_per_gpu") {
        c.measured_step_s = stepTimeFromTflops(c);
    } else if (c.metric == "iteration_time") {
        c.measured_step_s = c.value;
    } else if (c.metric == "tokens_per_s_per_device") {
        c.measured_step_s = double(c.global_batch) * c.seq_len / (c.value * c.devices);
    } else if (c.metric == "peak_memory") {
        c.memory_stat = r.text("memory_stat");
        // "GB or GiB": the source does not say; read as GiB, the test prints both.
        c.measured_bytes = c.value * (c.unit == "GB" ? 1e9 : 1073741824.0);
    } else {
        r.fail("metric",
               "expected achieved_tflops_per_gpu, iteration_time, tokens_per_s_per_device or "
               "peak_memory");
    }
}

inline TrainingCase trainingCase(const RowReader& r) {
    TrainingCase c;
    if (r.text("mode") != "training") r.fail("mode", "expected training");
    c.id = r.text("id");
    c.split = r.text("split");
    c.family = r.text("family");
    c.device = r.text("device");
    c.node = r.text("node");
    c.framework = r.text("framework");
    c.metric = r.text("metric");
    c.unit = r.text("unit");
    c.model = modelOf(r);
    // Megatron-LM's GPT shares the input embedding and the LM head.
    c.model.tied_embeddings = c.framework.rfind("megatron-lm", 0) == 0;
    c.devices = r.integer("devices", 0);
    c.seq_len = r.integer("seq_len", 0);
    c.global_batch = r.integer("global_batch", 0);
    c.microbatch = r.integer("microbatch", 1);
    c.precision = precisionOf(r, "precision");
    c.tp = static_cast<int>(r.integer("tp", 1));
    c.pp = static_cast<int>(r.integer("pp", 1));
    c.vpp = static_cast<int>(r.integer("vpp", 1));
    c.cp = static_cast<int>(r.integer("cp", 1));
    c.ep = static_cast<int>(r.integer("ep", 1));
    c.dp = static_cast<int>(r.integer("dp", 1));
    c.zero = static_cast<int>(r.integer("zero", 0));
    c.sequence_parallel = r.flag("sequence_parallel");
    if (auto rc = recomputeFromString(r.text("recompute")))
        c.recompute = *rc;
    else
        r.fail("recompute", "expected none, selective or full");
    readMeasurement(r, c);
    return c;
}

inline void readOverlapTp(const RowReader& r, TrainingCase& c) {
    c.overlap_tp = r.text("overlap_tp");
    if (!c.overlap_tp.empty() && c.overlap_tp != "none" && !overlapTpScopeFromString(c.overlap_tp))
        r.fail("overlap_tp", "expected empty, none, backward or full");
}

// Every row of validation/`file`; empty with `error` set when the file is missing or a row
// is bad.
inline std::vector<TrainingCase> loadTrainingCases(std::string& error,
                                                   const std::string& file = "training.csv") {
    const std::string path = dataFile("validation/" + file);
    const auto table = readTable(path, error);
    if (!table) return {};
    std::vector<TrainingCase> cases;
    for (const CsvRow& row : table->rows) {
        const RowReader reader(*table, row, path, error);
        TrainingCase c = trainingCase(reader);
        if (table->hasColumn("pipeline_split")) {
            const std::string& split = reader.text("pipeline_split");
            if (!split.empty() && split != "embedding+loss")
                reader.fail("pipeline_split", "expected empty or embedding+loss");
            c.embedding_and_loss_stages = split == "embedding+loss";
        }
        if (table->hasColumn("overlap_tp")) readOverlapTp(reader, c);
        cases.push_back(std::move(c));
    }
    if (!error.empty()) return {};
    return cases;
}

// The scale-out fabric of the row's node: a rail-optimized InfiniBand fabric of the node's
// NIC link, one rail per NIC.
inline void addFabric(Design& d, const catalog::NodeTemplate& node) {
    Item ib;
    ib.id = "ib";
    ib.kind = ItemKind::fabric;
    ib.fabric = FabricParams{};
    ib.fabric->topology = FabricTopology::rail_optimized;
    ib.fabric->switch_ref =
        node.nic_link == "ib-hdr-200" ? "nvidia-quantum-qm8700" : "nvidia-quantum-2-qm9700";
    ib.fabric->link = node.nic_link;
    ib.fabric->rails = std::max(1, node.nics);
    d.hardware.items.push_back(ib);
    d.hardware.links.push_back(
        {"nodes", "ib", node.nic_link, std::max(1, node.nics), nlohmann::json::object()});
}

// `devices` accelerators as whole nodes of the catalog's node template `nodeId` (item
// "nodes"); returns the template, null when the catalog lacks it.
inline const catalog::NodeTemplate* addNodes(Design& d, const std::string& nodeId,
                                             long long devices) {
    const catalog::NodeTemplate* node = catalog::builtinCatalog().node(nodeId);
    const int perNode = node ? std::max(1, node->accelerators) : 8;
    Item nodes;
    nodes.id = "nodes";
    nodes.kind = ItemKind::node;
    nodes.ref = nodeId;
    nodes.count = (devices + perNode - 1) / perNode;
    d.hardware.items.push_back(nodes);
    return node;
}

// A published run as a design: the row's catalog node on its NIC's fabric (Selene's 8-rail
// HDR InfiniBand for the DGX A100 runs), the layout and software behaviour of the row's
// framework.
inline Design trainingDesign(const TrainingCase& c) {
    Design d;
    d.name = c.id + " " + c.model.id;
    const catalog::NodeTemplate* node = addNodes(d, c.node, c.devices);
    if (node) addFabric(d, *node);

    d.workload.mode = WorkloadMode::training;
    d.workload.model = c.model;
    d.workload.precision = c.precision;
    d.workload.seq_len = c.seq_len;
    d.workload.global_batch = c.global_batch;

    Strategy& s = d.strategy;
    s.tp = c.tp;
    s.pp = c.pp;
    s.cp = c.cp;
    s.ep = c.ep;
    s.dp = c.dp;
    s.zero = c.zero;
    s.framework = frameworkOf(c);
    s.microbatch = static_cast<int>(c.microbatch);
    s.interleave = c.vpp;
    s.schedule = c.vpp > 1 ? PipelineSchedule::interleaved : PipelineSchedule::one_f_one_b;
    s.recompute = c.recompute;
    s.sequence_parallel = c.sequence_parallel;
    s.pipeline_split.account_for_embedding = c.embedding_and_loss_stages;
    s.pipeline_split.account_for_loss = c.embedding_and_loss_stages;
    const bool megatron2021 = c.framework.rfind("megatron-lm-2021", 0) == 0;
    const bool megatron = c.framework.rfind("megatron-lm", 0) == 0;
    s.flash_attention = !megatron;  // 2021-22 Megatron: fused softmax, scores materialized
    // --DDP-impl torch overlaps the gradient all-reduce with the backward pass; Megatron's
    // "local" DDP runs it after the backward pass.
    s.overlap_dp = !megatron2021 || c.framework == "megatron-lm-2021-torch-ddp";
    // 2022 Megatron-LM runs the backward TP collectives asynchronously (overlapped with the
    // gradient GEMMs, not the forward ones); the 2021 code predates that.
    s.overlap_tp = c.framework == "megatron-lm-2022";
    s.overlap_tp_scope = OverlapTpScope::backward;
    if (!c.overlap_tp.empty()) {
        const auto scope = overlapTpScopeFromString(c.overlap_tp);
        s.overlap_tp = scope.has_value();
        s.overlap_tp_scope = scope.value_or(OverlapTpScope::full);
    }
    return d;
}

}  // namespace infraplan::validation
