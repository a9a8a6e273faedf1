// File -> Export Report as a user runs it: the menu item, the file dialog, and the report files
// (PDF, JSON, CSV) of the open design and its current results.
#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include "ui/document/designdocument.h"
#include "ui/evaluation/evaluator.h"
#include "ui/export/reportexporter.h"
#include "ui/mainwindow/mainwindow.h"
#include "uitest.h"

using namespace infraplan;
using namespace infraplan::ui;

class TestReportExport : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        uitest::isolateSettings(m_dir);
    }

    void writesEachFormatFromTheCurrentResults() {
        MainWindow window;
        QVERIFY(window.openFile(uitest::example("llama3-70b-inference.json")));
        QTRY_VERIFY_WITH_TIMEOUT(window.evaluator()->latest() && !window.evaluator()->isBusy(),
                                 30000);
        // Exports `name` and returns its bytes (empty when it failed).
        auto exported = [&](const char* name) {
            QString error;
            const QString path = m_dir.filePath(QLatin1String(name));
            if (!exportReportFile(*window.document(), *window.evaluator(), path, &error))
                qWarning("%s", qPrintable(error));
            QFile file(path);
            return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        };
        QVERIFY(exported("serving.pdf").startsWith("%PDF-"));
        const QByteArray json = exported("serving.json");
        QVERIFY(!json.isEmpty());
        const auto report = nlohmann::json::parse(json.toStdString());
        QCOMPARE(report["results"], currentResults(*window.document(), *window.evaluator()));
        QVERIFY(report["results"].contains("inference"));
        QVERIFY(exported("serving.csv").startsWith("metric,value,unit\n"));
        QString error;
        QVERIFY(!exportReportFile(*window.document(), *window.evaluator(),
                                  m_dir.filePath(QStringLiteral("missing/x.pdf")), &error));
        QVERIFY2(error.contains(QLatin1String("cannot write")), qPrintable(error));
    }

    void menuItemAsksForTheFileAndWritesIt() {
        MainWindow window;
        QVERIFY(window.openFile(uitest::example("dgx-h100-training.json")));
        QTRY_VERIFY_WITH_TIMEOUT(window.evaluator()->latest() && !window.evaluator()->isBusy(),
                                 30000);
        auto* action = window.findChild<QAction*>(QStringLiteral("exportReport"));
        QVERIFY(action);
        QVERIFY(action->text().contains(QLatin1String("Export Report")));
        // The dialog offers the design's name as a PDF in the folder used last time.
        QSettings().setValue(QStringLiteral("report/folder"), m_dir.path());
        const QString path = m_dir.filePath(QStringLiteral("dgx-h100-training.pdf"));
        QString offered;
        uitest::answerNextModal([&offered](QWidget* modal) {
            auto* dialog = qobject_cast<QFileDialog*>(modal);
            QVERIFY(dialog);
            offered = dialog->selectedFiles().value(0);
            static_cast<QDialog*>(dialog)->accept();  // QFileDialog hides it
        });
        action->trigger();
        QCOMPARE(offered, path);
        QFile file(path);
        QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
        QVERIFY(file.readAll().startsWith("%PDF-"));
    }
};

QTEST_MAIN(TestReportExport)
#include "tst_reportexport.moc"
