#pragma once
// The roofline times of one transformer layer for one micro-batch on one device, and a memo of
// them for the strategy search: candidates of one parallel layout and micro-batch size differ
// mostly in ZeRO, overlap and offload, which do not change a layer's times, so a search worker
// times each layer shape once and reads it back (the same numbers, not an estimate).

#include <utility>
#include <vector>

#include "catalog/entries.h"
#include "core/design/design.h"
#include "core/perf/roofline.h"
#include "core/perf/transformer.h"
#include "core/results/operator_results.h"

namespace infraplan {

struct Pass {
    double compute_s = 0;  // matrix-engine time
    double memory_s = 0;   // HBM-bound time
    double flops = 0;
    double total() const { return compute_s + memory_s; }
    void add(double t, bool matrix, double f) {
        (matrix ? compute_s : memory_s) += t;
        flops += f;
    }
};

struct LayerTime {
    Pass fwd, bwd, recompute;
    double wgrad_s = 0;      // weight-gradient GEMMs (what zero-bubble schedules defer)
    double attention_s = 0;  // forward attention core (what context-parallel comm hides behind)
    double gemm_fwd_s = 0;   // forward GEMMs (what TP overlap hides behind)
    double gemm_bwd_s = 0;
};

struct Rooflines {
    Roofline gemm;                        // GEMMs at the training precision
    Roofline attention;                   // attention products and vector work: 16-bit
    double flash_forward_efficiency = 0;  // the flash kernel's fraction of the 16-bit peak
    bool fp8 = false;
    bool operator==(const Rooflines&) const = default;
};

// Which part of the model a layer time is of: its dense layers, MoE layers or the LM head.
enum class LayerPart : std::uint8_t { dense, moe, head };

// Everything a layer's times depend on (layerOps' inputs and timeLayer's).
struct LayerTimeKey {
    const catalog::Model* model = nullptr;
    LayerPart part = LayerPart::dense;
    LayerSharding sharding;
    Rooflines rooflines;
    Recompute recompute = Recompute::none;
    bool per_op_selective = false;  // the framework's per-op selective policy
    double imbalance = 1;
    bool operator==(const LayerTimeKey&) const = default;
};

// One search worker's memo (not shared between threads). It forgets everything when full: a
// layout block asks for a handful of keys, so a small memo keeps all of them.
class LayerTimeMemo {
public:
    const LayerTime* find(const LayerTimeKey& key) const {
        for (const auto& [k, time] : m_entries)
            if (k == key) return &time;
        return nullptr;
    }
    void add(const LayerTimeKey& key, const LayerTime& time) {
        if (m_entries.size() >= kCapacity) m_entries.clear();
        m_entries.emplace_back(key, time);
    }

private:
    static constexpr std::size_t kCapacity = 48;
    std::vector<std::pair<LayerTimeKey, LayerTime>> m_entries;
};

struct TrainingPlan;

Rooflines trainingRooflines(const TrainingPlan& plan);

// One layer of `part` timed for one micro-batch under `plan`'s sharding (or the LM head); each
// operator's roofline point goes to `operators` (null: not listed), run `calls` times a step.
// Read from `memo` when it timed the same layer before (only when operators are not listed).
LayerTime timePart(const TrainingPlan& plan, const Rooflines& rl, LayerPart part,
                   Recompute recompute, double imbalance, OperatorList* operators, long long calls,
                   LayerTimeMemo* memo);

// Adds one operator's roofline point (forward + backward of one call) to `out`, merging with
// an operator of the same name (the attention block of dense and MoE layers is the same).
void addOperator(OperatorList& out, const char* name, double flops, double bytes, double time_s,
                 long long calls, bool compute);

}  // namespace infraplan
