// The Compare view reads at a glance (issue 16, item 3): the inputs two designs differ in are
// listed with both values, and a design that does not fit shows why in place of its workload
// figures, with no change computed against them.
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>

#include "ui/compare/comparedialog.h"
#include "ui/document/designdocument.h"
#include "ui/mainwindow/mainwindow.h"
#include "windowtest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

int rowOf(const QTableWidget* table, const QString& first) {
    for (int row = 0; row < table->rowCount(); ++row)
        if (table->item(row, 0)->text() == first) return row;
    return -1;
}

}  // namespace

class TestCompare : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_dir); }

    // B runs TP 4 with 8 micro-batches where A runs the example's layout: the Inputs tab says
    // so, and both evaluated values of the step time differ with a verdict.
    void inputsThatDifferAreListed() {
        MainWindow w;
        QVERIFY(w.openFile(uitest::example("dgx-h100-training.json")));
        const Design a = w.document()->design();
        Design b = a;
        b.strategy.tp = a.strategy.tp == 4 ? 8 : 4;
        CompareDialog dialog(a, QStringLiteral("Baseline"), w.document()->sharedCatalog());
        dialog.setOther(b, QStringLiteral("Other TP"));
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isReady(), 60000);
        const int tp = rowOf(dialog.inputsTable(), QStringLiteral("strategy.tp"));
        QVERIFY(tp >= 0);
        QCOMPARE(dialog.inputsTable()->item(tp, 1)->text(), QString::number(a.strategy.tp));
        QCOMPARE(dialog.inputsTable()->item(tp, 2)->text(), QString::number(b.strategy.tp));
        QCOMPARE(dialog.inputsTable()->rowCount(), 1);
        QVERIFY2(dialog.tabs()->tabText(1).contains(QLatin1String("1 differ")),
                 qPrintable(dialog.tabs()->tabText(1)));
        const int step = rowOf(dialog.table(), QStringLiteral("Step time"));
        QVERIFY(step >= 0);
        QVERIFY(dialog.table()->item(step, 3)->text().contains(QLatin1String("better")) ||
                dialog.table()->item(step, 3)->text().contains(QLatin1String("worse")));
    }

    // B cannot lay out its strategy: its step time reads "design not feasible", greyed, and no
    // change is computed; the hardware figures still compare.
    void anInfeasibleSideShowsWhyNotAFigure() {
        MainWindow w;
        QVERIFY(w.openFile(uitest::example("dgx-h100-training.json")));
        const Design a = w.document()->design();
        Design b = a;
        b.strategy.tp = 3;
        CompareDialog dialog(a, QStringLiteral("Baseline"), w.document()->sharedCatalog());
        dialog.setOther(b, QStringLiteral("TP 3"));
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isReady(), 60000);
        const int step = rowOf(dialog.table(), QStringLiteral("Step time"));
        QVERIFY(step >= 0);
        QCOMPARE(dialog.table()->item(step, 2)->text(), QStringLiteral("design not feasible"));
        QVERIFY(!dialog.table()->item(step, 2)->toolTip().isEmpty());
        QCOMPARE(dialog.table()->item(step, 3)->text(), QStringLiteral("—"));
        const int devices = rowOf(dialog.table(), QStringLiteral("Accelerators"));
        QVERIFY(devices >= 0);
        QCOMPARE(dialog.table()->item(devices, 2)->text(),
                 dialog.table()->item(devices, 1)->text());
    }
};

QTEST_MAIN(TestCompare)
#include "tst_compare.moc"
