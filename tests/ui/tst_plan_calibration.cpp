// Tools -> Calibrate as a user runs it: step times "measured" with known H100 efficiencies are
// loaded from a CSV, the ticked parameters fitted off the GUI thread; the tables show core's
// predictions and errors before and after and the fitted values; Save writes the entry into
// the user catalog and the window reads it again; a malformed file says where; Cancel stops.
#include <QAction>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

#include "catalog/user_catalog.h"
#include "core/evaluate/evaluate.h"
#include "core/results/format.h"
#include "ui/document/designdocument.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/plan/calibrationdialog.h"
#include "windowtest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

constexpr const char* kH100 = "nvidia-h100-sxm";
constexpr double kTrueGemm = 0.62;
constexpr double kTrueMemory = 0.71;

// Four runs of the example (as designed, micro-batch 2, no sequence parallelism, full
// recompute), their step times evaluated with the H100 at the "true" efficiencies.
QByteArray syntheticCsv() {
    catalog::Catalog truth = catalog::builtinCatalog();
    catalog::Accelerator h100 = *truth.accelerator(kH100);
    h100.gemm_efficiency_max = kTrueGemm;
    h100.memory_efficiency = kTrueMemory;
    truth.put(h100);
    const std::vector<std::pair<QByteArray, void (*)(Design&)>> runs = {
        {",,", [](Design&) {}},
        {"2,,", [](Design& d) { d.strategy.microbatch = 2; }},
        {",false,", [](Design& d) { d.strategy.sequence_parallel = false; }},
        {",,full", [](Design& d) { d.strategy.recompute = Recompute::full; }}};
    QByteArray csv =
        "metric,value,strategy.microbatch,strategy.sequence_parallel,strategy.recompute\n";
    for (const auto& [columns, change] : runs) {
        Design d = test::example("dgx-h100-training.json");
        change(d);
        const Results r = evaluate(d, truth);
        if (!r.training || !r.feasible) qFatal("a synthetic run is infeasible");
        csv += "step_time_s," + QByteArray::number(r.training->step_time_s, 'g', 12) + "," +
               columns + "\n";
    }
    return csv;
}

QString writeFile(const QTemporaryDir& dir, const char* name, const QByteArray& text) {
    const QString path = dir.filePath(QString::fromUtf8(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size()) qFatal("cannot write");
    return path;
}

CalibrationDialog* openCalibration(MainWindow& w) {
    auto* action = w.findChild<QAction*>(QStringLiteral("calibrate"));
    if (!action) return nullptr;
    action->trigger();
    return w.findChild<CalibrationDialog*>();
}

bool fitted(CalibrationDialog* dialog) {
    QSignalSpy done(dialog, &CalibrationDialog::finished);
    return !dialog->isRunning() || done.wait(uitest::kPlanningWaitMs);
}

QString shown(double value) {
    return QString::fromStdString(formatNumber(value, 4));
}

}  // namespace

class TestPlanCalibration : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_userCatalog;

private Q_SLOTS:
    void initTestCase() {
        uitest::isolateSettings(m_dir);
        m_userCatalog = m_dir.filePath(QStringLiteral("user-catalog.sqlite"));
        qputenv("INFRAPLAN_USER_CATALOG", m_userCatalog.toLocal8Bit());
    }

    // The default parameters are ticked; the fit recovers the true values; the tables show
    // core's numbers; Save writes the entry and the open design uses it.
    void fitsShowsAndSaves() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        CalibrationDialog* dialog = openCalibration(w);
        QVERIFY(dialog);
        QVERIFY(!dialog->fitButton()->isEnabled());
        QCOMPARE(dialog->chosenParameters(), defaultCalibrationParameters());
        QCOMPARE(dialog->parameterList()->count(), int(calibrationParameters().size()));
        QVERIFY2(dialog->loadMeasurements(writeFile(m_dir, "measured.csv", syntheticCsv())),
                 qPrintable(dialog->statusLabel()->text()));
        QVERIFY(dialog->fitButton()->isEnabled() && !dialog->saveButton()->isEnabled());
        QVERIFY(dialog->fit());
        QVERIFY(fitted(dialog));
        QVERIFY(dialog->result());
        const CalibrationResult& r = *dialog->result();
        QVERIFY2(r.ok(), qPrintable(dialog->statusLabel()->text()));
        QVERIFY(r.rms_after < r.rms_before);

        const QTableWidget* rows = dialog->rowsTable();
        QCOMPARE(rows->rowCount(), 4);
        for (int i = 0; i < 4; ++i) {
            const CalibratedRow& row = r.rows[std::size_t(i)];
            QCOMPARE(rows->item(i, 0)->text(), QString::number(row.line));
            QCOMPARE(rows->item(i, 2)->text(), shown(row.measured));
            QCOMPARE(rows->item(i, 3)->text(), shown(row.before));
            QCOMPARE(rows->item(i, 5)->text(), shown(row.after));
            QCOMPARE(rows->item(i, 6)->text(), QStringLiteral("+0.0%"));  // within 0.05%
        }
        const QTableWidget* params = dialog->parametersTable();
        QCOMPARE(params->rowCount(), 2);
        for (int i = 0; i < 2; ++i) {
            const FittedParameter& p = r.parameters[std::size_t(i)];
            QCOMPARE(params->item(i, 1)->text(), QString::fromStdString(p.id));
            QCOMPARE(params->item(i, 2)->text(), shown(p.before));
            QCOMPARE(params->item(i, 3)->text(), shown(p.after));
            const double truth = p.id == "gemm_efficiency_max" ? kTrueGemm : kTrueMemory;
            QVERIFY2(std::abs(p.after / truth - 1) < 0.01, p.id.c_str());
        }

        QVERIFY(dialog->saveButton()->isEnabled());
        dialog->saveButton()->click();
        QVERIFY2(dialog->statusLabel()->text().startsWith(QStringLiteral("Saved")),
                 qPrintable(dialog->statusLabel()->text()));
        std::vector<std::string> messages;
        const catalog::Catalog saved = catalog::loadCatalog(m_userCatalog.toStdString(), &messages);
        QVERIFY(saved.accelerator(kH100));
        QCOMPARE(saved.accelerator(kH100)->gemm_efficiency_max, r.parameters[0].after);
        const catalog::Accelerator* used = w.document()->sharedCatalog()->accelerator(kH100);
        QVERIFY(used && used->origin == catalog::Origin::user);
    }

    // A malformed file names its line; nothing can be fitted.
    void aMalformedFileSaysWhere() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        CalibrationDialog* dialog = openCalibration(w);
        QVERIFY(dialog);
        const QString path =
            writeFile(m_dir, "bad.csv", "metric,value\nstep_time_s,14.2\nstep_time_s,fast\n");
        QVERIFY(!dialog->loadMeasurements(path));
        QVERIFY2(dialog->statusLabel()->text().contains(QStringLiteral("bad.csv:3")),
                 qPrintable(dialog->statusLabel()->text()));
        QVERIFY(!dialog->fitButton()->isEnabled());
    }

    // Cancel stops the fit; nothing fitted, nothing to save.
    void cancelStopsTheFit() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        CalibrationDialog* dialog = openCalibration(w);
        QVERIFY(dialog);
        QVERIFY(dialog->loadMeasurements(writeFile(m_dir, "measured2.csv", syntheticCsv())));
        QVERIFY(dialog->fit());
        dialog->cancelButton()->click();
        QVERIFY(fitted(dialog));
        QVERIFY2(dialog->statusLabel()->text().contains(QStringLiteral("Cancelled")),
                 qPrintable(dialog->statusLabel()->text()));
        QVERIFY(!dialog->result() && !dialog->saveButton()->isEnabled());
        QVERIFY(dialog->fitButton()->isEnabled());
    }
};

QTEST_MAIN(TestPlanCalibration)
#include "tst_plan_calibration.moc"
