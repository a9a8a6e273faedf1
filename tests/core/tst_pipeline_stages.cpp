// Uneven pipeline stages (strategy.pipeline_layers, first/last stage counts, Megatron-Core's
// embedding/loss accounting, the default rule): the split itself, what the design file accepts,
// and the memory and step models working per stage. Acceptance cases: Llama 3 405B at PP 16 and
// DeepSeek-V3 at PP 8 and PP 4 evaluate feasible although pp does not divide their layers.
#include <QtTest>

#include <numeric>

#include "catalog/catalog.h"
#include "core/design/validate.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/perf/pipeline_stages.h"
#include "core/perf/training_memory.h"
#include "core/perf/training_plan.h"
#include "example_designs.h"
#include "tests/support/mentions.h"

using namespace infraplan;
using infraplan::test::mentions;

namespace {

// `nodes` DGX H100 on an 8-rail NDR InfiniBand fabric, training catalog model `model`.
Design h100Cluster(int nodes, const std::string& model) {
    const std::string hardware =
        R"({"items": [{"id": "dgx", "kind": "node", "ref": "nvidia-dgx-h100", "count": )" +
        std::to_string(nodes) +
        R"(}, {"id": "ib", "kind": "fabric", "topology": "rail-optimized",
           "switch": "nvidia-quantum-2-qm9700", "link": "ib-ndr-400", "tiers": 3, "rails": 8}],
           "links": [{"from": "dgx", "to": "ib", "ref": "ib-ndr-400", "count": 8}]})";
    Design d = test::designWithHardware(hardware, model);
    d.workload.mode = WorkloadMode::training;
    return d;
}

std::string firstReason(const Results& r) {
    return r.reasons.empty() ? std::string("feasible") : r.reasons.front();
}

PipelineSplit listed(std::vector<int> layers) {
    PipelineSplit s;
    s.layers = std::move(layers);
    return s;
}

}  // namespace

class TestPipelineStages : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaultRule() {
        // pp divides: even.
        QCOMPARE(splitPipelineLayers({}, 96, 8).layers, std::vector<int>(8, 12));
        // 126 layers over 16: the embedding and the loss count as layers (128 = 16 x 8), so the
        // first and last stages hold 7 transformer layers (Megatron-Core, NeMo's 405B recipes).
        const StageSplit llama = splitPipelineLayers({}, 126, 16);
        QVERIFY(llama.error.empty());
        QCOMPARE(llama.layers.front(), 7);
        QCOMPARE(llama.layers.back(), 7);
        QCOMPARE(llama.layers[5], 8);
        QCOMPARE(describeSplit(llama.layers), std::string("[7, 8 x 14, 7]"));
        // 61 over 8 (63 does not divide either): balanced, the extra layers in the middle.
        const std::vector<int> ds8{7, 8, 8, 8, 8, 8, 7, 7};
        QCOMPARE(splitPipelineLayers({}, 61, 8).layers, ds8);
        const std::vector<int> ds4{15, 16, 15, 15};
        QCOMPARE(splitPipelineLayers({}, 61, 4).layers, ds4);
        // More stages than layers: refused with the reason.
        QVERIFY(splitPipelineLayers({}, 4, 8).error.find("more stages") != std::string::npos);
    }
    void strategyRules() {
        QCOMPARE(splitPipelineLayers(listed({3, 5, 4}), 12, 3).layers, (std::vector<int>{3, 5, 4}));
        QVERIFY(splitPipelineLayers(listed({3, 5}), 12, 3).error.find("lists 2 stages") !=
                std::string::npos);
        QVERIFY(splitPipelineLayers(listed({3, 5, 3}), 12, 3).error.find("adds up to 11") !=
                std::string::npos);
        PipelineSplit ends;
        ends.first_stage_layers = 2;
        ends.last_stage_layers = 3;
        QCOMPARE(splitPipelineLayers(ends, 61, 5).layers, (std::vector<int>{2, 19, 19, 18, 3}));
        ends.account_for_loss = true;
        QVERIFY(!splitPipelineLayers(ends, 61, 5).error.empty());
        PipelineSplit loss;
        loss.account_for_loss = true;  // 63 + 1 = 64 units over 8: the last stage holds 7
        QCOMPARE(splitPipelineLayers(loss, 63, 8).layers,
                 (std::vector<int>{8, 8, 8, 8, 8, 8, 8, 7}));
        const std::vector<StageLoad> loads = stageLoads({2, 2, 2}, 3);
        QCOMPARE(loads[0].dense_layers, 2);
        QCOMPARE(loads[1].dense_layers, 1);
        QCOMPARE(loads[1].moe_layers, 1);
        QCOMPARE(loads[2].moe_layers, 2);
        QVERIFY(loads[0].first && !loads[0].last && loads[2].last);
    }
    void designFileFieldsRoundTripAndPointErrors() {
        Design d = h100Cluster(2, "llama3-8b");
        d.strategy.pp = 4;
        d.strategy.pipeline_split.layers = {7, 9, 9, 7};
        LoadResult back = parseDesign(designToJson(d).dump());
        QVERIFY(back.ok());
        QCOMPARE(back.design->strategy.pipeline_split, d.strategy.pipeline_split);
        d.strategy.pipeline_split.layers = {7, 9, 9};
        const Diagnostics diags = validateDesign(d, catalog::builtinCatalog());
        QVERIFY(diags.toString().find("/strategy/pipeline_layers: lists 3 stages") !=
                std::string::npos);
        d.strategy.pipeline_split.layers = {7, 9, 9, 9};
        const Diagnostics sum = validateDesign(d, catalog::builtinCatalog());
        QVERIFY2(sum.toString().find("/strategy/pipeline_layers: adds up to 34 layers; the model "
                                     "has 32") != std::string::npos,
                 sum.toString().c_str());
        const LoadResult bad = parseDesign(
            R"({"format": "infraplan-design", "version": 1, "workload": {"model": "llama3-8b"},
                "strategy": {"pp": 2, "pipeline_layers": [16, -1]}})");
        QVERIFY(bad.diagnostics.toString().find("/strategy/pipeline_layers/1: must be a layer "
                                                "count") != std::string::npos);
    }
    // One rule, one message: every split the strategy can set wrongly is refused by validation
    // and by the engine's plan in the same words, at the same field.
    void validationAndEngineSayTheSame() {
        const auto& cat = catalog::builtinCatalog();
        const auto* acc = cat.accelerator("nvidia-h100-sxm");
        const auto* model = cat.model("llama3-8b");
        QVERIFY(acc && model);
        const auto listed = [](std::vector<int> v) {
            PipelineSplit s;
            s.layers = std::move(v);
            return s;
        };
        PipelineSplit endsAndLoss;
        endsAndLoss.first_stage_layers = 4;
        endsAndLoss.account_for_loss = true;
        PipelineSplit tooLong;
        tooLong.first_stage_layers = 20;
        tooLong.last_stage_layers = 20;
        PipelineSplit accounted;
        accounted.account_for_embedding = true;
        accounted.account_for_loss = true;
        const std::vector<std::tuple<PipelineSplit, int, const char*>> cases{
            {listed({7, 9, 9}), 4, "/strategy/pipeline_layers: lists 3 stages"},
            {listed({7, 9, 9, 9}), 4, "/strategy/pipeline_layers: adds up to 34 layers"},
            {endsAndLoss, 4, "/strategy/first_stage_layers: cannot be combined"},
            {tooLong, 4, "/strategy/first_stage_layers: puts 40 layers on the end stages"},
            {PipelineSplit{{}, 4, -1, false, false}, 1,
             "/strategy/first_stage_layers: needs pipeline parallelism"},
            {accounted, 64, "/strategy/pp: 64 is more stages"},
        };
        for (const auto& [split, pp, needle] : cases) {
            Design d = h100Cluster(8, "llama3-8b");
            d.strategy.pp = pp;
            d.strategy.pipeline_split = split;
            const std::string validation = validateDesign(d, cat).toString();
            const PlanOutcome plan = makeTrainingPlan(d, *model, *acc, 64);
            QVERIFY2(!plan.reasons.empty(), needle);
            bool same = false;
            for (const auto& reason : plan.reasons)
                same |=
                    reason.find(needle) == 0 && validation.find(reason + "\n") != std::string::npos;
            QVERIFY2(same, (validation + " | " + plan.reasons.front() + " | " + needle).c_str());
        }
    }

    // Each stage holds its own layers: the heavier stage sets the memory reported.
    void memoryIsTheWorstStages() {
        const auto* acc = catalog::builtinCatalog().accelerator("nvidia-h100-sxm");
        const auto* model = catalog::builtinCatalog().model("llama3-8b");
        QVERIFY(acc && model);
        Design d = h100Cluster(1, "llama3-8b");
        d.strategy.pp = 2;
        d.strategy.tp = 4;
        d.workload.seq_len = 4096;
        d.workload.global_batch = 8;
        d.strategy.pipeline_split.layers = {16, 16};
        const PlanOutcome even = makeTrainingPlan(d, *model, *acc, 8);
        d.strategy.pipeline_split.layers = {24, 8};
        const PlanOutcome heavy = makeTrainingPlan(d, *model, *acc, 8);
        QVERIFY(even.ok() && heavy.ok());
        const ResidentMemory e = residentMemory(even.plan);
        const ResidentMemory h = residentMemory(heavy.plan);
        QCOMPARE(h.stage, 0);
        // 8 more layers' weights, gradients and optimizer state on the heavy first stage, and
        // 8 more layers' activations for each of its 2 micro-batches in flight.
        QVERIFY(h.memory.per_device_bytes > e.memory.per_device_bytes);
        QVERIFY(std::abs(h.memory.breakdown.activations - 1.5 * e.memory.breakdown.activations) <
                1e-6 * e.memory.breakdown.activations);
    }
    // The slowest stage sets the pace; the others fill and drain around it.
    void slowestStageSetsThePace() {
        Design d = h100Cluster(1, "llama3-8b");
        d.strategy.pp = 2;
        d.strategy.tp = 4;
        d.workload.global_batch = 8;
        d.strategy.pipeline_split.layers = {16, 16};
        const Results even = evaluate(d, catalog::builtinCatalog());
        d.strategy.pipeline_split.layers = {24, 8};
        const Results uneven = evaluate(d, catalog::builtinCatalog());
        QVERIFY2(even.feasible && uneven.feasible, firstReason(uneven).c_str());
        const auto& e = even.training->breakdown;
        const auto& u = uneven.training->breakdown;
        // The pace: 24 layers instead of 16 + the LM head (128k vocabulary: ~2.4 layers' FLOPs),
        // ~1.3x the compute; the bubble is the light stage's one micro-batch (8 layers + head)
        // instead of 16 layers.
        QVERIFY2(u.compute_s > 1.2 * e.compute_s && u.compute_s < 1.4 * e.compute_s,
                 QByteArray::number(u.compute_s / e.compute_s));
        QVERIFY(u.bubble_s < e.bubble_s);
        QVERIFY(uneven.training->step_time_s > even.training->step_time_s);
    }
    // Acceptance: Llama 3 405B on 16,384 H100 at TP 8 / PP 16 / DP 128 (126 layers).
    void llama3_405bAtPp16IsFeasible() {
        Design d = h100Cluster(2048, "llama3-405b");
        Strategy& s = d.strategy;
        s.tp = 8;
        s.pp = 16;
        s.dp = 128;
        s.sequence_parallel = true;
        s.zero = 1;  // Megatron's distributed optimizer
        s.recompute = Recompute::full;
        s.overlap_tp = true;
        d.workload.seq_len = 8192;
        d.workload.global_batch = 128 * 16;  // 16 micro-batches of one sequence per pipeline
        const Results r = evaluate(d, catalog::builtinCatalog());
        QVERIFY2(r.feasible, firstReason(r).c_str());
        QVERIFY(mentions(r.warnings, "[7, 8 x 14, 7]"));
        QVERIFY(r.training && r.training->mfu > 0.2 && r.training->mfu < 0.6);
        QVERIFY(r.memory->per_device_bytes < r.memory->capacity_bytes);
    }
    // Acceptance: DeepSeek-V3 (61 layers, 3 dense) at PP 8 and PP 4 with EP 64.
    void deepseekV3AtPp8AndPp4IsFeasible() {
        for (int pp : {8, 4}) {
            Design d = h100Cluster(128, "deepseek-v3");  // 1,024 GPUs
            Strategy& s = d.strategy;
            s.tp = 2;
            s.pp = pp;
            s.ep = 64;
            s.sequence_parallel = true;
            s.zero = 1;
            s.recompute = Recompute::full;
            d.workload.seq_len = 4096;
            const int dp = 1024 / (2 * pp);
            d.workload.global_batch = 2LL * dp * pp;  // 2 x pp micro-batches per pipeline
            const Results r = evaluate(d, catalog::builtinCatalog());
            QVERIFY2(r.feasible, (std::to_string(pp) + ": " + firstReason(r)).c_str());
            QVERIFY(r.training && r.training->step_time_s > 0);
            QVERIFY(r.memory->per_device_bytes < r.memory->capacity_bytes);
        }
    }
};

QTEST_GUILESS_MAIN(TestPipelineStages)
#include "tst_pipeline_stages.moc"
