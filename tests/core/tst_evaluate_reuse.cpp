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
