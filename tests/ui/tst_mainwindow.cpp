// The main window as a user meets it: open, save, reopen, the dirty marker, the close prompt,
// a malformed file, remembered files and geometry, and the no-display message.
#include <QDir>
#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>

#include "core/io/design_json.h"
#include "tests/support/test_paths.h"
#include "ui/app/startup.h"
#include "ui/document/designdocument.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/mainwindow/recentfiles.h"
#include "ui/widgets/diagnosticsdialog.h"
#include "uitest.h"

using namespace infraplan;
using namespace infraplan::ui;

class TestMainWindow : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        uitest::isolateSettings(m_dir);
    }

    void openSaveReopenIsIdentical_data() {
        QTest::addColumn<QString>("file");
        const QDir examples(QString::fromUtf8(test::sourceDir()) +
                            QStringLiteral("/resources/examples"));
        const QStringList files = examples.entryList({QStringLiteral("*.json")});
        QVERIFY(files.size() >= 3);
        for (const QString& f : files)
            QTest::newRow(qPrintable(f)) << examples.filePath(f);
    }

    void openSaveReopenIsIdentical() {
        QFETCH(QString, file);
        MainWindow window;
        QVERIFY(window.openFile(file));
        const nlohmann::json original = designToJson(window.document()->design());
        QVERIFY(original.contains("hardware"));
        const QString saved = m_dir.filePath(QFileInfo(file).fileName());
        QVERIFY(window.saveFile(saved));
        QCOMPARE(window.document()->filePath(), QFileInfo(saved).absoluteFilePath());

        MainWindow reopened;
        QVERIFY(reopened.openFile(saved));
        QVERIFY(designToJson(reopened.document()->design()) == original);
        QVERIFY(!reopened.isWindowModified());
    }

    void dirtyMarkerFollowsTheUndoStack() {
        MainWindow window;
        QVERIFY(window.openFile(uitest::example("dgx-h100-training.json")));
        QVERIFY(!window.isWindowModified());
        QVERIFY(window.windowTitle().contains(QStringLiteral("dgx-h100-training.json")));
        window.document()->setName("Renamed");
        QVERIFY(window.isWindowModified());
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("Renamed")));
        window.document()->undoStack()->undo();
        QVERIFY(!window.isWindowModified());
        window.document()->undoStack()->redo();
        QVERIFY(window.isWindowModified());
        QVERIFY(window.saveFile(m_dir.filePath(QStringLiteral("renamed.json"))));
        QVERIFY(!window.isWindowModified());
    }

    void malformedFileShowsErrorsAndLosesNothing() {
        QFile bad(m_dir.filePath(QStringLiteral("bad.json")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write(R"({"format": "infraplan-design", "version": 1,
            "hardware": {"items": [{"id": "g", "kind": "accelerator", "ref": "nvidia-h100-sxm",
            "count": -4}]}, "workload": {"mode": "training", "model": "gpt3-175b"}})");
        bad.close();

        MainWindow window;
        QVERIFY(window.openFile(uitest::example("dgx-h100-training.json")));
        window.document()->setName("Unsaved work");
        const nlohmann::json before = designToJson(window.document()->design());
        const QString pathBefore = window.document()->filePath();

        QStringList shown;
        uitest::answerNextModal([&shown](QWidget* modal) {
            auto* dialog = qobject_cast<DiagnosticsDialog*>(modal);
            if (dialog)
                for (int i = 0; i < dialog->list()->topLevelItemCount(); ++i)
                    shown << dialog->list()->topLevelItem(i)->text(0);
            modal->close();
        });
        QVERIFY(!window.openFile(bad.fileName()));
        QVERIFY2(shown.contains(QStringLiteral("/hardware/items/0/count")),
                 qPrintable(shown.join(',')));
        QVERIFY(designToJson(window.document()->design()) == before);
        QCOMPARE(window.document()->filePath(), pathBefore);
        QVERIFY(window.isWindowModified());
        QCOMPARE(window.document()->undoStack()->count(), 1);
    }

    void closeAsksSaveDiscardCancel() {
        MainWindow window;
        window.show();
        QVERIFY(window.openFile(uitest::example("hand-drawn-cxl.json")));
        window.document()->setName("Edited");

        uitest::answerNextModal([](QWidget* modal) {
            auto* box = qobject_cast<QMessageBox*>(modal);
            QVERIFY(box);
            QVERIFY(box->button(QMessageBox::Save) && box->button(QMessageBox::Discard));
            box->button(QMessageBox::Cancel)->click();
        });
        QVERIFY(!window.close());
        QVERIFY(window.isVisible());

        uitest::answerNextModal([](QWidget* modal) {
            qobject_cast<QMessageBox*>(modal)->button(QMessageBox::Discard)->click();
        });
        QVERIFY(window.close());
    }

    void remembersRecentFilesAndGeometry() {
        const QString file = uitest::example("llama3-70b-inference.json");
        {
            MainWindow window;
            window.show();
            window.resize(1111, 777);
            QVERIFY(window.openFile(file));
            QCOMPARE(window.recentFiles()->files().value(0), QFileInfo(file).absoluteFilePath());
            QVERIFY(window.close());
        }
        MainWindow again;
        QCOMPARE(again.size(), QSize(1111, 777));
        QCOMPARE(again.recentFiles()->files().value(0), QFileInfo(file).absoluteFilePath());
    }

    void noDisplayGivesTheCliEquivalent() {
        const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
        const QByteArray display = qgetenv("DISPLAY");
        const QByteArray wayland = qgetenv("WAYLAND_DISPLAY");
        qunsetenv("QT_QPA_PLATFORM");
        qunsetenv("DISPLAY");
        qunsetenv("WAYLAND_DISPLAY");
        const bool available = displayAvailable();
        qputenv("DISPLAY", ":987");  // no such X server
        const bool unreachable = displayAvailable();
        qputenv("QT_QPA_PLATFORM", platform);
        if (display.isEmpty())
            qunsetenv("DISPLAY");
        else
            qputenv("DISPLAY", display);
        if (!wayland.isEmpty()) qputenv("WAYLAND_DISPLAY", wayland);
        QVERIFY(!available);
        QVERIFY(!unreachable);
        const std::string message = noDisplayMessage("/opt/infraplan/bin/infraplan", "a.json");
        QVERIFY(message.find("/opt/infraplan/bin/infraplan-cli evaluate a.json") !=
                std::string::npos);
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
