// The report header's author and organisation (File -> Report Settings) and Compare's Export
// PDF, as a user runs them: the dialog's fields are stored in the settings, and both the
// single-design report and the comparison report (one code path with the CLI's) carry them.
#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include "core/evaluate/evaluate.h"
#include "core/results/results_json.h"
#include "ui/compare/comparedialog.h"
#include "ui/document/designdocument.h"
#include "ui/export/reportexporter.h"
#include "ui/export/reportsettings.h"
#include "ui/export/reportsettingsdialog.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/report/reportdocument.h"
#include "uitest.h"

using namespace infraplan;
using namespace infraplan::ui;

class TestReportHeader : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        uitest::isolateSettings(m_dir);
    }

    void settingsDialogStoresTheHeaderForTheReport() {
        MainWindow window;
        QVERIFY(window.openFile(uitest::example("dgx-h100-training.json")));
        auto* action = window.findChild<QAction*>(QStringLiteral("reportSettings"));
        QVERIFY(action);
        uitest::answerNextModal([](QWidget* modal) {
            auto* dialog = qobject_cast<ReportSettingsDialog*>(modal);
            QVERIFY(dialog);
            dialog->authorEdit()->setText(QStringLiteral("Ada Lovelace"));
            dialog->organisationEdit()->setText(QStringLiteral(" Analytical Engines Ltd "));
            dialog->accept();
        });
        action->trigger();
        QCOMPARE(QSettings().value(QStringLiteral("report/author")).toString(),
                 QStringLiteral("Ada Lovelace"));
        const report::ReportOptions options = reportOptionsFor(*window.document());
        QCOMPARE(options.author, QStringLiteral("Ada Lovelace"));
        QCOMPARE(options.organisation, QStringLiteral("Analytical Engines Ltd"));
        const nlohmann::json results =
            resultsToJson(evaluate(window.document()->design(), window.document()->catalog()));
        report::ReportInput input{window.document()->design(), window.document()->catalog(),
                                  results, QString()};
        input.options = options;
        const QString html = report::buildReportHtml(input).html;
        QVERIFY(html.contains(QLatin1String("Ada Lovelace")));
        QVERIFY(html.contains(QLatin1String("Analytical Engines Ltd")));

        // The dialog opens on the stored values; Cancel keeps them.
        ReportSettingsDialog again;
        QCOMPARE(again.authorEdit()->text(), QStringLiteral("Ada Lovelace"));
        again.authorEdit()->setText(QStringLiteral("someone else"));
        again.reject();
        QCOMPARE(reportHeaderFromSettings().author, QStringLiteral("Ada Lovelace"));
    }

    void compareExportsTheComparisonPdf() {
        saveReportHeader({QStringLiteral("Grace Hopper"), QStringLiteral("Navy Labs")});
        MainWindow window;
        QVERIFY(window.openFile(uitest::example("dgx-h100-training.json")));
        CompareDialog dialog(window.document()->design(), QStringLiteral("Baseline"),
                             window.document()->sharedCatalog());
        Design other = window.document()->design();
        other.strategy.tp = 4;
        other.strategy.pp = 4;
        dialog.setOther(other, QStringLiteral("Wider TP"));
        QVERIFY(!dialog.exportPdfButton()->isEnabled());  // nothing to write before the results
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isReady(), 60000);
        QVERIFY(dialog.exportPdfButton()->isEnabled());

        const QString html = dialog.reportHtml().html;
        QVERIFY(html.contains(QLatin1String("Baseline")));
        QVERIFY(html.contains(QLatin1String("Wider TP")));
        QVERIFY(html.contains(QLatin1String("Step time")));
        QVERIFY(html.contains(QLatin1String("strategy.tp")));  // an input that differs
        QVERIFY(html.contains(QLatin1String("Grace Hopper")));
        QVERIFY(html.contains(QLatin1String("Navy Labs")));

        // The button asks for the file and writes the PDF there.
        QSettings().setValue(QStringLiteral("report/folder"), m_dir.path());
        QString offered;
        uitest::answerNextModal([&offered](QWidget* modal) {
            auto* files = qobject_cast<QFileDialog*>(modal);
            QVERIFY(files);
            offered = files->selectedFiles().value(0);
            static_cast<QDialog*>(files)->accept();
        });
        dialog.exportPdfButton()->click();
        QCOMPARE(offered, m_dir.filePath(QStringLiteral("Baseline-vs-Wider TP.pdf")));
        QFile file(offered);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(offered));
        QVERIFY(file.readAll().startsWith("%PDF-"));

        QString error;
        QVERIFY(!dialog.exportPdf(m_dir.filePath(QStringLiteral("missing/x.pdf")), &error));
        QVERIFY2(error.contains(QLatin1String("cannot write")), qPrintable(error));
    }
};

QTEST_MAIN(TestReportHeader)
#include "tst_report_header.moc"
