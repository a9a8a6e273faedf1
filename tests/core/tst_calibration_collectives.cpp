// Calibration from nccl-tests bus bandwidth: runs "measured" with known collective
// efficiencies of the scale-up (NVLink) and scale-out (InfiniBand) links are fitted back to
// them within 1%, the fitted link entries carry their source, and the runs' own problems
// (more ranks than devices, a parameter no run depends on, missing columns) say where.
#include <QtTest>

#include "catalog/catalog.h"
#include "core/planning/calibration.h"
#include "core/planning/used_parts.h"
#include "example_designs.h"
#include "tests/support/mentions.h"

using namespace infraplan;
using infraplan::test::mentions;

namespace {

constexpr double kTrueScaleUp = 0.81;
constexpr double kTrueScaleOut = 0.86;

Design exampleDesign() {
    return test::example("dgx-h100-training.json");  // 32 DGX H100, NDR rail-optimized
}

// The built-in catalog with the example's links at the "true" efficiencies.
catalog::Catalog trueCatalog() {
    catalog::Catalog c = catalog::builtinCatalog();
    const UsedParts used = usedParts(exampleDesign(), c);
    for (const std::string& id : used.scaleup_links) {
        catalog::Link link = *c.link(id);
        link.collective_efficiency = kTrueScaleUp;
        c.put(link);
    }
    for (const std::string& id : used.nic_links) {
        catalog::Link link = *c.link(id);
        link.collective_efficiency = kTrueScaleOut;
        c.put(link);
    }
    return c;
}

Measurement busBandwidth(int line, Collective op, double bytes, long long ranks, double value) {
    Measurement m;
    m.line = line;
    m.metric = measuredMetric("bus_bandwidth_gb_s");
    m.value = value;
    m.collective = CollectiveRun{op, bytes, ranks};
    return m;
}

// nccl-tests sweeps inside one node (8 ranks) and over 8 and 32 nodes.
std::vector<Measurement> sweep(double value) {
    return {busBandwidth(2, Collective::all_reduce, 1 << 30, 8, value),
            busBandwidth(3, Collective::all_gather, 1 << 28, 8, value),
            busBandwidth(4, Collective::all_reduce, 1 << 30, 64, value),
            busBandwidth(5, Collective::reduce_scatter, 1 << 30, 256, value),
            busBandwidth(6, Collective::all_reduce, 1 << 28, 256, value)};
}

const std::vector<std::string> kLinkParameters = {"scaleup_collective_efficiency",
                                                  "scaleout_collective_efficiency"};

// The sweep as the true catalog predicts it: calibrate() reports each row's prediction with
// the catalog's values ("before"), so no second copy of the model is needed here.
std::vector<Measurement> measuredSweep() {
    CalibrationOptions options;
    options.fit = kLinkParameters;
    options.max_iterations = 0;
    const CalibrationResult truth = calibrate(exampleDesign(), trueCatalog(), sweep(100), options);
    if (truth.rows.size() != 5) qFatal("the true sweep did not evaluate");
    std::vector<Measurement> out = sweep(0);
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i].value = truth.rows[i].before;
    return out;
}

const CalibrationResult& linkFit() {
    static const CalibrationResult r = [] {
        CalibrationOptions options;
        options.fit = kLinkParameters;
        options.measurements_name = "nccl.csv";
        return calibrate(exampleDesign(), catalog::builtinCatalog(), measuredSweep(), options);
    }();
    return r;
}

}  // namespace

class TestCalibrationCollectives : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recoversLinkEfficienciesWithinOnePercent() {
        const CalibrationResult& r = linkFit();
        QVERIFY2(r.ok(), r.reasons.empty() ? "refused" : r.reasons.front().c_str());
        QCOMPARE(r.parameters.size(), std::size_t(2));
        const FittedParameter& up = r.parameters[0];
        const FittedParameter& out = r.parameters[1];
        qDebug(
            "scale-up %.4f -> %.4f (true %.2f); scale-out %.4f -> %.4f (true %.2f); RMS "
            "%.2f%% -> %.4f%% in %d iterations, %d predictions",
            up.before, up.after, kTrueScaleUp, out.before, out.after, kTrueScaleOut,
            r.rms_before * 100, r.rms_after * 100, r.iterations, r.evaluations);
        QCOMPARE(up.before, 0.70);  // the class defaults, as the catalog leaves them
        QCOMPARE(out.before, 0.92);
        QVERIFY(std::abs(up.after / kTrueScaleUp - 1) < 0.01);
        QVERIFY(std::abs(out.after / kTrueScaleOut - 1) < 0.01);
        QVERIFY(r.rms_before > 0.05);
        QVERIFY(r.rms_after < 1e-3);
        for (const CalibratedRow& row : r.rows)
            QVERIFY(row.measured > 10 && row.measured < 1000);  // GB/s, a plausible busbw
    }

    void fittedLinksAreCatalogOverridesWithTheirSource() {
        const CalibrationResult& r = linkFit();
        QVERIFY(r.ok());
        const UsedParts used = usedParts(exampleDesign(), catalog::builtinCatalog());
        QCOMPARE(r.calibrated.size(), used.scaleup_links.size() + used.nic_links.size());
        for (const catalog::AnyEntry& any : r.calibrated) {
            const auto* link = std::get_if<catalog::Link>(&any);
            QVERIFY(link);  // no accelerator field was fitted: the accelerator is not written
            QVERIFY(link->overrides_builtin);
            QCOMPARE(link->sourceOf("collective_efficiency").document,
                     std::string("calibrated from 5 measurements (nccl.csv) by infraplan-cli "
                                 "calibrate"));
            const double truth =
                link->cls == catalog::LinkClass::scale_up ? kTrueScaleUp : kTrueScaleOut;
            QVERIFY(std::abs(link->collective_efficiency / truth - 1) < 0.01);
        }
    }

    void moreRanksThanDevicesSaysWhere() {
        std::vector<Measurement> rows = sweep(100);
        rows[1].collective->ranks = 512;
        CalibrationOptions options;
        options.fit = kLinkParameters;
        const CalibrationResult r =
            calibrate(exampleDesign(), catalog::builtinCatalog(), rows, options);
        QVERIFY(!r.ok());
        QVERIFY2(mentions(r.reasons, "line 3: ranks: 512 GPUs, but the design has 256"),
                 r.reasons.empty() ? "" : r.reasons.front().c_str());
    }

    void runsInsideOneNodeCannotFitTheScaleOut() {
        std::vector<Measurement> rows = sweep(100);
        rows.resize(2);  // 8 ranks: one node
        CalibrationOptions options;
        options.fit = kLinkParameters;
        const CalibrationResult r =
            calibrate(exampleDesign(), catalog::builtinCatalog(), rows, options);
        QVERIFY(!r.ok());
        QVERIFY(mentions(r.reasons, "no measurement depends on scaleout_collective_efficiency"));
    }

    void collectiveColumnsAreChecked() {
        std::vector<std::string> errors;
        QVERIFY(
            !parseMeasurements("metric,value,collective,bytes\n"
                               "bus_bandwidth_gb_s,350,all_reduce,1073741824\n",
                               errors));
        QVERIFY(mentions(errors, "2: ranks: '' is not a whole number of GPUs"));
        errors.clear();
        QVERIFY(
            !parseMeasurements("metric,value,collective,bytes,ranks\n"
                               "bus_bandwidth_gb_s,350,broadcast,1073741824,8\n"
                               "step_time_s,12,all_reduce,,\n",
                               errors));
        QVERIFY(mentions(errors, "2: collective: 'broadcast' is not all_reduce"));
        QVERIFY(mentions(errors, "3: collective: only bus_bandwidth_gb_s rows name one"));
        errors.clear();
        const auto read = parseMeasurements(
            "metric,value,collective,bytes,ranks,note\n"
            "bus_bandwidth_gb_s,362.5,all_reduce,8589934592,8,"
            "one node\n",
            errors);
        QVERIFY(read);
        QCOMPARE(read->front().collective->ranks, 8LL);
        QCOMPARE(read->front().collective->bytes, 8589934592.0);
        QCOMPARE(read->front().value, 362.5);
    }

    void unknownParameterListsTheLinkOnes() {
        CalibrationOptions options;
        options.fit = {"nvlink_efficiency"};
        const CalibrationResult r =
            calibrate(exampleDesign(), catalog::builtinCatalog(), sweep(100), options);
        QVERIFY(mentions(r.reasons, "scaleout_collective_latency_us"));
    }
};

QTEST_GUILESS_MAIN(TestCalibrationCollectives)
#include "tst_calibration_collectives.moc"
