// The training engine's operator list (results `training.operators`): the points of the
// dashboard's roofline chart. They must be the very operators the step time adds up from.
#include <QtTest>
#include <cmath>
#include <set>

#include "core/design/resolve.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/perf/roofline.h"
#include "core/results/results_json.h"
#include "example_designs.h"

using namespace infraplan;

using test::example;

class TestOperators : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void operatorsAddUpToTheStep() {
        Design d = example("dgx-h100-training.json");  // flash attention, ZeRO-1
        d.strategy.recompute = Recompute::none;  // recompute re-runs forwards the list counts once
        const Results r = evaluate(d, catalog::builtinCatalog());
        QVERIFY2(r.feasible, r.reasons.empty() ? "" : r.reasons.front().c_str());
        QVERIFY(r.training);
        const TrainingResults& t = *r.training;
        QVERIFY(t.operators.size() >= 8);
        std::set<std::string> names;
        double sum = 0;
        for (const OperatorResult& o : t.operators) {
            QVERIFY2(names.insert(o.name).second, o.name.c_str());
            QVERIFY(std::isfinite(o.time_s) && o.time_s > 0);
            QVERIFY(o.bytes > 0 && o.flops >= 0 && o.calls_per_step > 0);
            QVERIFY(o.bound == "compute" || o.bound == "memory");
            sum += o.time_s * double(o.calls_per_step);
        }
        // Every operator second of the step is on the list, and nothing else is.
        const TrainingBreakdown& b = t.breakdown;
        QCOMPARE(sum, b.compute_s + b.memory_bound_s + b.optimizer_s);
    }

    void gemmsAreComputeBoundAndNormsMemoryBound() {
        const Design d = example("megatron-gpt3-175b-a100.json");
        const catalog::Catalog& c = catalog::builtinCatalog();
        const Results r = evaluate(d, c);
        QVERIFY(r.training);
        const auto find = [&](const std::string& name) -> const OperatorResult& {
            for (const OperatorResult& o : r.training->operators)
                if (o.name == name) return o;
            qFatal("no operator %s", name.c_str());
        };
        const OperatorResult& mlp = find("mlp-up");
        const OperatorResult& norm = find("norm-1");
        QCOMPARE(mlp.bound, std::string("compute"));
        QCOMPARE(norm.bound, std::string("memory"));
        QCOMPARE(norm.flops, 0.0);
        // Achieved FLOP/s stays under the device's bf16 roof (312 TFLOP/s on an A100).
        const DeviceSummary devices = summarizeDevices(d, c);
        QVERIFY(devices.primary() && devices.primary()->accelerator);
        const double roof = devices.primary()->accelerator->peak(catalog::Precision::bf16) * 1e12;
        QVERIFY(mlp.flops / mlp.time_s < roof);
        QVERIFY(mlp.flops / mlp.time_s > 0.3 * roof);
        // And the JSON carries them (docs/results.md `training.operators`).
        const nlohmann::json j = resultsToJson(r);
        QVERIFY(j["training"]["operators"].is_array());
        QCOMPARE(j["training"]["operators"].size(), r.training->operators.size());
        QCOMPARE(j["training"]["operators"][0]["name"].get<std::string>(),
                 r.training->operators[0].name);
    }
};

QTEST_GUILESS_MAIN(TestOperators)
#include "tst_operators.moc"
