// Reusing the hardware's preparation (expanded graph, inventory) across edits that leave the
// hardware alone: the results are those of a fresh evaluation, and validation still runs.
#include <QtTest>

#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/results/results_json.h"
#include "example_designs.h"

using namespace infraplan;

using test::example;

class TestEvaluateReuse : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void strategyEditReusesTheGraph() {
        const catalog::Catalog& c = catalog::builtinCatalog();
        std::shared_ptr<const PreparedDesign> prepared;
        Results first;
        {
            // The design is gone before the reuse (a GUI job's copy): the preparation keeps
            // what its graph points into.
            const Design original = example("dgx-h100-training.json");
            first = evaluate(original, c, {}, prepared);
        }
        QVERIFY(prepared && prepared->ok());
        const PreparedDesign* before = prepared.get();

        Design d = example("dgx-h100-training.json");
        d.strategy.tp = 4;  // the hardware is untouched
        const Results reused = evaluate(d, c, {}, prepared);
        QCOMPARE(prepared.get(), before);  // the same hardware: kept, not expanded again
        QCOMPARE(resultsToJson(reused).dump(), resultsToJson(evaluate(d, c)).dump());
        QVERIFY(reused.training->step_time_s != first.training->step_time_s);
    }

    // A preparation says itself whether a design has its hardware: no caller vouches.
    void preparationMatchesOnlyItsHardware() {
        const catalog::Catalog& c = catalog::builtinCatalog();
        const Design d = example("dgx-h100-training.json");
        const PreparedDesign prepared = prepareDesign(d, c);
        QVERIFY(prepared.matches(d, c));
        Design strategy = d;
        strategy.strategy.tp = 4;
        strategy.workload.global_batch *= 2;
        QVERIFY(prepared.matches(strategy, c));
        Design hardware = d;
        hardware.hardware.items.front().count += 1;
        QVERIFY(!prepared.matches(hardware, c));
        EvaluateOptions smaller;
        smaller.max_devices = 128;
        QVERIFY(!prepared.matches(d, c, smaller));
        catalog::Catalog edited = c;  // a copy is the same catalog...
        QVERIFY(prepared.matches(d, edited));
        catalog::Accelerator faster = *edited.accelerator("nvidia-h100-sxm");
        faster.memory_gb *= 2;
        edited.put(faster);  // ... until it changes
        QVERIFY(!prepared.matches(d, edited));
    }

    // A kept preparation that no longer matches is replaced, never used: the results are a
    // fresh evaluation's.
    void hardwareEditPreparesAfresh() {
        const catalog::Catalog& c = catalog::builtinCatalog();
        std::shared_ptr<const PreparedDesign> prepared;
        Design d = example("dgx-h100-training.json");
        evaluate(d, c, {}, prepared);
        const PreparedDesign* before = prepared.get();
        d.hardware.items.front().count /= 2;  // half the nodes
        d.strategy.dp = 0;                    // auto: fits the devices left
        const Results r = evaluate(d, c, {}, prepared);
        QVERIFY(prepared.get() != before);
        QCOMPARE(resultsToJson(r).dump(), resultsToJson(evaluate(d, c)).dump());
        // evaluatePrepared refuses a preparation of other hardware the same way.
        const PreparedDesign other = prepareDesign(example("hand-drawn-cxl.json"), c);
        QCOMPARE(resultsToJson(evaluatePrepared(other, d, c)).dump(),
                 resultsToJson(evaluate(d, c)).dump());
    }

    void validationStillRuns() {
        const catalog::Catalog& c = catalog::builtinCatalog();
        Design d = example("dgx-h100-training.json");
        std::shared_ptr<const PreparedDesign> prepared;
        evaluate(d, c, {}, prepared);
        d.strategy.tp = 7;  // does not divide the 96 heads of GPT-3
        const Results r = evaluate(d, c, {}, prepared);
        const Results fresh = evaluate(d, c);
        QCOMPARE(r.feasible, fresh.feasible);
        QCOMPARE(r.reasons, fresh.reasons);
        QVERIFY(!r.feasible);
    }
};

QTEST_GUILESS_MAIN(TestEvaluateReuse)
#include "tst_evaluate_reuse.moc"
