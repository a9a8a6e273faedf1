// Memory tiers for serving (issue 5 item 6): KV offload to a memory item at the bandwidth the
// topology engine routes to it, and decode attention on a near-memory (PIM) device that holds
// the KV cache, both checked against hand computations; bad PIM entries stay finite.

#include <QtTest>

#include <cmath>

#include "core/evaluate/evaluate.h"
#include "core/perf/inference_engine.h"
#include "core/perf/inference_setup.h"
#include "core/topology/flow_comm_model.h"
#include "core/topology/network_eval.h"
#include "inference_fixtures.h"

using namespace infraplan;
using catalog::Precision;

namespace {

// Llama 3 70B, fp8 weights and KV, TP 4 on four H100 (fp8 KV per device and token:
// 2 (K, V) x 80 layers x 2 of 8 KV heads x 128 x 1 byte).
constexpr double kKvPerTokenPerDevice = 2.0 * 80 * 2 * 128;

Design llama70() {
    Design d = test::servingDesign("nvidia-h100-sxm", 4, "llama3-70b", Precision::fp8, 4);
    d.workload.kv_precision = Precision::fp8;
    d.workload.traffic.mode = TrafficMode::batch;
    d.workload.traffic.batch_size = 1;
    return d;
}

void addMemory(Design& d, const std::string& id, const std::string& ref, long long count) {
    Item m;
    m.id = id;
    m.kind = ItemKind::memory;
    m.ref = ref;
    m.count = count;
    d.hardware.items.push_back(m);
}

// One decode step of one sequence with `context` tokens of KV.
double decodeStep_s(const ServingSetup& s, double context) {
    return s.step->stepTime({1, context, 0, 0, 0}).total_s;
}
}  // namespace

class TestInferenceTiers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void offloadReadsAtTheTopologyBandwidth() {
        Design d = llama70();
        addMemory(d, "pool", "generic-cxl-pool-1tb", 1);
        d.hardware.links.push_back({"gpus", "pool", "cxl-2", 1, nlohmann::json::object()});
        d.strategy.kv_offload = "pool";
        PreparedDesign prepared = prepareDesign(d, catalog::builtinCatalog());
        QVERIFY(prepared.ok());
        EngineMessages r;
        auto network =
            std::make_unique<FlowCommModel>(prepared.graph, d, catalog::builtinCatalog());
        const std::vector<NetworkMemoryTier> tiers = network->memoryTiers();
        QCOMPARE(tiers.size(), std::size_t(1));
        // By hand: each GPU has one CXL 2.0 x16 link (63 GB/s) at the topology engine's
        // achieved link efficiency (0.92); the pool's media (256 GB/s over 4 GPUs = 64 each)
        // does not bind.
        const double link_b_s = 63e9 * CollectiveEfficiency{}.scaleout;
        QVERIFY(std::abs(tiers[0].per_device_bandwidth_gb_s * 1e9 / link_b_s - 1) < 1e-9);
        std::optional<ServingSetup> s =
            buildServingSetup(d, catalog::builtinCatalog(), network.get(), 10, r);
        QVERIFY(s);
        // The pool holds every device's shard of a token: 1,024 GB / (4 x 40,960 B).
        QCOMPARE(s->memory.offload_tokens,
                 static_cast<long long>(1024e9 / (4 * kKvPerTokenPerDevice)));
        // Tokens past device memory are read over the link each step: 100,000 of them cost
        // 100,000 x 40,960 B / 57.96 GB/s = 70.7 ms on top of the in-memory step.
        const double hbm = static_cast<double>(s->memory.kv_tokens);
        const double extra_s = decodeStep_s(*s, hbm + 1e5) - decodeStep_s(*s, hbm);
        const double hand_s = 1e5 * kKvPerTokenPerDevice / link_b_s;
        qInfo("offload: +%.3f ms for 100k offloaded tokens, by hand %.3f ms", extra_s * 1e3,
              hand_s * 1e3);
        QVERIFY(std::abs(extra_s / hand_s - 1) < 1e-9);
        // Through evaluate(): the same figure, and no "estimated" warning.
        const Results full = evaluatePrepared(prepared, d, catalog::builtinCatalog());
        QVERIFY(full.feasible);
        for (const std::string& w : full.warnings)
            QVERIFY2(w.find("estimated from its links") == w.npos, w.c_str());
    }

    void offloadWithoutTopologyIsEstimatedAndSaysSo() {
        Design d = llama70();
        addMemory(d, "pool", "generic-cxl-pool-1tb", 1);
        d.hardware.links.push_back({"gpus", "pool", "cxl-2", 1, nlohmann::json::object()});
        d.strategy.kv_offload = "pool";
        const Results r = test::inferenceOnly(d, catalog::builtinCatalog(), nullptr);
        QVERIFY(r.feasible);
        bool said = false;
        for (const std::string& w : r.warnings)
            said |= w.find("estimated from its links") != w.npos;
        QVERIFY(said);
    }

    // GQA (8 query heads per KV head) gives decode attention 16 FLOP per KV byte at fp8: more
    // than the PIM's 1.2 TFLOP/s over 1.23 TB/s, so its compute binds.
    void nearMemoryAttentionGqaIsComputeBound() {
        Design d = llama70();
        addMemory(d, "pim", "samsung-hbm-pim-aquabolt-xl", 16);  // 96 GB, 4 cubes per GPU
        d.strategy.extra["near_memory_attention"] = "pim";
        EngineMessages r;
        std::optional<ServingSetup> s =
            buildServingSetup(d, catalog::builtinCatalog(), nullptr, 10, r);
        QVERIFY(s);
        const catalog::MemoryNode& pim =
            *catalog::builtinCatalog().memory("samsung-hbm-pim-aquabolt-xl");
        const double flops_s = pim.compute_tflops * 1e12 * 16 / 4;  // per GPU
        const double bw_b_s = pim.bandwidth_gb_s * 1e9 * 16 / 4;
        // Per layer and context token on one GPU: 16 query heads x 2 x (128 + 128) FLOPs,
        // 2 KV heads x 2 x 128 bytes.
        const double context = 4096;
        const double flops = 80 * context * 16 * 2 * (128 + 128);
        const double bytes = context * kKvPerTokenPerDevice;
        const double hand_s = std::max(flops / flops_s, bytes / bw_b_s);
        QVERIFY(flops / flops_s > bytes / bw_b_s);
        const StepTime t = s->step->stepTime({1, context, 0, 0, 0});
        qInfo("PIM attention (GQA): %.3f ms, by hand %.3f ms", t.near_memory_s * 1e3, hand_s * 1e3);
        QVERIFY(std::abs(t.near_memory_s / hand_s - 1) < 1e-9);
        // The KV cache lives in the PIM: 96 GB / (4 x 40,960 B) tokens, none in HBM.
        QCOMPARE(s->memory.kv_tokens, 0LL);
        QCOMPARE(s->memory.offload_tokens,
                 static_cast<long long>(96e9 / (4 * kKvPerTokenPerDevice)));
    }

    // Multi-head attention (a KV head per query head) at fp8 does 2 FLOPs per KV byte; on a
    // near-memory part with 10 FLOPs per byte of internal bandwidth (an AiM-like device:
    // 1 TFLOP/s over 100 GB/s, built here) the bandwidth binds.
    void nearMemoryAttentionMhaIsBandwidthBound() {
        catalog::Catalog c = catalog::builtinCatalog();
        catalog::MemoryNode aim;
        aim.id = "test-pim";
        aim.type = catalog::MemoryNodeType::pim;
        aim.capacity_gb = 16;
        aim.bandwidth_gb_s = 100;
        aim.compute_tflops = 1;
        c.put(aim);
        Design d = llama70();
        catalog::Model m = *c.model("llama3-70b");
        m.id = "llama3-70b-mha";
        m.kv_heads = m.heads;
        d.workload.model = m;
        addMemory(d, "pim", "test-pim", 32);  // 8 per GPU
        d.strategy.extra["near_memory_attention"] = "pim";
        EngineMessages r;
        std::optional<ServingSetup> s = buildServingSetup(d, c, nullptr, 10, r);
        QVERIFY2(s, r.reasons.empty() ? "" : r.reasons[0].c_str());
        const double bw_b_s = 100e9 * 32 / 4, flops_s = 1e12 * 32 / 4;  // per GPU
        const double context = 4096;
        const double bytes = context * 2.0 * 80 * 16 * 128;  // 16 of 64 KV heads per GPU
        const double flops = 80 * context * 16 * 2 * (128 + 128);
        QVERIFY(bytes / bw_b_s > flops / flops_s);
        const StepTime t = s->step->stepTime({1, context, 0, 0, 0});
        qInfo("PIM attention (MHA): %.3f ms, by hand %.3f ms", t.near_memory_s * 1e3,
              bytes / bw_b_s * 1e3);
        QVERIFY(std::abs(t.near_memory_s / (bytes / bw_b_s) - 1) < 1e-9);
        const Results full = test::inferenceOnly(d, c, nullptr);
        QVERIFY(full.feasible);
        bool listed = false;
        for (const auto& b : full.bottlenecks)
            listed |= b.resource == "near-memory";
        QVERIFY(listed);
    }

    void pimWithoutBandwidthIsRefusedClearly() {
        catalog::Catalog c = catalog::builtinCatalog();
        catalog::MemoryNode broken = *c.memory("samsung-hbm-pim-aquabolt-xl");
        broken.id = "broken-pim";
        broken.bandwidth_gb_s = 0;
        c.put(broken);
        Design d = llama70();
        addMemory(d, "pim", "broken-pim", 16);
        d.strategy.extra["near_memory_attention"] = "pim";
        const Results r = test::inferenceOnly(d, c, nullptr);
        QVERIFY(r.feasible);
        bool said = false;
        for (const std::string& w : r.warnings)
            said |= w.find("near_memory_attention") != w.npos && w.find("bandwidth_gb_s") != w.npos;
        QVERIFY(said);
        QVERIFY(std::isfinite(r.inference->tpot_ms.p50) && r.inference->tpot_ms.p50 > 0);
        const Results plain = test::inferenceOnly(llama70(), c, nullptr);
        QCOMPARE(r.inference->tpot_ms.p50, plain.inference->tpot_ms.p50);
        // Not a memory item at all: a warning, not a crash.
        d.strategy.extra["near_memory_attention"] = "gpus";
        const Results other = test::inferenceOnly(d, c, nullptr);
        QVERIFY(other.feasible && std::isfinite(other.inference->tpot_ms.p50));
    }
};

QTEST_GUILESS_MAIN(TestInferenceTiers)
#include "tst_inference_tiers.moc"
