// Training state offloaded to a drawn memory pool (strategy.offload): the hand-drawn CXL
// example trains Llama 3 70B on 8 H100 only with Adam's state in the 1 TB pool. What moves,
// what it costs at the path the topology engine routes, and the refusals.
#include <QtTest>

#include <cmath>

#include "catalog/catalog.h"
#include "core/design/validate.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "example_designs.h"
#include "tests/support/mentions.h"

using namespace infraplan;
using infraplan::test::mentions;

namespace {

Design withOffload(bool optimizer, bool weights, bool activations,
                   const std::string& target = "pool") {
    Design d = test::example("hand-drawn-cxl.json");
    d.strategy.offload = {target, optimizer, weights, activations};
    return d;
}

// The pool's path, worked out in tst_topology_comm: 4 GPUs share their host's CXL 2.0 link
// (63 GB/s), so 15.75 GB/s each with all streaming, at the 0.92 achieved fraction of a
// scale-out link (core/comm/collective_efficiency.h); latency PCIe 300 + CXL 250 + media 350 ns.
constexpr double kPerDevice_b_s = 63e9 / 4 * 0.92;
constexpr double kLatency_s = 900e-9;

}  // namespace

class TestTrainingOffload : public QObject {
    Q_OBJECT
private slots:
    void optimizerOffloadMakesTheExampleFit() {
        const Design plain = withOffload(false, false, false);
        const Results before = evaluate(plain, catalog::builtinCatalog());
        QVERIFY(before.memory);
        QVERIFY2(!before.feasible, "8 x 80 GB cannot hold 70B parameters with unsharded Adam");

        const Results after = evaluate(withOffload(true, false, false), catalog::builtinCatalog());
        QVERIFY2(after.feasible, after.reasons.empty() ? "" : after.reasons.front().c_str());
        QVERIFY(after.memory && after.training);
        // 12 bytes of Adam state per parameter the device owns (tp 4: a quarter of a stage):
        // the fp32 master weights and the two moments.
        const MemoryBreakdown& held = before.memory->breakdown;
        const double adam = held.optimizer + held.master_weights;
        QVERIFY(adam > 100e9);
        QCOMPARE(after.memory->offloaded_bytes, adam);
        QCOMPARE(after.memory->breakdown.optimizer, 0.0);
        QCOMPARE(after.memory->breakdown.master_weights, 0.0);
        // The allocator's fragmentation shrinks with what it no longer holds.
        const double live =
            before.memory->per_device_bytes - held.runtime_reserve - held.fragmentation;
        QVERIFY(std::abs(after.memory->breakdown.fragmentation -
                         held.fragmentation * (live - adam) / live) < 1.0);
        QVERIFY(std::abs(after.memory->per_device_bytes -
                         (before.memory->per_device_bytes - adam -
                          (held.fragmentation - after.memory->breakdown.fragmentation))) < 1.0);
        // Read and written once per step over the device's share of the CXL link.
        const double expected = 2 * adam / kPerDevice_b_s + kLatency_s;
        QVERIFY(std::abs(after.training->breakdown.offload_s - expected) < 1e-9 * expected);
        std::vector<std::string> phases;
        for (const Bottleneck& b : after.bottlenecks)
            phases.push_back(toString(b.phase));
        QVERIFY(mentions(phases, "offload streaming"));
    }

    void activationStreamsHideBehindCompute() {
        // Full recompute keeps one input per layer: ~0.7 GB per micro-batch per stage, 2 x that
        // over 15.75 GB/s is ~0.09 s against seconds of compute per micro-batch.
        const Results opt = evaluate(withOffload(true, false, false), catalog::builtinCatalog());
        const Results both = evaluate(withOffload(true, false, true), catalog::builtinCatalog());
        QVERIFY(opt.training && both.training && both.memory);
        QCOMPARE(both.training->breakdown.offload_s, opt.training->breakdown.offload_s);
        QVERIFY(both.memory->breakdown.activations < opt.memory->breakdown.activations);
        QVERIFY(both.memory->offloaded_bytes > opt.memory->offloaded_bytes);
    }

    void weightStreamsCostWhenTheLinkIsSlow() {
        // Weights (bf16, a device's 1/8 of 70B = 17.6 GB) read three times per micro-batch
        // under full recompute: 53 GB at 15.75 GB/s = 3.4 s, more than a micro-batch computes.
        const Results opt = evaluate(withOffload(true, false, false), catalog::builtinCatalog());
        const Results w = evaluate(withOffload(true, true, false), catalog::builtinCatalog());
        QVERIFY(opt.training && w.training && w.memory);
        QVERIFY(w.training->breakdown.offload_s > opt.training->breakdown.offload_s + 1.0);
        QVERIFY(w.memory->breakdown.weights < opt.memory->breakdown.weights);
        QVERIFY(std::isfinite(w.training->mfu) && w.training->mfu > 0);
    }

    void unconnectedPoolIsRefused() {
        Design d = withOffload(true, false, false);
        std::erase_if(d.hardware.links, [](const DesignLink& l) { return l.to == "pool"; });
        const Results r = evaluate(d, catalog::builtinCatalog());
        QVERIFY(!r.feasible);
        QVERIFY(mentions(r.reasons, "not reached by drawn links"));
    }

    void smallPoolIsRefused() {
        Design d = withOffload(true, false, false);
        for (Item& item : d.hardware.items)
            if (item.id == "pool") item.ref = "samsung-cmm-d-128gb";
        const Results r = evaluate(d, catalog::builtinCatalog());
        QVERIFY(!r.feasible);
        QVERIFY(mentions(r.reasons, "offloaded, memory item \"pool\" holds 128.0 GB"));
    }

    void targetMustBeAMemoryItem() {
        const Design d = withOffload(true, false, false, "gpu");
        const Diagnostics diags = validateDesign(d, catalog::builtinCatalog());
        bool found = false;
        for (const auto& m : diags.items)
            found |= m.pointer == "/strategy/offload/target";
        QVERIFY(found);
    }

    void roundTripsThroughTheFile() {
        const Design d = withOffload(true, false, true);
        LoadResult back = parseDesign(serializeDesign(d));
        QVERIFY(back.ok());
        QCOMPARE(back.design->strategy.offload.target, std::string("pool"));
        QVERIFY(back.design->strategy.offload.optimizer);
        QVERIFY(!back.design->strategy.offload.weights);
        QVERIFY(back.design->strategy.offload.activations);
        LoadResult bad = parseDesign(
            R"({"format":"infraplan-design","version":1,"strategy":{"offload":{"optimizer":"yes"}}})");
        QVERIFY(!bad.ok());
    }
};

QTEST_GUILESS_MAIN(TestTrainingOffload)
#include "tst_training_offload.moc"
