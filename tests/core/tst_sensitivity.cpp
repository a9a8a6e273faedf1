// Sensitivity: each input moved +/-10% through evaluate() with a catalog/design overlay. A
// compute-bound design ranks peak FLOP/s first; the electricity price moves the power cost by
// exactly its change and the step time not at all; less memory can make a design infeasible,
// and the output says so. Every key of the JSON output is described.
#include <QFile>
#include <QtTest>
#include <algorithm>

#include <set>

#include "catalog/catalog.h"
#include "core/evaluate/evaluate.h"
#include "core/planning/sensitivity.h"
#include "core/planning/sensitivity_json.h"
#include "docs_table.h"
#include "emitted_keys.h"
#include "example_designs.h"

using namespace infraplan;

namespace {

const InputSensitivity& input(const SensitivityResult& r, const std::string& id) {
    for (const InputSensitivity& s : r.inputs)
        if (s.input == id) return s;
    qFatal("no input %s", id.c_str());
}

const SensitivityResult& computeBound() {
    static const SensitivityResult r =
        analyzeSensitivity(test::example("dgx-h100-training.json"), catalog::builtinCatalog());
    return r;
}

}  // namespace

class TestSensitivity : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void computeBoundDesignRanksPeakFlopsFirst() {
        const Results base =
            evaluate(test::example("dgx-h100-training.json"), catalog::builtinCatalog());
        QVERIFY(!base.bottlenecks.empty());
        // Compute takes the largest share (the list leads with what is worth relieving).
        const auto largest = std::max_element(base.bottlenecks.begin(), base.bottlenecks.end(),
                                              [](const Bottleneck& a, const Bottleneck& b) {
                                                  return a.share_of_time < b.share_of_time;
                                              });
        QCOMPARE(largest->resource, std::string("compute"));
        const SensitivityResult& r = computeBound();
        QVERIFY(r.reasons.empty());
        QCOMPARE(r.inputs.size(), std::size_t{10});
        QCOMPARE(r.inputs.front().input, std::string("peak_flops_bf16"));
        const InputSensitivity& peak = r.inputs.front();
        QVERIFY(*peak.up.performance < 0);  // faster devices, shorter step
        QVERIFY(*peak.down.performance > 0);
        QVERIFY(peak.effect > 0.03);
        for (std::size_t i = 1; i < r.inputs.size(); ++i)
            QVERIFY(r.inputs[i - 1].effect >= r.inputs[i].effect ||
                    r.inputs[i - 1].flips_feasibility);
    }

    void electricityPriceMovesPowerCostOnly() {
        const InputSensitivity& price = input(computeBound(), "electricity_price");
        QCOMPARE(*price.up.performance, 0.0);
        QCOMPARE(*price.down.performance, 0.0);
        QCOMPARE(*price.up.facility_kw, 0.0);
        QVERIFY(std::abs(*price.up.energy_usd_per_year - 0.1) < 1e-9);
        QVERIFY(std::abs(*price.down.energy_usd_per_year + 0.1) < 1e-9);
        QVERIFY(*price.up.usd_per_million_tokens > 0 && *price.up.usd_per_million_tokens < 0.1);
        QCOMPARE(price.effect, 0.0);
    }

    // A strategy that fills 91-99% of device memory: 10% less HBM no longer holds it.
    void lessMemoryCanFlipFeasibility() {
        Design design = test::example("dgx-h100-training.json");
        bool found = false;
        for (int mb : {1, 2, 3, 4, 6})
            for (int zero : {0, 1, 2, 3})
                for (int tp : {4, 8})
                    for (Recompute rc : {Recompute::selective, Recompute::full}) {
                        if (found) continue;
                        design.strategy.microbatch = mb;
                        design.strategy.zero = zero;
                        design.strategy.tp = tp;
                        design.strategy.recompute = rc;
                        const Results r = evaluate(design, catalog::builtinCatalog());
                        if (!r.feasible || !r.memory) continue;
                        const double fill = r.memory->per_device_bytes / r.memory->capacity_bytes;
                        found = fill > 0.91 && fill < 0.99;
                    }
        QVERIFY2(found, "no strategy of the example fills 91-99% of device memory");
        const SensitivityResult r = analyzeSensitivity(design, catalog::builtinCatalog());
        const InputSensitivity& hbm = input(r, "hbm_capacity");
        QVERIFY(hbm.flips_feasibility);
        QVERIFY(!hbm.down.metrics.feasible);
        QVERIFY(hbm.up.metrics.feasible);
        QCOMPARE(r.inputs.front().input, std::string("hbm_capacity"));  // a flip ranks first
    }

    void everyEmittedKeyIsDescribed() {
        std::set<std::string> described;
        for (const ResultField& f : sensitivitySchema())
            described.insert(f.key);
        const std::set<std::string> emitted =
            test::emittedKeys(sensitivityToJson(computeBound(), 0.1));
        for (const std::string& key : emitted)
            QVERIFY2(described.contains(key), ("not in the sensitivity schema: " + key).c_str());
        for (const std::string& key : described)
            QVERIFY2(emitted.contains(key), ("never emitted: " + key).c_str());
        const auto table = test::resultsDocTable("sensitivity schema");
        QVERIFY2(table, "docs/results.md: the sensitivity table's markers are missing");
        QCOMPARE(*table, sensitivitySchemaMarkdown());
    }

    void invalidDesignSaysWhy() {
        Design design = test::example("dgx-h100-training.json");
        design.strategy.tp = 7;
        const SensitivityResult r = analyzeSensitivity(design, catalog::builtinCatalog());
        QVERIFY(!r.reasons.empty());
        QVERIFY(r.inputs.empty());
    }
};

QTEST_MAIN(TestSensitivity)
#include "tst_sensitivity.moc"
