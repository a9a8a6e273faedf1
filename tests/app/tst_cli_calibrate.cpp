// `infraplan-cli calibrate` as a user runs it: measurements in a CSV, the fit printed, the
// calibrated entry written to a catalog file that `catalog import` takes (or saved into the
// user catalog at once), after which `evaluate` predicts what the fit said; a malformed CSV
// and an underdetermined fit refused with where and why.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "tests/cli_runner.h"
#include "tests/core/example_designs.h"

namespace {

QString example() {
    return QString::fromStdString(infraplan::test::examplePath("dgx-h100-training.json"));
}

}  // namespace

class TestCliCalibrate : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString path(const char* name) const { return m_dir.filePath(QString::fromUtf8(name)); }

    double stepTime(const QString& user, const QStringList& extra = {}) {
        const CliRun run =
            runCli(QStringList{"--user-catalog", user, "evaluate", example(), "--json"} + extra);
        if (run.exit_code != 0) qFatal("evaluate failed: %s", qPrintable(run.err));
        return nlohmann::json::parse(run.out.toStdString())["training"]["step_time_s"];
    }

    // Two runs "measured" 20% slower than the built-in catalog predicts.
    QString writeMeasurements(const QString& user) {
        const double base = stepTime(user);
        const double mb2 = stepTime(user, {"--set", "strategy.microbatch=2"});
        return writeTestFile(m_dir.path(), QStringLiteral("measured.csv"),
                             QStringLiteral("metric,value,note,strategy.microbatch\n"
                                            "step_time_s,%1,as designed,\n"
                                            "step_time_s,%2,micro-batch 2,2\n")
                                 .arg(base * 1.2, 0, 'g', 10)
                                 .arg(mb2 * 1.2, 0, 'g', 10)
                                 .toUtf8());
    }

private Q_SLOTS:
    void fitWritesAnEntryThatEvaluateUses() {
        const QString user = path("fit.sqlite");
        const QString csv = writeMeasurements(user);
        const QString entry = path("calibrated.json");
        const CliRun run = runCli({"--user-catalog", user, "calibrate", example(), csv, "--fit",
                                   "gemm_efficiency_max", "-o", entry, "--json"});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        const nlohmann::json j = nlohmann::json::parse(run.out.toStdString());
        QCOMPARE(j["accelerator"], "nvidia-h100-sxm");
        QVERIFY(j["rms_error_before"].get<double>() > 0.15);
        QVERIFY(j["rms_error_after"].get<double>() < 0.02);
        QVERIFY(j["parameters"][0]["after"].get<double>() < j["parameters"][0]["before"]);
        const CliRun import = runCli({"--user-catalog", user, "catalog", "import", entry});
        QVERIFY2(import.exit_code == 0, qPrintable(import.err));
        const double after = j["rows"][0]["after"];
        QVERIFY(std::abs(stepTime(user) / after - 1) < 1e-6);
        const CliRun show = runCli({"--user-catalog", user, "catalog", "show", "nvidia-h100-sxm"});
        QVERIFY(show.out.contains(QStringLiteral("calibrated from 2 measurements (measured.csv)")));
    }

    void saveWritesTheUserCatalog() {
        const QString user = path("save.sqlite");
        const QString csv = writeMeasurements(user);
        const double before = stepTime(user);
        const CliRun run = runCli({"--user-catalog", user, "calibrate", example(), csv, "--fit",
                                   "gemm_efficiency_max", "--save"});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        QVERIFY(run.out.contains(QStringLiteral("error (RMS / largest): before")));
        QVERIFY(stepTime(user) > before * 1.1);
    }

    // nccl-tests lines 10% below what the built-in links predict: the fitted NVLink and
    // InfiniBand entries, saved, slow the DP and TP collectives of the training step.
    void busBandwidthFitsTheLinks() {
        const QString user = path("links.sqlite");
        const QString csv = writeTestFile(m_dir.path(), QStringLiteral("nccl.csv"),
                                          "metric,value,collective,bytes,ranks\n"
                                          "bus_bandwidth_gb_s,280,all_reduce,1073741824,8\n"
                                          "bus_bandwidth_gb_s,250,all_gather,268435456,8\n"
                                          "bus_bandwidth_gb_s,40,all_reduce,1073741824,64\n"
                                          "bus_bandwidth_gb_s,41,reduce_scatter,1073741824,256\n");
        const double before = stepTime(user);
        const CliRun run = runCli({"--user-catalog", user, "calibrate", example(), csv, "--fit",
                                   "scaleup_collective_efficiency,scaleout_collective_efficiency",
                                   "--save", "--json"});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        const nlohmann::json j = nlohmann::json::parse(run.out.toStdString());
        QVERIFY(j["rms_error_after"].get<double>() < j["rms_error_before"].get<double>());
        QVERIFY(j["entries"].size() >= 2);
        for (const auto& entry : j["entries"])
            QCOMPARE(entry["kind"], "link");
        QVERIFY(run.err.contains(QStringLiteral("saved ib-ndr-400 into")));
        QVERIFY(stepTime(user) != before);
    }

    void malformedCsvSaysWhere() {
        const QString csv = writeTestFile(m_dir.path(), QStringLiteral("bad.csv"),
                                          "metric,value\nstep_time_s,fast\n");
        const CliRun run =
            runCli({"--user-catalog", path("bad.sqlite"), "calibrate", example(), csv});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains(QStringLiteral("bad.csv:2: value: 'fast' is not a positive "
                                                 "number")),
                 qPrintable(run.err));
    }

    void underdeterminedFitIsRefused() {
        const QString csv = writeTestFile(m_dir.path(), QStringLiteral("one.csv"),
                                          "metric,value\nstep_time_s,30\n");
        const CliRun run =
            runCli({"--user-catalog", path("one.sqlite"), "calibrate", example(), csv});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains(QStringLiteral("underdetermined")), qPrintable(run.err));
    }
};

QTEST_MAIN(TestCliCalibrate)
#include "tst_cli_calibrate.moc"
