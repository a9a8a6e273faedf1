// Scenarios in the planner window (issue 16, item 3): the Variants menu keeps the design as it
// is now under a name in one step, applies a variant and undoes it, the variants survive a save
// with the parts they use, and Compare puts two variants side by side with the inputs they
// differ in, coloured verdicts, whole labels and a chart with one bar per metric.
#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QInputDialog>
#include <QMenu>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include "core/io/design_json.h"
#include "ui/compare/comparedialog.h"
#include "ui/document/designdocument.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/variants/variantsmenu.h"
#include "windowtest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

// Accepts the next input dialog with `text` (the suggestion when empty) once it is shown.
void answerNextInputDialog(const QString& text = {}) {
    QTimer::singleShot(0, [text] {
        auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
        if (!dialog) return;
        if (!text.isEmpty()) dialog->setTextValue(text);
        dialog->accept();
    });
}

VariantsMenu* variantsMenu(MainWindow& w) {
    return w.findChild<VariantsMenu*>(QStringLiteral("variantsMenu"));
}

// The action `action` of the variant `name`'s submenu, after the menu lists them again.
QAction* variantAction(MainWindow& w, const QString& name, const char* action) {
    VariantsMenu* menu = variantsMenu(w);
    menu->rebuild();
    auto* sub = menu->findChild<QMenu*>(QStringLiteral("variant:") + name);
    return sub ? sub->findChild<QAction*>(QLatin1String(action)) : nullptr;
}

CompareDialog* openCompareDialog(MainWindow& w) {
    for (QWidget* widget : QApplication::topLevelWidgets())
        if (auto* dialog = qobject_cast<CompareDialog*>(widget)) return dialog;
    return w.findChild<CompareDialog*>();
}

int rowOf(const QTableWidget* table, const QString& first) {
    for (int row = 0; row < table->rowCount(); ++row)
        if (table->item(row, 0)->text() == first) return row;
    return -1;
}

}  // namespace

class TestVariants : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_dir); }

    // One action and Enter: the variant holds the design's state under the suggested name;
    // Undo takes it away, Redo brings it back; the design's own results do not change.
    void aVariantIsKeptInOneStepAndUndone() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        DesignDocument* doc = w.document();
        const QString suggested = suggestedVariantName(doc->design());
        QCOMPARE(suggested, QStringLiteral("TP 8 · PP 8"));  // the example's; its DP is "auto"
        answerNextInputDialog();
        variantsMenu(w)->newVariantAction()->trigger();
        QCOMPARE(doc->design().variants.size(), std::size_t{1});
        const Design& kept = doc->design().variants[0];
        QCOMPARE(QString::fromStdString(kept.name), suggested);
        QCOMPARE(designToJson(kept)["strategy"], designToJson(doc->design())["strategy"]);
        QCOMPARE(kept.hardware.items.size(), doc->design().hardware.items.size());
        QVERIFY(doc->isModified());
        // The next suggestion does not repeat a name.
        QCOMPARE(suggestedVariantName(doc->design()), suggested + QStringLiteral(" (2)"));
        doc->undoStack()->undo();
        QVERIFY(doc->design().variants.empty());
        doc->undoStack()->redo();
        QCOMPARE(doc->design().variants.size(), std::size_t{1});
    }

    // Applying a variant puts its strategy and hardware back on the canvas and the panels;
    // Undo returns to the state before, and the list of variants is untouched by both.
    void applyingAVariantIsOneUndoableStep() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        DesignDocument* doc = w.document();
        const int tp = doc->design().strategy.tp;
        doc->addVariant("baseline");
        Strategy changed = doc->design().strategy;
        changed.tp = tp == 4 ? 8 : 4;
        doc->setStrategy(changed, QStringLiteral("TP"));
        const std::size_t items = doc->design().hardware.items.size();
        doc->removeItems({QString::fromStdString(doc->design().hardware.items.back().id)});
        QVERIFY(doc->design().hardware.items.size() < items);

        QAction* apply = variantAction(w, QStringLiteral("baseline"), "applyVariant");
        QVERIFY(apply);
        apply->trigger();
        QCOMPARE(doc->design().strategy.tp, tp);
        QCOMPARE(doc->design().hardware.items.size(), items);
        QCOMPARE(doc->design().variants.size(), std::size_t{1});
        QCOMPARE(doc->undoStack()->undoText(), QStringLiteral("Apply variant \"baseline\""));
        QVERIFY(QTest::qWaitFor([&] { return w.evaluator()->latest().has_value(); }, 30000));

        doc->undoStack()->undo();
        QCOMPARE(doc->design().strategy.tp, changed.tp);
        QVERIFY(doc->design().hardware.items.size() < items);
        QCOMPARE(doc->design().variants.size(), std::size_t{1});
    }

    // Rename refuses a taken or empty name; Delete removes one variant, undoably.
    void renameAndDeleteAreEdits() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        DesignDocument* doc = w.document();
        doc->addVariant("a");
        doc->addVariant("b");
        QVERIFY(!doc->renameVariant("a", "b"));
        QVERIFY(!doc->renameVariant("a", ""));
        QVERIFY(doc->renameVariant("a", "TP8 baseline"));
        QCOMPARE(doc->design().variants[0].name, std::string("TP8 baseline"));
        QAction* remove = variantAction(w, QStringLiteral("b"), "deleteVariant");
        QVERIFY(remove);
        remove->trigger();
        QCOMPARE(doc->design().variants.size(), std::size_t{1});
        doc->undoStack()->undo();
        QCOMPARE(doc->design().variants.size(), std::size_t{2});
    }

    // Saved and opened again, the variants are there, each a whole design, and the file's
    // catalog carries what they use.
    void variantsSurviveSaveAndReopen() {
        const QString path = m_dir.filePath(QStringLiteral("with-variants.json"));
        {
            MainWindow w;
            QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
            w.document()->addVariant("TP8 baseline");
            Strategy s = w.document()->design().strategy;
            s.tp = s.tp == 4 ? 8 : 4;
            w.document()->setStrategy(s, QStringLiteral("TP"));
            w.document()->addVariant("other TP");
            QString error;
            QVERIFY2(w.document()->save(path, &error), qPrintable(error));
        }
        MainWindow w;
        QVERIFY(w.openFile(path));
        const Design& d = w.document()->design();
        QCOMPARE(d.variants.size(), std::size_t{2});
        QCOMPARE(d.variants[1].name, std::string("other TP"));
        QCOMPARE(d.variants[1].strategy.tp, d.strategy.tp);
        QVERIFY(d.variants[0].strategy.tp != d.strategy.tp);
        QVERIFY(!d.catalog.empty());
    }

    // Compare two variants from the menu: the pickers name them, the inputs that differ are
    // listed, the verdicts are coloured words, no label is cut, and the chart has a bar per
    // metric both sides have.
    void comparingTwoVariantsReadsAtAGlance() {
        MainWindow w;
        w.resize(1280, 800);
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        DesignDocument* doc = w.document();
        doc->addVariant("TP8 baseline");
        Strategy s = doc->design().strategy;
        s.tp = s.tp == 4 ? 8 : 4;
        doc->setStrategy(s, QStringLiteral("TP"));
        QAction* compare = variantAction(w, QStringLiteral("TP8 baseline"), "compareVariant");
        QVERIFY(compare);
        compare->trigger();
        CompareDialog* dialog = openCompareDialog(w);
        QVERIFY(dialog);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isReady(), 60000);
        QVERIFY(dialog->picker(CompareDialog::Side::a)
                    ->currentText()
                    .startsWith(QLatin1String("This design")));
        QCOMPARE(dialog->picker(CompareDialog::Side::b)->currentText(),
                 QStringLiteral("Variant: TP8 baseline"));
        const int tp = rowOf(dialog->inputsTable(), QStringLiteral("strategy.tp"));
        QVERIFY(tp >= 0);
        QCOMPARE(dialog->inputsTable()->item(tp, 1)->text(), QString::number(s.tp));

        QTableWidget* table = dialog->table();
        const int step = rowOf(table, QStringLiteral("Step time"));
        QVERIFY(step >= 0);
        const QString verdict = table->item(step, 3)->text();
        QVERIFY2(
            verdict.contains(QLatin1String("better")) || verdict.contains(QLatin1String("worse")),
            qPrintable(verdict));
        dialog->show();
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        const QFontMetrics metrics(table->font());
        for (int row = 0; row < table->rowCount(); ++row)
            QVERIFY2(
                table->columnWidth(0) >= metrics.horizontalAdvance(table->item(row, 0)->text()),
                qPrintable(table->item(row, 0)->text()));

        int charted = 0;
        for (int row = 0; row < table->rowCount(); ++row)
            charted += table->item(row, 3)->text() != QStringLiteral("—");
        const auto axes = dialog->chartView()->chart()->axes(Qt::Vertical);
        QCOMPARE(axes.size(), 1);
        QCOMPARE(qobject_cast<QBarCategoryAxis*>(axes[0])->count(), charted);
        QVERIFY(charted >= 5);
        // For a look at it: INFRAPLAN_SHOT_DIR=/tmp/shots keeps what the dialog shows.
        if (const QString shots = qEnvironmentVariable("INFRAPLAN_SHOT_DIR"); !shots.isEmpty())
            for (int tab = 0; tab < dialog->tabs()->count(); ++tab) {
                dialog->tabs()->setCurrentIndex(tab);
                dialog->grab().save(
                    QDir(shots).filePath(QStringLiteral("compare-%1.png").arg(tab)));
            }

        // B back to the design itself: nothing differs.
        QVERIFY(dialog->chooseVariant(CompareDialog::Side::b, QString()));
        QVERIFY(!dialog->chooseVariant(CompareDialog::Side::b, QStringLiteral("no such")));
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isReady(), 60000);
        QCOMPARE(dialog->inputsTable()->rowCount(), 0);
        dialog->close();
    }
};

QTEST_MAIN(TestVariants)
#include "tst_variants.moc"
