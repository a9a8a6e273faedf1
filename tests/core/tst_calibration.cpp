// Calibration: synthetic measurements made with known efficiencies are fitted back to them
// within 1%; a fit the measurements cannot determine is refused and says which parameter;
// malformed measurement files say where and why. Every key of the JSON output is described.
#include <QtTest>

#include <set>

#include "catalog/catalog.h"
#include "core/evaluate/evaluate.h"
#include "core/planning/calibration.h"
#include "core/planning/calibration_json.h"
#include "docs_table.h"
#include "emitted_keys.h"
#include "example_designs.h"
#include "tests/support/mentions.h"

using namespace infraplan;
using infraplan::test::mentions;

namespace {

constexpr const char* kH100 = "nvidia-h100-sxm";
constexpr double kTrueGemm = 0.62;
constexpr double kTrueMemory = 0.71;

Design exampleDesign() {
    return test::example("dgx-h100-training.json");
}

// The built-in catalog with the H100's efficiencies set to the "true" ones.
catalog::Catalog trueCatalog() {
    catalog::Catalog c = catalog::builtinCatalog();
    catalog::Accelerator h100 = *c.accelerator(kH100);
    h100.gemm_efficiency_max = kTrueGemm;
    h100.memory_efficiency = kTrueMemory;
    c.put(h100);
    return c;
}

// One run of the example as the user changed it, "measured" on the true catalog.
struct Run {
    std::vector<std::string> assignments;
    void (*change)(Design&);
};

std::vector<Measurement> syntheticMeasurements() {
    const std::vector<Run> runs = {
        {{}, [](Design&) {}},
        {{"strategy.microbatch=2"}, [](Design& d) { d.strategy.microbatch = 2; }},
        {{"strategy.sequence_parallel=false"},
         [](Design& d) { d.strategy.sequence_parallel = false; }},
        {{"strategy.recompute=full"}, [](Design& d) { d.strategy.recompute = Recompute::full; }}};
    const catalog::Catalog truth = trueCatalog();
    std::vector<Measurement> out;
    int line = 2;
    for (const Run& run : runs) {
        Design d = exampleDesign();
        run.change(d);
        const Results r = evaluate(d, truth);
        if (!r.training || !r.feasible) qFatal("a synthetic run is infeasible");
        out.push_back({line++, measuredMetric("step_time_s"), r.training->step_time_s,
                       run.assignments, "", std::nullopt});
    }
    return out;
}

const CalibrationResult& syntheticFit() {
    static const CalibrationResult r =
        calibrate(exampleDesign(), catalog::builtinCatalog(), syntheticMeasurements());
    return r;
}

const FittedParameter& parameter(const CalibrationResult& r, const std::string& id) {
    for (const FittedParameter& p : r.parameters)
        if (p.id == id) return p;
    qFatal("no parameter %s", id.c_str());
}

}  // namespace

class TestCalibration : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recoversKnownEfficienciesWithinOnePercent() {
        const CalibrationResult& r = syntheticFit();
        QVERIFY2(r.ok(), r.reasons.empty() ? "refused" : r.reasons.front().c_str());
        QCOMPARE(r.accelerator, std::string(kH100));
        const FittedParameter& gemm = parameter(r, "gemm_efficiency_max");
        const FittedParameter& memory = parameter(r, "memory_efficiency");
        qInfo(
            "gemm_efficiency_max %.4f -> %.4f (true %.2f); memory_efficiency %.4f -> %.4f "
            "(true %.2f); RMS error %.2f%% -> %.4f%% in %d iterations, %d evaluations",
            gemm.before, gemm.after, kTrueGemm, memory.before, memory.after, kTrueMemory,
            r.rms_before * 100, r.rms_after * 100, r.iterations, r.evaluations);
        QVERIFY(std::abs(gemm.after / kTrueGemm - 1) < 0.01);
        QVERIFY(std::abs(memory.after / kTrueMemory - 1) < 0.01);
        QVERIFY(r.rms_before > 0.05);  // the catalog's values were far off
        QVERIFY(r.rms_after < 1e-3);
        QVERIFY(!gemm.at_bound && !memory.at_bound);
    }

    void calibratedEntryReproducesTheMeasurements() {
        const CalibrationResult& r = syntheticFit();
        QCOMPARE(r.calibrated.size(), std::size_t(1));  // only accelerator fields were fitted
        const auto* fitted = std::get_if<catalog::Accelerator>(&r.calibrated.front());
        QVERIFY(fitted);
        const catalog::Accelerator& entry = *fitted;
        QCOMPARE(entry.id, std::string(kH100));
        QVERIFY(entry.overrides_builtin);
        QCOMPARE(entry.sourceOf("gemm_efficiency_max").document,
                 std::string("calibrated from 4 measurements by infraplan-cli calibrate"));
        QCOMPARE(
            entry.sourceOf("peak_bf16_tflops").document,
            catalog::builtinCatalog().accelerator(kH100)->sourceOf("peak_bf16_tflops").document);
        catalog::Catalog c = catalog::builtinCatalog();
        c.put(entry);
        const Results again = evaluate(exampleDesign(), c);
        QVERIFY(std::abs(again.training->step_time_s / r.rows.front().measured - 1) < 1e-3);
    }

    void tooFewMeasurementsAreRefused() {
        std::vector<Measurement> one = syntheticMeasurements();
        one.resize(1);
        const CalibrationResult r = calibrate(exampleDesign(), catalog::builtinCatalog(), one);
        QVERIFY(!r.ok());
        QVERIFY(mentions(r.reasons, "underdetermined: 1 measurement(s) for 2 parameters"));
    }

    void measurementsThatCannotSeparateParametersAreRefused() {
        std::vector<Measurement> same = syntheticMeasurements();
        same.resize(1);
        same.push_back(same.front());  // the same run twice: one equation, two unknowns
        const CalibrationResult r = calibrate(exampleDesign(), catalog::builtinCatalog(), same);
        QVERIFY(!r.ok());
        QVERIFY(mentions(r.reasons, "cannot tell them apart"));
    }

    void oneParameterFromOneMeasurement() {
        std::vector<Measurement> one = syntheticMeasurements();
        one.resize(1);
        CalibrationOptions options;
        options.fit = {"gemm_efficiency_max"};
        const CalibrationResult r =
            calibrate(exampleDesign(), catalog::builtinCatalog(), one, options);
        QVERIFY(r.ok());
        QVERIFY(r.rms_after < 1e-3);
        QCOMPARE(r.parameters.size(), std::size_t{1});
    }

    void wrongMetricAndBadAssignmentSayWhere() {
        std::vector<Measurement> m = syntheticMeasurements();
        m[1].metric = measuredMetric("tpot_ms");
        m[2].assignments = {"strategy.tp=banana"};
        const CalibrationResult r = calibrate(exampleDesign(), catalog::builtinCatalog(), m);
        QVERIFY(!r.ok());
        QVERIFY(mentions(r.reasons, "line 3: tpot_ms is a serving metric"));
        QVERIFY(mentions(r.reasons, "line 4: "));
    }

    void unknownParameterIsNamed() {
        CalibrationOptions options;
        options.fit = {"peak_flops"};
        const CalibrationResult r =
            calibrate(exampleDesign(), catalog::builtinCatalog(), syntheticMeasurements(), options);
        QVERIFY(mentions(r.reasons, "no parameter 'peak_flops'"));
    }

    void measurementFileProblemsSayWhere() {
        std::vector<std::string> errors;
        QVERIFY(
            !parseMeasurements("metric,value,strategy.tp,colour\n"
                               "step_time_s,abc,4,red\n",
                               errors));
        QVERIFY(mentions(errors,
                         "column 'colour' is not metric, value, note, collective, bytes, ranks or "
                         "a design field"));
        errors.clear();
        QVERIFY(!parseMeasurements("metric,value\nstep_time_s,-3\nlatency,2\n", errors));
        QVERIFY(mentions(errors, "2: value: '-3' is not a positive number"));
        QVERIFY(mentions(errors, "3: metric: 'latency' is not one of"));
        errors.clear();
        QVERIFY(!parseMeasurements("metric,value\nstep_time_s,1\xff\n", errors));
        QVERIFY(mentions(errors, "not valid UTF-8"));
        errors.clear();
        QVERIFY(!parseMeasurements("metric,value\n", errors));
        QVERIFY(mentions(errors, "no measurement rows"));
        errors.clear();
        std::string many = "metric,value\n";
        for (int i = 0; i < 201; ++i)
            many += "step_time_s,1\n";
        QVERIFY(!parseMeasurements(many, errors));
        QVERIFY(mentions(errors, "at most 200"));
    }

    void measurementFileIsRead() {
        std::vector<std::string> errors;
        const auto m = parseMeasurements(
            "metric,value,note,/strategy/microbatch,strategy.recompute\n"
            "step_time_s,12.5,baseline,,\n"
            "step_time_s,11.25,\"mb 2, full\",2,full\n",
            errors);
        QVERIFY(m && errors.empty());
        QCOMPARE(m->size(), std::size_t{2});
        QVERIFY((*m)[0].assignments.empty());
        QCOMPARE((*m)[1].line, 3);
        QCOMPARE((*m)[1].note, std::string("mb 2, full"));
        QCOMPARE((*m)[1].assignments,
                 (std::vector<std::string>{"/strategy/microbatch=2", "strategy.recompute=full"}));
    }

    void everyEmittedKeyIsDescribed() {
        std::set<std::string> described;
        for (const ResultField& f : calibrationSchema())
            described.insert(f.key);
        const std::set<std::string> emitted =
            test::emittedKeys(calibrationToJson(syntheticFit()), {"entries"});
        for (const std::string& key : emitted)
            QVERIFY2(described.contains(key), ("not in the calibration schema: " + key).c_str());
        for (const std::string& key : described)
            QVERIFY2(emitted.contains(key), ("never emitted: " + key).c_str());
        const auto table = test::resultsDocTable("calibration schema");
        QVERIFY2(table, "docs/results.md: the calibration table's markers are missing");
        QCOMPARE(*table, calibrationSchemaMarkdown());
    }
};

QTEST_MAIN(TestCalibration)
#include "tst_calibration.moc"
