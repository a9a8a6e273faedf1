// The polish list of issue 16 as a user meets it: no stray mnemonic underscore in "Facility and
// Cost", templates listed by their names, Save As and Export with shortcuts, Ctrl+Z in a focused
// field undoing the design, a sorted model list, a search that is not hidden by a kind filter,
// and a PP list that offers only stage counts the devices allow.
#include <QAction>
#include <QCollator>
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

#include "ui/document/designdocument.h"
#include "ui/evaluation/evaluator.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/palette/palettewidget.h"
#include "windowtest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

QAction* actionNamed(MainWindow& w, const QString& text) {
    for (QAction* a : w.findChildren<QAction*>())
        if (a->text() == text || a->objectName() == text) return a;
    return nullptr;
}

template <class T>
T* fieldNamed(MainWindow& w, const QString& accessibleName) {
    for (T* field : w.findChildren<T*>())
        if (field->accessibleName() == accessibleName) return field;
    return nullptr;
}

}  // namespace

class TestPolish : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_dir); }

    void facilityTitleHasNoMnemonic() {
        MainWindow w;
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("facilityDock"));
        QVERIFY(dock);
        // A lone '&' is a mnemonic: tabs and the View menu showed "Facility _Cost".
        QVERIFY(!dock->windowTitle().contains(QLatin1Char('&')));
        QVERIFY(!dock->toggleViewAction()->text().contains(QLatin1Char('&')));
    }

    void templatesListedByName() {
        MainWindow w;
        QAction* superpod = actionNamed(w, QStringLiteral("1-dgx-h100-superpod-su"));
        QVERIFY(superpod);
        QCOMPARE(superpod->text(), QStringLiteral("DGX H100 SuperPOD scalable unit"));
        for (const QString& resource : MainWindow::templates()) {
            QAction* a = actionNamed(w, QFileInfo(resource).completeBaseName());
            QVERIFY(a);
            QVERIFY2(!a->text().front().isDigit(), qPrintable(a->text()));
        }
    }

    void saveAsAndExportHaveShortcuts() {
        MainWindow w;
        QAction* saveAs = actionNamed(w, QStringLiteral("Save &As…"));
        QVERIFY(saveAs);
        QCOMPARE(saveAs->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
        QAction* exportReport = actionNamed(w, QStringLiteral("exportReport"));
        QVERIFY(exportReport);
        QCOMPARE(exportReport->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_E));
    }

    void ctrlZInAFocusedFieldUndoesTheDesign() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "megatron-gpt3-175b-a100.json"));
        QUndoStack* stack = w.document()->undoStack();
        auto* microbatch = fieldNamed<QSpinBox>(w, QStringLiteral("micro-batch size"));
        QVERIFY(microbatch);
        w.findChild<QDockWidget*>(QStringLiteral("strategyDock"))->raise();
        const int before = w.document()->design().strategy.microbatch;
        Strategy s = w.document()->design().strategy;
        s.microbatch = before + 1;
        w.document()->setStrategy(s, QStringLiteral("Set micro-batch"));
        QCOMPARE(microbatch->value(), before + 1);
        const int index = stack->index();
        microbatch->setFocus();
        QTRY_VERIFY(microbatch->hasFocus());
        QTest::keyClick(microbatch, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(stack->index(), index - 1);
        QCOMPARE(w.document()->design().strategy.microbatch, before);
        QCOMPARE(microbatch->value(), before);
        QTest::keyClick(microbatch, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(w.document()->design().strategy.microbatch, before + 1);
        // An empty search field has nothing of its own to undo: the design's undo runs.
        QLineEdit* search = w.findChild<PaletteWidget*>()->searchField();
        search->setFocus();
        QTRY_VERIFY(search->hasFocus());
        QTest::keyClick(search, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(w.document()->design().strategy.microbatch, before);
    }

    void modelListSortedByName() {
        MainWindow w;
        auto* models = w.findChild<QComboBox*>(QStringLiteral("modelPicker"));
        QVERIFY(models && models->count() > 3);
        QCollator byName;
        byName.setNumericMode(true);
        byName.setCaseSensitivity(Qt::CaseInsensitive);
        for (int i = 1; i < models->count(); ++i)
            QVERIFY2(byName.compare(models->itemText(i - 1), models->itemText(i)) <= 0,
                     qPrintable(models->itemText(i)));
    }

    void searchIsNotHiddenByAKindFilter() {
        MainWindow w;
        auto* palette = w.findChild<PaletteWidget*>();
        QVERIFY(palette);
        palette->kindFilter()->setCurrentIndex(palette->kindFilter()->count() - 1);
        QTest::keyClicks(palette->searchField(), QStringLiteral("h100"));
        QCOMPARE(palette->kindFilter()->currentIndex(), 0);
    }

    void pipelineChoicesLeaveWholeReplicas() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "megatron-gpt3-175b-a100.json"));
        Item nodes = w.document()->design().hardware.items.front();
        QCOMPARE(nodes.kind, ItemKind::node);
        nodes.count = 4;  // 32 A100s
        w.document()->setItem(nodes, QStringLiteral("Set count"));
        Strategy s = w.document()->design().strategy;
        s.tp = 8;
        s.pp = 1;
        s.cp = 1;
        w.document()->setStrategy(s, QStringLiteral("Set TP"));
        auto* pp = fieldNamed<QComboBox>(w, QStringLiteral("pipeline parallel"));
        QVERIFY(pp);
        QStringList offered;
        for (int i = 0; i < pp->count(); ++i)
            offered << pp->itemText(i);
        QCOMPARE(offered,
                 QStringList({QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("4")}));
    }
};

QTEST_MAIN(TestPolish)
#include "tst_polish.moc"
