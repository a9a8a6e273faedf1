// The training engine against hand computation: FLOPs per step (Narayanan et al. SC'21),
// memory (mixed-precision Adam, ZeRO, Korthikanti activations x schedule), pipeline bubble,
// the sizes of the collectives it asks for, and infeasible strategies that must come back as
// reasons, never as crashes or NaN.
#include <QtTest>

#include <cmath>

#include "core/evaluate/evaluate.h"
#include "core/perf/layer_time.h"
#include "core/perf/tier_comm_model.h"
#include "core/perf/training_engine.h"
#include "core/perf/training_memory.h"
#include "core/perf/training_plan.h"
#include "core/perf/transformer.h"

using namespace infraplan;

namespace {

catalog::Model gptModel(int layers, int hidden, int heads) {
    catalog::Model m;
    m.id = "test-gpt";
    m.layers = layers;
    m.hidden = hidden;
    m.heads = heads;
    m.vocab = 51200;
    m.ffn = catalog::FfnKind::gelu;
    m.tied_embeddings = true;
    return m;
}

// `nodes` DGX H100 (built-in catalog) training `model`.
Design h100Design(const catalog::Model& model, long long nodes) {
    Design d;
    Item n;
    n.id = "dgx";
    n.kind = ItemKind::node;
    n.ref = "nvidia-dgx-h100";
    n.count = nodes;
    d.hardware.items.push_back(n);
    d.workload.mode = WorkloadMode::training;
    d.workload.model = model;
    d.workload.seq_len = 2048;
    d.workload.global_batch = 64;
    d.workload.train_tokens = 1e9;
    return d;
}

// Records every collective the engine asks for and answers with a fixed cost.
class RecordingComm final : public CommModel {
public:
    mutable std::vector<CollectiveRequest> requests;
    CollectiveCost cost(const CollectiveRequest& r) const override {
        requests.push_back(r);
        CollectiveCost c;
        c.time_s = 1e-6;
        c.binding_tier = "test";
        return c;
    }
    bool has(Collective op, ParallelDim dim, double bytes) const {
        for (const auto& r : requests)
            if (r.op == op && r.dim == dim && std::abs(r.bytes - bytes) <= 1e-9 * bytes)
                return true;
        return false;
    }
};

bool allFinite(const Results& r) {
    if (!r.training || !r.memory) return true;
    const auto& t = *r.training;
    const auto& b = t.breakdown;
    for (double v : {t.step_time_s, t.tokens_per_s, t.mfu, t.hfu, t.model_tflops_per_device,
                     t.time_to_train_days, t.energy_per_step_j, b.compute_s, b.memory_bound_s,
                     b.tp_comm_s, b.pp_comm_s, b.dp_comm_s, b.ep_comm_s, b.cp_comm_s, b.bubble_s,
                     b.overlap_s, b.optimizer_s, r.memory->per_device_bytes})
        if (!std::isfinite(v) || v < 0) return false;
    return true;
}

double rel(double a, double b) {
    return std::abs(a - b) / std::abs(b);
}

}  // namespace

class TestTrainingEngine : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void flopsMatchNarayanan() {
        const auto m = gptModel(24, 2048, 16);
        Design d = h100Design(m, 1);
        d.strategy.tp = 8;
        d.strategy.recompute = Recompute::full;
        const Results r = evaluate(d, catalog::builtinCatalog());
        QVERIFY(r.feasible && r.training);
        const double B = 64, s = 2048, l = 24, h = 2048, V = 51200;
        // MFU counts 72 B s l h^2 (1 + s/6h + V/12lh); HFU with full recompute 96 (.. V/16lh).
        QVERIFY(rel(r.training->model_flops_per_step,
                    72 * B * s * l * h * h * (1 + s / (6 * h) + V / (12 * l * h))) < 1e-9);
        QVERIFY(rel(r.training->hardware_flops_per_step,
                    96 * B * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h))) < 1e-9);
        QVERIFY(r.training->hfu > r.training->mfu);
        QVERIFY(r.training->mfu > 0.1 && r.training->mfu < 0.8);
    }
    void memoryMatchesAdamAndZero() {
        const auto m = gptModel(8, 4096, 32);
        const auto* acc = catalog::builtinCatalog().accelerator("nvidia-h100-sxm");
        Design d = h100Design(m, 2);
        d.strategy.tp = 2;
        d.strategy.dp = 8;
        d.workload.global_batch = 64;
        const double P = countParameters(m).total / 2;  // per TP rank, pp = 1
        for (int zero = 0; zero <= 3; ++zero) {
            d.strategy.zero = zero;
            const auto plan = makeTrainingPlan(d, m, *acc, 16);
            QVERIFY(plan.ok());
            const MemoryResults mem = trainingMemory(plan.plan);
            QVERIFY(rel(mem.breakdown.weights, 2 * P / (zero >= 3 ? 8 : 1)) < 1e-9);
            QVERIFY(rel(mem.breakdown.gradients, 4 * P / (zero >= 2 ? 8 : 1)) < 1e-9);
            // Megatron-Core: fp32 master weights and Adam's two fp32 moments, sharded by the
            // distributed optimizer (ZeRO 1 and up).
            QVERIFY(rel(mem.breakdown.master_weights, 4 * P / (zero >= 1 ? 8 : 1)) < 1e-9);
            QVERIFY(rel(mem.breakdown.optimizer, 8 * P / (zero >= 1 ? 8 : 1)) < 1e-9);
        }
        // Context-parallel ranks hold the same parameters: ZeRO shards over dp x cp.
        d.strategy.dp = 4;
        d.strategy.cp = 2;
        d.strategy.zero = 3;
        const auto cp = makeTrainingPlan(d, m, *acc, 16);
        QVERIFY(cp.ok());
        const MemoryResults mem = trainingMemory(cp.plan);
        QVERIFY(rel(mem.breakdown.weights, 2 * P / 8) < 1e-9);
        QVERIFY(rel(mem.breakdown.optimizer, 8 * P / 8) < 1e-9);
    }
    void frameworkSetsNameWhatIsKept() {
        const auto m = gptModel(8, 4096, 32);
        const auto* acc = catalog::builtinCatalog().accelerator("nvidia-h100-sxm");
        Design d = h100Design(m, 2);
        d.strategy.tp = 2;
        d.strategy.dp = 8;
        d.strategy.zero = 3;
        d.workload.global_batch = 64;
        const double P = countParameters(m).total / 2;
        // torchtitan: fp32 sharded parameters are the optimizer's, fp32 gradients.
        d.strategy.framework = TrainingFramework::torchtitan;
        auto plan = makeTrainingPlan(d, m, *acc, 16);
        QVERIFY(plan.ok());
        MemoryResults mem = trainingMemory(plan.plan);
        QVERIFY(rel(mem.breakdown.weights, 4 * P / 8) < 1e-9);
        QCOMPARE(mem.breakdown.master_weights, 0.0);
        QVERIFY(rel(mem.breakdown.gradients, 4 * P / 8) < 1e-9);
        QVERIFY(rel(mem.breakdown.optimizer, 8 * P / 8) < 1e-9);
        // NeMo in fp8 with the distributed optimizer: fp8 parameters, the fp32 master sharded.
        d.strategy.framework = TrainingFramework::nemo;
        d.strategy.zero = 1;
        d.workload.precision = catalog::Precision::fp8;
        plan = makeTrainingPlan(d, m, *acc, 16);
        QVERIFY(plan.ok());
        mem = trainingMemory(plan.plan);
        QVERIFY(rel(mem.breakdown.weights, 1 * P) < 1e-9);
        QVERIFY(rel(mem.breakdown.master_weights, 4 * P / 8) < 1e-9);
        QVERIFY(rel(mem.breakdown.gradients, 4 * P) < 1e-9);
        // NeMo with grad_reduce_in_fp32=False: bf16 gradient buffers, reduce-scattered in bf16.
        d.strategy.framework = TrainingFramework::nemo_bf16_grads;
        RecordingComm comm;
        const TrainingEvaluation bf16Grads = evaluateTraining(d, catalog::builtinCatalog(), &comm);
        QVERIFY(bf16Grads.memory);
        QVERIFY(rel(bf16Grads.memory->breakdown.gradients, 2 * P) < 1e-9);
        QVERIFY(rel(bf16Grads.memory->breakdown.master_weights, 4 * P / 8) < 1e-9);
        QVERIFY(comm.has(Collective::reduce_scatter, ParallelDim::dp, 2 * P));
        // The allocator's share and the runtime reserve are named terms of the total.
        const MemoryBreakdown& b = mem.breakdown;
        const double live = b.total() - b.fragmentation - b.runtime_reserve;
        QVERIFY(rel(b.fragmentation, allocatorFragmentation() * live) < 1e-9);
        QCOMPARE(b.runtime_reserve, runtimeReserveBytes());
        QVERIFY(rel(mem.per_device_bytes, b.total()) < 1e-12);
    }
    void activationsFollowTheSchedule() {
        const auto m = gptModel(16, 4096, 32);
        const auto* acc = catalog::builtinCatalog().accelerator("nvidia-h100-sxm");
        Design d = h100Design(m, 4);
        d.strategy.tp = 8;
        d.strategy.pp = 4;
        d.strategy.sequence_parallel = true;
        d.strategy.recompute = Recompute::selective;
        d.workload.global_batch = 16;  // dp = 1: 16 micro-batches
        auto plan = makeTrainingPlan(d, m, *acc, 32);
        QVERIFY(plan.ok());
        const double perLayer = activationBytesPerLayer(m, LayerKind::dense, plan.plan.sharding(),
                                                        Recompute::selective);
        // 1F1B: the first stage holds p micro-batches of its L/p layers = L layers' worth.
        QCOMPARE(microBatchesInFlight(plan.plan, 0), 4.0);
        QVERIFY(rel(trainingMemory(plan.plan).breakdown.activations, 16 * perLayer) < 1e-9);
        // Interleaved (v = 2): x (1 + (p-1)/(p v)) (Korthikanti et al. 2022 §4.2.3).
        d.strategy.interleave = 2;
        plan = makeTrainingPlan(d, m, *acc, 32);
        QVERIFY(plan.ok());
        QCOMPARE(microBatchesInFlight(plan.plan, 0), 4.0 * (1 + 3.0 / 8));
        // GPipe keeps every micro-batch.
        d.strategy.interleave = 1;
        d.strategy.schedule = PipelineSchedule::gpipe;
        plan = makeTrainingPlan(d, m, *acc, 32);
        QCOMPARE(microBatchesInFlight(plan.plan, 0), 16.0);
    }
    void bubbleFraction() {
        auto m = gptModel(16, 4096, 32);
        m.vocab = 256;  // a negligible LM head: every stage costs the same
        Design d = h100Design(m, 4);
        d.strategy.tp = 8;
        d.strategy.pp = 4;
        d.workload.global_batch = 16;
        RecordingComm comm;
        const TrainingEvaluation oneF = evaluateTraining(d, catalog::builtinCatalog(), &comm);
        QVERIFY(oneF.messages.feasible);
        const auto& b = oneF.training->breakdown;
        // (p-1)/m of the ideal time: m x stage time without the last stage's LM head.
        const double ideal = b.compute_s + b.memory_bound_s + b.tp_comm_s + b.pp_comm_s;
        const double fraction = b.bubble_s / ideal;
        QVERIFY2(rel(fraction, 3.0 / 16) < 0.03, QByteArray::number(fraction));  // head: ~2%
        d.strategy.interleave = 2;
        const TrainingEvaluation inter = evaluateTraining(d, catalog::builtinCatalog(), &comm);
        QVERIFY(inter.messages.feasible);
        QVERIFY(inter.training->breakdown.bubble_s < 0.55 * b.bubble_s);
        d.strategy.interleave = 1;
        d.strategy.schedule = PipelineSchedule::zero_bubble;
        const TrainingEvaluation zb = evaluateTraining(d, catalog::builtinCatalog(), &comm);
        QVERIFY(zb.training->breakdown.bubble_s < 0.8 * b.bubble_s);
    }
    // What each overlap scope hides: "forward" the forward pass's TP collectives, "backward"
    // the backward's, "full" both. Without sequence parallelism the two halves are
    // independent, so hiding each alone adds up to hiding both.
    void overlapScopesHideTheirPass() {
        Design d = h100Design(gptModel(16, 4096, 32), 8);
        d.strategy.tp = 8;
        d.strategy.dp = 8;
        d.strategy.sequence_parallel = false;
        d.strategy.recompute = Recompute::none;
        const auto exposed = [&](bool overlap, OverlapTpScope scope) {
            d.strategy.overlap_tp = overlap;
            d.strategy.overlap_tp_scope = scope;
            const TrainingEvaluation r = evaluateTraining(d, catalog::builtinCatalog());
            if (!r.training) qFatal("not evaluated");
            return r.training->breakdown.tp_comm_s;
        };
        const double none = exposed(false, OverlapTpScope::full);
        const double full = exposed(true, OverlapTpScope::full);
        const double forward = exposed(true, OverlapTpScope::forward);
        const double backward = exposed(true, OverlapTpScope::backward);
        QVERIFY(none > forward && forward > full);
        QVERIFY(none > backward && backward > full);
        QVERIFY(rel(forward + backward, none + full) < 1e-9);
    }

    // Collectives hidden behind compute slow it by 18.9% of their time (arXiv 2507.03114);
    // exposed ones cost their own time instead. With a fixed 1 us per call FSDP's gathers and
    // reduce-scatters all hide, so the term is 0.189 x (calls x 1 us).
    void hiddenCollectivesSlowCompute() {
        Design d = h100Design(gptModel(16, 4096, 32), 1);
        d.strategy.dp = 8;
        d.strategy.zero = 3;
        d.strategy.overlap_dp = true;
        RecordingComm comm;
        const TrainingEvaluation t = evaluateTraining(d, catalog::builtinCatalog(), &comm);
        QVERIFY(t.training);
        double dpCalls = 0;
        for (const IssuedCollective& c : t.collectives)
            if (c.request.dim == ParallelDim::dp) dpCalls += c.calls_per_step;
        QCOMPARE(dpCalls, 3.0 * t.training->micro_batches);  // 2 gathers + 1 reduce-scatter
        const TrainingBreakdown& b = t.training->breakdown;
        QCOMPARE(b.dp_comm_s, 0.0);
        QVERIFY(rel(b.overlap_s, 0.189 * dpCalls * 1e-6) < 1e-9);
        d.strategy.overlap_dp = false;
        const TrainingEvaluation serial = evaluateTraining(d, catalog::builtinCatalog(), &comm);
        QVERIFY(serial.training);
        QCOMPARE(serial.training->breakdown.overlap_s, 0.0);
        QVERIFY(rel(serial.training->breakdown.dp_comm_s, dpCalls * 1e-6) < 1e-9);
    }

    // torchtitan's per-op selective policy saves the 1st, 3rd, 5th and 7th matmul outputs of a
    // Llama layer (wq, wv, w1, w2): the backward pass redoes wk, wo and w3. Megatron's
    // selective recompute redoes only the attention core, which flash attention never saves.
    void perOpSelectiveRedoesEveryOtherMatmul() {
        catalog::Model m = gptModel(4, 4096, 32);
        m.kv_heads = 8;
        m.ffn = catalog::FfnKind::swiglu;
        m.ffn_hidden = 14336;
        Design d = h100Design(m, 1);
        d.strategy.dp = 8;
        d.strategy.zero = 3;
        d.strategy.microbatch = 2;
        d.workload.seq_len = 8192;
        d.workload.global_batch = 16;
        d.strategy.recompute = Recompute::selective;
        const auto* acc = catalog::builtinCatalog().accelerator("nvidia-h100-sxm");
        const auto redoneFlops = [&](TrainingFramework framework) {
            d.strategy.framework = framework;
            const auto plan = makeTrainingPlan(d, m, *acc, 8);
            if (!plan.ok()) qFatal("no plan");
            const Rooflines rl = trainingRooflines(plan.plan);
            return timePart(plan.plan, rl, LayerPart::dense, Recompute::selective, 1.0, nullptr, 0,
                            nullptr)
                .recompute.flops;
        };
        const double tokens = 2.0 * 8192, h = 4096, kv = 2 * 8 * 128, f = 14336;
        const double wk = 2 * tokens * h * (kv / 2), wo = 2 * tokens * h * h,
                     w3 = 2 * tokens * h * f;
        QVERIFY(rel(redoneFlops(TrainingFramework::torchtitan), wk + wo + w3) < 1e-9);
        QCOMPARE(redoneFlops(TrainingFramework::megatron_core), 0.0);
    }

    void collectiveSizes() {
        const auto m = gptModel(16, 4096, 32);
        Design d = h100Design(m, 8);
        d.strategy.tp = 8;
        d.strategy.pp = 2;
        d.strategy.dp = 4;
        d.workload.global_batch = 32;
        RecordingComm comm;
        const TrainingEvaluation r = evaluateTraining(d, catalog::builtinCatalog(), &comm);
        QVERIFY(r.messages.feasible);
        const double bsh = 2048.0 * 4096 * 2;  // b s h in bf16
        QVERIFY(comm.has(Collective::all_reduce, ParallelDim::tp, bsh));
        QVERIFY(comm.has(Collective::send_recv, ParallelDim::pp, bsh / 8));
        const auto* acc = catalog::builtinCatalog().accelerator("nvidia-h100-sxm");
        const auto plan = makeTrainingPlan(d, m, *acc, 64);
        const double grads = largestStageParams(plan.plan).total() * 4;  // fp32 gradients
        QVERIFY(comm.has(Collective::all_reduce, ParallelDim::dp, grads));
    }
    // The step's own list of what it issues (what results.network reports): each collective
    // once, with how often a device runs it per step; nothing it does not use.
    void issuedCollectivesAreTheStepsOwn() {
        const auto m = gptModel(16, 4096, 32);
        Design d = h100Design(m, 8);
        d.strategy.tp = 8;
        d.strategy.pp = 2;
        d.strategy.dp = 4;
        d.workload.global_batch = 32;  // 8 micro-batches of 1 per pipeline
        RecordingComm comm;
        const TrainingEvaluation t = evaluateTraining(d, catalog::builtinCatalog(), &comm);
        QVERIFY(t.messages.feasible);
        const std::vector<IssuedCollective>& list = t.collectives;
        QCOMPARE(list.size(), std::size_t(4));  // no DP reduce-scatter/all-gather without ZeRO
        const auto at = [&](std::size_t i, Collective op, ParallelDim dim, double calls) {
            QCOMPARE(list[i].request.op, op);
            QCOMPARE(list[i].request.dim, dim);
            QCOMPARE(list[i].calls_per_step, calls);
            QCOMPARE(list[i].cost.time_s, 1e-6);
        };
        // TP: 2 all-reduces forward and 2 backward per layer and micro-batch, 8 layers a stage.
        at(0, Collective::all_reduce, ParallelDim::tp, 4.0 * 8 * 8);
        at(1, Collective::all_reduce, ParallelDim::dp, 1);
        // A stage boundary each way per micro-batch; without SP the receiver re-gathers over TP.
        at(2, Collective::all_gather, ParallelDim::tp, 2.0 * 8);
        at(3, Collective::send_recv, ParallelDim::pp, 2.0 * 8);
        d.strategy.zero = 1;
        const TrainingEvaluation z = evaluateTraining(d, catalog::builtinCatalog(), &comm);
        int dpKinds = 0;
        for (const IssuedCollective& c : z.collectives)
            if (c.request.dim == ParallelDim::dp) {
                ++dpKinds;
                QVERIFY(c.request.op != Collective::all_reduce);
                QCOMPARE(c.calls_per_step, 1.0);
            }
        QCOMPARE(dpKinds, 2);
    }

    // Power and energy are the facility model's: the training section repeats its figures.
    void energyIsTheFacilityModels() {
        Design d = h100Design(gptModel(16, 4096, 32), 2);
        d.strategy.tp = 8;
        const Results r = evaluate(d, catalog::builtinCatalog());
        QVERIFY(r.feasible && r.training && r.facility);
        const TrainingResults& t = *r.training;
        const double acceleratorsW = r.facility->power.accelerators_kw * 1000;
        QCOMPARE(t.energy_per_step_j, acceleratorsW * t.step_time_s);
        // Every device is used: the average draw of one is the accelerators' draw over them.
        QVERIFY(std::abs(t.device_power_w * 16 / acceleratorsW - 1) < 1e-12);
        const auto* h100 = catalog::builtinCatalog().accelerator("nvidia-h100-sxm");
        const double busy = (t.breakdown.compute_s + t.breakdown.memory_bound_s) / t.step_time_s;
        const double idle = h100->idle_w > 0 ? h100->idle_w : 0.12 * h100->tdp_w;
        QVERIFY(std::abs(t.device_power_w - (idle + (h100->tdp_w - idle) * busy)) < 1e-9);
        QCOMPARE(t.training_energy_mwh, acceleratorsW * t.time_to_train_days * 86400 / 3.6e9);
    }

    void moeAllToAll() {
        catalog::Model m = gptModel(8, 4096, 32);
        m.ffn = catalog::FfnKind::swiglu;
        m.moe = catalog::MoeSpec{8, 2, 14336, 0, 0};
        Design d = h100Design(m, 2);
        d.strategy.ep = 8;
        d.strategy.dp = 16;
        d.workload.global_batch = 16;
        RecordingComm comm;
        const TrainingEvaluation r = evaluateTraining(d, catalog::builtinCatalog(), &comm);
        QVERIFY2(r.messages.feasible,
                 r.messages.reasons.empty() ? "" : r.messages.reasons.front().c_str());
        // Dispatch of b s top_k tokens of h, scaled by the default 1.15 load imbalance.
        QVERIFY(comm.has(Collective::all_to_all, ParallelDim::ep, 2048.0 * 2 * 1.15 * 4096 * 2));
        QVERIFY(r.training->breakdown.ep_comm_s > 0);
    }
    void tierCollectivesFollowTextbookFormulas() {
        RankLayout layout;
        layout[ParallelDim::tp] = 8;
        layout[ParallelDim::dp] = 4;
        const Tier up{100e9, 2e-6, "scale-up link"};
        const Tier out{10e9, 5e-6, "nic"};
        TierCommModel model(up, out, 8, layout);
        QCOMPARE(model.ranksPerNode(ParallelDim::tp), 8);
        QCOMPARE(model.ranksPerNode(ParallelDim::dp), 1);
        const double S = 1e9;
        // Ring inside a node: 2(n-1)/n S/B + 2(n-1) alpha.
        QVERIFY(rel(model.cost({Collective::all_reduce, ParallelDim::tp, S}).time_s,
                    2 * 7.0 / 8 * S / 100e9 + 14 * 2e-6) < 1e-12);
        QVERIFY(rel(model.cost({Collective::all_gather, ParallelDim::tp, S}).time_s,
                    7.0 / 8 * S / 100e9 + 7 * 2e-6) < 1e-12);
        // Across nodes, one rank per node: the faster of ring and tree.
        const double ring = 2 * 3.0 / 4 * S / 10e9 + 6 * 5e-6;
        const double tree = 2 * S / 10e9 + 2 * 2 * 5e-6;
        QVERIFY(rel(model.cost({Collective::all_reduce, ParallelDim::dp, S}).time_s,
                    std::min(ring, tree)) < 1e-12);
        QCOMPARE(model.cost({Collective::all_reduce, ParallelDim::dp, S}).binding_tier,
                 std::string("nic"));
        // dp-first: 8 DP ranks per node... of a 4-rank group: hierarchical is not needed.
        RankLayout dpFirst = layout;
        QVERIFY(parsePlacement("dp-first", dpFirst));
        TierCommModel inner(up, out, 8, dpFirst);
        QCOMPARE(inner.ranksPerNode(ParallelDim::dp), 4);
        QCOMPARE(inner.ranksPerNode(ParallelDim::tp), 2);
        // Hierarchical: reduce-scatter and all-gather in the node, all-reduce of S/g across.
        const double g = 2, nodes = 4;
        const double hier =
            2 * ((g - 1) / g * S / 100e9 + (g - 1) * 2e-6) +
            std::min(2 * (nodes - 1) / nodes * S / g / 10e9 + 2 * (nodes - 1) * 5e-6,
                     2 * S / g / 10e9 + 2 * std::log2(nodes) * 5e-6);
        QVERIFY(rel(inner.cost({Collective::all_reduce, ParallelDim::tp, S}).time_s, hier) < 1e-12);
        RankLayout bad;
        QVERIFY(!parsePlacement("tp-tp-dp-pp", bad));
    }
    void infeasibleStrategiesGiveReasons() {
        const auto m = gptModel(24, 4096, 32);
        const auto check = [&](Design d, const char* needle) {
            const Results r = evaluate(d, catalog::builtinCatalog());
            QVERIFY(!r.feasible);
            QVERIFY(!r.reasons.empty());
            bool found = false;
            for (const auto& reason : r.reasons)
                found |= reason.find(needle) != std::string::npos;
            QVERIFY2(found, (r.reasons.front() + " lacks " + needle).c_str());
            QVERIFY(allFinite(r));
        };
        Design d = h100Design(m, 1);
        d.strategy.tp = 3;
        check(d, "heads");
        d = h100Design(m, 2);
        d.strategy.pp = 2;
        d.strategy.pipeline_split.layers = {10, 10};
        check(d, "adds up to 20 layers");
        d = h100Design(m, 1);
        d.strategy.tp = 8;
        d.strategy.dp = 2;
        check(d, "exceed");
        d = h100Design(gptModel(96, 12288, 96), 1);  // 175B on 8 GPUs
        d.strategy.tp = 8;
        check(d, "memory");
        d = h100Design(m, 1);
        d.workload.global_batch = 7;
        check(d, "global_batch");
        d = h100Design(m, 1);
        d.strategy.microbatch = 0;
        check(d, "strategy");
        d = h100Design(catalog::Model{}, 1);
        check(d, "lacks");
        Design empty;
        empty.workload.model = m;
        check(empty, "no accelerators");
    }
    void autoDpAndTensorParallelChangesSensibly() {
        const auto m = gptModel(32, 5120, 40);
        Design d = h100Design(m, 4);
        d.workload.global_batch = 256;
        d.strategy.tp = 8;
        d.strategy.dp = 0;  // auto: 32 / 8 = 4
        const Results r8 = evaluate(d, catalog::builtinCatalog());
        QVERIFY(r8.feasible);
        QCOMPARE(r8.training->dp, 4);
        d.strategy.tp = 4;  // auto dp = 8
        const Results r4 = evaluate(d, catalog::builtinCatalog());
        QVERIFY(r4.feasible);
        QCOMPARE(r4.training->dp, 8);
        // Half the tensor parallelism: more weights per device, less TP traffic.
        QVERIFY(r4.memory->breakdown.weights > 1.9 * r8.memory->breakdown.weights);
        QVERIFY(r4.training->breakdown.tp_comm_s < r8.training->breakdown.tp_comm_s);
        QVERIFY(r4.training->step_time_s != r8.training->step_time_s);
        QVERIFY(allFinite(r4) && allFinite(r8));
        QVERIFY(!r8.bottlenecks.empty());
        QVERIFY(r8.training->time_to_train_days > 0);
    }
    void fp8IsFasterAndStaysFinite() {
        const auto m = gptModel(32, 8192, 64);
        Design d = h100Design(m, 8);
        d.strategy.tp = 8;
        d.strategy.pp = 2;
        d.workload.global_batch = 128;
        const Results bf16 = evaluate(d, catalog::builtinCatalog());
        d.workload.precision = catalog::Precision::fp8;
        const Results fp8 = evaluate(d, catalog::builtinCatalog());
        QVERIFY(bf16.feasible && fp8.feasible);
        QVERIFY(fp8.training->breakdown.compute_s < 0.8 * bf16.training->breakdown.compute_s);
        QVERIFY(fp8.training->step_time_s < bf16.training->step_time_s);
        QVERIFY(allFinite(fp8));
    }
};

QTEST_GUILESS_MAIN(TestTrainingEngine)
#include "tst_training_engine.moc"
