// Serving runtimes as named parameter sets (core/perf/serving_runtime.*): the custom
// all-reduce against hand-computed one-shot / two-shot / ring costs, the host time per
// iteration, and the runtime's all-reduce as results.network reports it.

#include <QtTest>

#include <cmath>

#include "core/evaluate/evaluate.h"
#include "core/perf/serving_runtime.h"
#include "core/perf/transformer.h"
#include "inference_fixtures.h"

using namespace infraplan;

namespace {

// A one-node H100 design serving Llama 3 70B fp8 at batch 1 over TP `tp`.
Design h100Decode(int tp, InferenceRuntime runtime) {
    Design d;
    d.name = "runtime";
    Item node;
    node.id = "nodes";
    node.kind = ItemKind::node;
    node.ref = "nvidia-dgx-h100";
    d.hardware.items.push_back(node);
    d.workload.mode = WorkloadMode::inference;
    d.workload.model = std::string("llama3-70b");
    d.workload.precision = catalog::Precision::fp8;
    d.workload.seq_len = 1024;
    d.workload.traffic.mode = TrafficMode::batch;
    d.workload.traffic.batch_size = 1;
    d.workload.traffic.prompt_tokens = TokenCount::fixed(128);
    d.workload.traffic.output_tokens = TokenCount::fixed(64);
    d.strategy.tp = tp;
    d.strategy.replicas = 1;
    d.strategy.scheduler = BatchScheduler::static_;
    d.strategy.max_batch = 1;
    d.strategy.runtime = runtime;
    return d;
}

// TPOT (ms) that `runtime` adds over `base` for Llama 3 8B at batch 1 on one H100; NaN when
// either fails to evaluate.
double tpotAddedMs(InferenceRuntime base, InferenceRuntime runtime) {
    const catalog::Catalog& catalog = catalog::builtinCatalog();
    Design d = h100Decode(1, base);
    d.workload.model = std::string("llama3-8b");
    const Results before = evaluate(d, catalog);
    d.strategy.runtime = runtime;
    const Results after = evaluate(d, catalog);
    if (!before.inference || !after.inference ||
        after.inference->runtime != std::string(toString(runtime)))
        return std::nan("");
    return after.inference->tpot_ms.mean - before.inference->tpot_ms.mean;
}

}  // namespace

class TestServingRuntime : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void floorsAtThePublishedSizes() {
        const RuntimeParameters& trt = runtimeParameters(InferenceRuntime::trt_llm);
        QCOMPARE(customAllReduceFloor(trt, 2), 3.7e-6);
        QCOMPARE(customAllReduceFloor(trt, 4), 4.8e-6);
        QCOMPARE(customAllReduceFloor(trt, 8), 5.9e-6);
        QVERIFY(std::abs(customAllReduceFloor(trt, 6) - (4.8e-6 + (std::log2(6.0) - 2) * 1.1e-6)) <
                1e-12);
        QCOMPARE(customAllReduceFloor(trt, 1), 0.0);
        QCOMPARE(customAllReduceFloor(trt, 16), 0.0);  // beyond one node: NCCL
        QCOMPARE(customAllReduceFloor(runtimeParameters(InferenceRuntime::generic), 8), 0.0);
        QCOMPARE(runtimeParameters(InferenceRuntime::generic).step_overhead_s, 0.0);
        QVERIFY(runtimeParameters(InferenceRuntime::vllm).step_overhead_s > 0);
        QCOMPARE(runtimeParameters(InferenceRuntime::sglang).step_overhead_s, 0.0);
    }

    // Ring: 2(n-1)/n·S/B + 2(n-1)·a; the fixture's all-to-all: S/B + a.
    void customAllReduceAgainstTheHandCosts() {
        const double bw = 100e9, alpha = 2e-6;
        const test::RingComm ring(8, bw, alpha);
        const RuntimeCommModel custom(ring, runtimeParameters(InferenceRuntime::trt_llm), 8);
        const double floor = 5.9e-6;

        // 16 KB (batch-1 decode of an 8192-wide model): one-shot, floor + 8·S/B.
        const double small = 16384;
        const CollectiveCost s = custom.cost({Collective::all_reduce, ParallelDim::tp, small});
        QCOMPARE(s.runtime_algorithm, std::string("one-shot"));
        QVERIFY(std::abs(s.time_s - (floor + 8 * small / bw)) < 1e-12);
        QVERIFY(s.time_s < ring.cost({Collective::all_reduce, ParallelDim::tp, small}).time_s);

        // 4 MB: two-shot, 2·floor + 2·S/B, still below the ring's 2·7/8·S/B + 14·a.
        const double mid = 4e6;
        const CollectiveCost m = custom.cost({Collective::all_reduce, ParallelDim::tp, mid});
        QCOMPARE(m.runtime_algorithm, std::string("two-shot"));
        QVERIFY(std::abs(m.time_s - (2 * floor + 2 * mid / bw)) < 1e-12);

        // 1 GB: the ring's bandwidth term wins, the runtime falls back to NCCL.
        const double big = 1e9;
        const CollectiveCost b = custom.cost({Collective::all_reduce, ParallelDim::tp, big});
        QVERIFY(b.runtime_algorithm.empty());
        QCOMPARE(b.time_s, ring.cost({Collective::all_reduce, ParallelDim::tp, big}).time_s);

        // Above vLLM's 8 MiB cap the runtime hands the message to NCCL, even where its
        // custom kernel would be faster (a slow-latency ring).
        const test::RingComm slowRing(8, bw, 20e-6);
        const RuntimeCommModel capped(slowRing, runtimeParameters(InferenceRuntime::trt_llm), 8);
        const double over = 9e6;
        QVERIFY(2 * floor + 2 * over / bw <
                slowRing.cost({Collective::all_reduce, ParallelDim::tp, over}).time_s);
        QVERIFY(
            capped.cost({Collective::all_reduce, ParallelDim::tp, over}).runtime_algorithm.empty());

        // Other collectives are the wrapped model's.
        const CollectiveCost a2a = custom.cost({Collective::all_to_all, ParallelDim::ep, small});
        QCOMPARE(a2a.time_s, small / bw + alpha);
    }

    // runtimeParameters() indexes its sets by the enum: every named runtime must get its own
    // set, not the generic fallback (a runtime added to the enum without a set fails here).
    void everyNamedRuntimeHasItsOwnSet() {
        int named = 0;
        for (int i = 0;; ++i) {
            const auto runtime = static_cast<InferenceRuntime>(i);
            if (!inferenceRuntimeFromString(toString(runtime))) break;
            QCOMPARE(runtimeParameters(runtime).runtime, runtime);
            ++named;
        }
        QCOMPARE(named, 6);
    }

    // vLLM's host time is paid once per iteration, on top of the hardware's time.
    void hostTimePerIteration() {
        const double added = tpotAddedMs(InferenceRuntime::generic, InferenceRuntime::vllm);
        const double expectedMs = 1e3 * runtimeParameters(InferenceRuntime::vllm).step_overhead_s;
        QVERIFY2(std::abs(added - expectedMs) < 1e-6, std::to_string(added).c_str());
    }

    // TensorRT-LLM's engine runtime replays no CUDA graph: each decode iteration launches
    // every layer's kernels (plus the embedding and the LM head) where the PyTorch runtime
    // launches one graph. The same hardware otherwise, so TPOT differs by exactly those
    // launches at the accelerator's launch cost.
    void engineRuntimeLaunchesEveryDecodeKernel() {
        QVERIFY(!runtimeParameters(InferenceRuntime::trt_llm_engine).decode_graphs);
        const double added =
            tpotAddedMs(InferenceRuntime::trt_llm, InferenceRuntime::trt_llm_engine);
        const catalog::Catalog& catalog = catalog::builtinCatalog();
        const catalog::Model& model = *catalog.model("llama3-8b");
        std::vector<LayerOp> ops;
        layerOps(model, LayerKind::dense, LayerSharding{}, ops);
        const double launchS = catalog.accelerator("nvidia-h100-sxm")->launch_overhead_us * 1e-6;
        const double expectedMs = 1e3 * (double(ops.size()) * model.layers + 2 - 1) * launchS;
        QVERIFY2(std::abs(added - expectedMs) < 1e-6,
                 (std::to_string(added) + " ms vs " + std::to_string(expectedMs)).c_str());
    }

    // TP8 batch-1 decode: the custom all-reduce shortens the step and is what
    // results.network lists.
    void networkReportShowsTheRuntimesAllReduce() {
        const catalog::Catalog& catalog = catalog::builtinCatalog();
        const Results generic = evaluate(h100Decode(8, InferenceRuntime::generic), catalog);
        const Results trt = evaluate(h100Decode(8, InferenceRuntime::trt_llm), catalog);
        QVERIFY(generic.inference && trt.inference && trt.network);
        QVERIFY(trt.inference->tpot_ms.mean < generic.inference->tpot_ms.mean);
        bool custom = false;
        for (const NetworkCollective& c : trt.network->collectives)
            if (c.name == "tp all-reduce" &&
                (c.algorithm == "one-shot" || c.algorithm == "two-shot"))
                custom = true;
        QVERIFY2(custom, "no custom all-reduce in results.network");
    }
};

QTEST_GUILESS_MAIN(TestServingRuntime)
#include "tst_serving_runtime.moc"
