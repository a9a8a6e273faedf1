#pragma once
// Shared by the inference test suites: a textbook alpha-beta ring for TP collectives and a
// design builder (on the built-in catalog's entries).

#include "catalog/catalog.h"
#include "core/comm/comm_model.h"
#include "core/design/design.h"
#include "core/perf/inference_engine.h"

namespace infraplan::test {

// Ring all-reduce over the TP group on the scale-up link: 2(n-1)/n * S / beta + 2(n-1) alpha
// (docs/training-engine.md). Other collectives: bytes over beta plus one alpha.
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

// The inference engine's section alone, as the Results these suites check.
inline Results inferenceOnly(const Design& d, const catalog::Catalog& catalog,
                             const CommModel* comm, const InferenceOptions& options = {}) {
    InferenceEvaluation e = evaluateInference(d, catalog, comm, options);
    Results r;
    r.feasible = e.messages.feasible;
    r.reasons = std::move(e.messages.reasons);
    r.warnings = std::move(e.messages.warnings);
    r.inference = std::move(e.inference);
    r.memory = std::move(e.memory);
    r.bottlenecks = std::move(e.bottlenecks);
    return r;
}

}  // namespace infraplan::test
