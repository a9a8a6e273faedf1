// Cooperative cancellation: one token type (CancelToken), passed explicitly. A cancelled
// evaluation returns after a bounded number of polls, marked cancelled and with no engine
// numbers; each engine, the request generation, the goodput bisection and the serving
// simulation honour it on their own. No wall-clock asserts: the bound is on the polls made
// after the cancel, not on seconds.
#include <QtTest>
#include <atomic>
#include <thread>

#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/perf/inference_engine.h"
#include "core/perf/inference_load.h"
#include "core/perf/inference_setup.h"
#include "core/perf/serving_goodput.h"
#include "core/perf/training_engine.h"
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

// Runs `work` on a thread, cancels `token` once the work has polled it `polls` times, and
// returns the polls made after the cancel (each loop still running polls once more and stops).
template <class Work>
long long cancelAfter(CancelToken& token, long long polls, Work work, bool& finishedFirst) {
    std::atomic<bool> done{false};
    std::thread worker([&] {
        work();
        done = true;
    });
    while (token.polls() < polls && !done.load())
        std::this_thread::yield();
    finishedFirst = done.load();
    token.cancel();
    const long long atCancel = token.polls();
    worker.join();
    return token.polls() - atCancel;
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
        QVERIFY(token.polls() <= 2);
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
        QVERIFY(token.polls() > 0);
    }

    // A long serving simulation with its goodput bisection (a million requests) is stopped
    // from another thread while it runs.
    void cancelAServingSimulationMidway() {
        Design d = example("llama3-70b-inference.json");
        d.workload.extra["requests"] = 1'000'000;
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
        while (token.polls() < 50 && !done.load())
            std::this_thread::yield();
        const bool finishedFirst = done.load();
        token.cancel();
        const long long atCancel = token.polls();
        worker.join();
        QVERIFY2(!finishedFirst, "the evaluation ended before it could be cancelled");
        verifyCancelled(r);
        // After the cancel each loop still running polls once more and stops: the serving
        // simulation, each goodput probe (at most ~60), each routing pass.
        const long long after = token.polls() - atCancel;
        qInfo("polls after the cancel: %lld", after);
        QVERIFY(after <= 200);
    }

    void trainingEngineStops() {
        CancelToken token;
        token.cancel();
        const TrainingEvaluation t = evaluateTraining(example("dgx-h100-training.json"),
                                                      catalog::builtinCatalog(), nullptr, &token);
        QVERIFY(!t.training && t.collectives.empty());
        QCOMPARE(token.polls(), 1LL);
    }

    void inferenceEngineStops() {
        CancelToken token;
        token.cancel();
        InferenceOptions options;
        options.cancel = &token;
        const InferenceEvaluation i = evaluateInference(
            example("llama3-70b-inference.json"), catalog::builtinCatalog(), nullptr, options);
        QVERIFY(!i.inference);
        QVERIFY(token.polls() <= 2);
    }

    // A million requests are drawn in chunks, polling between them.
    void requestGenerationStops() {
        const TokenSampler prompt(TokenCount::fixed(100)), output(TokenCount::fixed(100));
        CancelToken token;
        token.cancel();
        QVERIFY(makeRequests(prompt, output, 1'000'000, 1.0, 1, &token).empty());
        QCOMPARE(token.polls(), 1LL);
        CancelToken never;
        QCOMPARE(makeRequests(prompt, output, 1'000'000, 1.0, 1, &never).size(),
                 std::size_t(1'000'000));
        QVERIFY(never.polls() > 100);  // it did poll along the way
        CancelToken midway;
        std::vector<Request> drawn;
        bool finishedFirst = false;
        const long long after = cancelAfter(
            midway, 10, [&] { drawn = makeRequests(prompt, output, 5'000'000, 1.0, 1, &midway); },
            finishedFirst);
        QVERIFY(!finishedFirst);
        QVERIFY(drawn.empty());
        QVERIFY(after <= 1);
    }

    // The goodput bisection stops between probes and inside one.
    void goodputBisectionStops() {
        const Design d = example("llama3-70b-inference.json");
        EngineMessages messages;
        const std::optional<ServingSetup> setup =
            buildServingSetup(d, catalog::builtinCatalog(), nullptr, 10'000, messages);
        QVERIFY(setup);
        CancelToken token;
        std::optional<double> goodput = 1.0;
        bool finishedFirst = false;
        GoodputOptions options;
        options.requests = 200'000;  // long probes, so the cancel lands inside the search
        options.cancel = &token;
        const long long after = cancelAfter(
            token, 5, [&] { goodput = findGoodput(*setup, d.workload.slo, 10.0, options); },
            finishedFirst);
        QVERIFY2(!finishedFirst, "the bisection ended before it could be cancelled");
        QVERIFY(!goodput.has_value());
        QVERIFY(after <= 3);
    }
};

QTEST_GUILESS_MAIN(TestEvaluateCancel)
#include "tst_evaluate_cancel.moc"
