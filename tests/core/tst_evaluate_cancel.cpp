// Cooperative cancellation (EvaluateOptions::cancel): a cancelled evaluation returns after a
// bounded number of polls, marked cancelled and with no engine numbers. No wall-clock asserts:
// the bound is on the polls made after the cancel, not on seconds.
#include <QtTest>
#include <atomic>
#include <thread>

#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/results/results_json.h"
#include "example_designs.h"

using namespace infraplan;

using test::example;

namespace {

void verifyCancelled(const Results& r) {
    QVERIFY(r.cancelled);
    QVERIFY(!r.feasible);
    QVERIFY(!r.training && !r.inference && !r.facility && !r.network);
    QCOMPARE(resultsToJson(r)["cancelled"], nlohmann::json(true));
}

}  // namespace

class TestEvaluateCancel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cancelledBeforeStart() {
        CancelToken token;
        token.cancel();
        EvaluateOptions options;
        options.cancel = &token;
        const Results r =
            evaluate(example("dgx-h100-training.json"), catalog::builtinCatalog(), options);
        verifyCancelled(r);
        QVERIFY(token.checks.load() <= 2);
    }

    void noTokenRunsToTheEnd() {
        CancelToken token;  // never cancelled: the same results as without one
        EvaluateOptions options;
        options.cancel = &token;
        const Design d = example("dgx-h100-training.json");
        const Results a = evaluate(d, catalog::builtinCatalog(), options);
        const Results b = evaluate(d, catalog::builtinCatalog());
        QVERIFY(!a.cancelled && a.feasible && a.training);
        QCOMPARE(a.training->step_time_s, b.training->step_time_s);
        QVERIFY(token.checks.load() > 0);
    }

    // A long serving simulation with its goodput bisection (a million requests) is stopped
    // from another thread while it runs.
    void cancelAServingSimulationMidway() {
        Design d = example("llama3-70b-inference.json");
        d.workload.requests = 1'000'000;
        CancelToken token;
        std::atomic<bool> done{false};
        Results r;
        std::thread worker([&] {
            EvaluateOptions options;
            options.cancel = &token;
            r = evaluate(d, catalog::builtinCatalog(), options);
            done = true;
        });
        // Wait until the engines are well into it (polling), then cancel.
        while (token.checks.load() < 50 && !done.load())
            std::this_thread::yield();
        const bool finishedFirst = done.load();
        token.cancel();
        const long long atCancel = token.checks.load();
        worker.join();
        QVERIFY2(!finishedFirst, "the evaluation ended before it could be cancelled");
        verifyCancelled(r);
        // After the cancel each loop still running polls once more and stops: the serving
        // simulation, each goodput probe (at most ~60), each routing pass.
        const long long after = token.checks.load() - atCancel;
        qInfo("polls after the cancel: %lld", after);
        QVERIFY(after <= 200);
    }
};

QTEST_GUILESS_MAIN(TestEvaluateCancel)
#include "tst_evaluate_cancel.moc"
