// Help > User Guide and Help > About: the guide lists the project's documents, from an
// installed layout beside the program or else from the source tree, and renders each from
// Markdown; About and the CLI name the CMake project's version.
#include <QAction>
#include <QDir>
#include <QListWidget>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

#include "tests/cli_runner.h"
#include "tests/support/test_paths.h"
#include "ui/help/about.h"
#include "ui/help/userguide.h"
#include "ui/mainwindow/mainwindow.h"
#include "uitest.h"

using namespace infraplan::ui;

namespace {

const QString kSourceDir = QString::fromUtf8(infraplan::test::sourceDir());

bool writeFile(const QString& path, const QByteArray& text) {
    QFile file(path);
    return QDir().mkpath(QFileInfo(path).path()) && file.open(QIODevice::WriteOnly) &&
           file.write(text) == text.size();
}

QAction* menuAction(QMainWindow& window, const QString& text) {
    for (QAction* menu : window.menuBar()->actions())
        for (QAction* action : menu->menu()->actions())
            if (action->text() == text) return action;
    return nullptr;
}

}  // namespace

class TestHelp : public QObject {
    Q_OBJECT
    QTemporaryDir m_settings;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_settings); }

    void sourceTreeGuideListsReadmeThenEveryDoc() {
        // No installed docs beside a program in a missing folder: the source tree's are used.
        const QList<GuideDocument> documents =
            userGuideDocuments(QStringLiteral("/nonexistent/bin"));
        const QStringList docs =
            QDir(kSourceDir + QStringLiteral("/docs")).entryList({QStringLiteral("*.md")});
        QVERIFY(!docs.isEmpty());
        QCOMPARE(documents.size(), docs.size() + 1);
        QCOMPARE(documents.front().path, kSourceDir + QStringLiteral("/README.md"));
        QCOMPARE(documents.front().title, QStringLiteral("Infraplan"));
        const auto gui = std::find_if(documents.begin(), documents.end(), [](const auto& d) {
            return d.path.endsWith(QLatin1String("/docs/gui.md"));
        });
        QVERIFY(gui != documents.end());
        QCOMPARE(gui->title, QStringLiteral("The Infraplan window"));
    }

    void installedGuideIsFoundBesideTheProgram() {
        // The layout installers/install_layout.cmake makes: bin/ and share/infraplan/docs/.
        QTemporaryDir root;
        const QString docs = root.filePath(QStringLiteral("share/infraplan/docs"));
        QVERIFY(QDir().mkpath(root.filePath(QStringLiteral("bin"))));
        QVERIFY(writeFile(docs + QStringLiteral("/README.md"), "# Installed overview\n\nText.\n"));
        QVERIFY(writeFile(docs + QStringLiteral("/design-file.md"), "# The design file\n"));
        const QList<GuideDocument> documents = userGuideDocuments(root.filePath("bin"));
        QCOMPARE(documents.size(), 2);
        QCOMPARE(documents[0].title, QStringLiteral("Installed overview"));
        QCOMPARE(documents[1].title, QStringLiteral("The design file"));
        QVERIFY(documents[1].path.startsWith(root.path()));
    }

    void dialogRendersEachDocumentFromMarkdown() {
        const QList<GuideDocument> documents = userGuideDocuments(QStringLiteral("/nonexistent"));
        UserGuideDialog dialog(documents);
        QCOMPARE(dialog.documentList()->count(), documents.size());
        for (int row = 0; row < documents.size(); ++row) {
            dialog.documentList()->setCurrentRow(row);
            const QString text = dialog.browser()->toPlainText();
            QVERIFY2(text.startsWith(documents[row].title), qPrintable(documents[row].path));
            QVERIFY2(!text.contains(QLatin1String("| ---")), "a Markdown table left as text");
        }
    }

    void missingGuideSaysWhereItLooked() {
        UserGuideDialog dialog({});
        QVERIFY(dialog.browser()->toPlainText().contains(QLatin1String("not installed")));
    }

    void helpMenuOpensOneGuide() {
        MainWindow window;
        QAction* guide = menuAction(window, QStringLiteral("&User Guide"));
        QVERIFY(guide);
        QCOMPARE(guide->shortcut(), QKeySequence(QKeySequence::HelpContents));
        guide->trigger();
        guide->trigger();
        const QList<UserGuideDialog*> dialogs = window.findChildren<UserGuideDialog*>();
        QCOMPARE(dialogs.size(), 1);
        QVERIFY(dialogs.front()->isVisible());
        QVERIFY(dialogs.front()->documentList()->count() > 1);
        QVERIFY(menuAction(window, QStringLiteral("&About Infraplan")));
    }

    void aboutAndCliNameTheProjectVersion() {
        const QString version = QStringLiteral(INFRAPLAN_VERSION);  // CMake's PROJECT_VERSION
        QVERIFY(aboutText().contains(QStringLiteral("Infraplan ") + version));
        const CliRun run = runCli({QStringLiteral("--version")});
        QCOMPARE(run.exit_code, 0);
        QCOMPARE(run.out.trimmed(), QStringLiteral("infraplan-cli ") + version);
    }
};

QTEST_MAIN(TestHelp)
#include "tst_help.moc"
