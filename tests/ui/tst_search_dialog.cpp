// Tools -> Search Strategies as a user runs it: the search runs off the GUI thread, fills a
// sortable table and a chart with the Pareto front, and "Apply to Design" sets the selected
// strategy as one undoable edit, whatever order the table is sorted in; Cancel stops it.
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

#include "core/io/design_json.h"
#include "core/search/strategy_text.h"
#include "ui/document/designdocument.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/plan/searchdialog.h"
#include "windowtest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr int kSearchWaitMs = 600000;
#else
constexpr int kSearchWaitMs = 120000;
#endif

SearchDialog* openSearch(MainWindow& w) {
    auto* action = w.findChild<QAction*>(QStringLiteral("searchStrategies"));
    if (!action) return nullptr;
    action->trigger();
    auto* dialog = w.findChild<SearchDialog*>();
    if (dialog) dialog->setBudgets(400, 60);
    return dialog;
}

bool searched(SearchDialog* dialog) {
    QSignalSpy done(dialog, &SearchDialog::finished);
    QTest::mouseClick(dialog->runButton(), Qt::LeftButton);
    return done.wait(kSearchWaitMs);
}

// The column whose header is `title`.
int column(const QTableWidget* table, const QString& title) {
    for (int c = 0; c < table->columnCount(); ++c)
        if (table->horizontalHeaderItem(c)->text() == title) return c;
    return -1;
}

}  // namespace

class TestSearchDialog : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_dir); }

    void searchFillsTheTableAndTheChart() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        SearchDialog* dialog = openSearch(w);
        QVERIFY(dialog);
        QVERIFY(searched(dialog));
        QVERIFY(dialog->result());
        const SearchResult& r = *dialog->result();
        QVERIFY2(!r.best.empty(), qPrintable(dialog->statusLabel()->text()));
        QCOMPARE(dialog->table()->rowCount(), static_cast<int>(r.best.size()));
        QVERIFY(dialog->statusLabel()->text().contains(QStringLiteral("strategies evaluated")));
        QVERIFY(dialog->applyButton()->isEnabled());  // the best row is selected
        const QChart* chart = dialog->chart()->chart();
        QCOMPARE(chart->series().size(), 2);
        QCOMPARE(chart->series().at(1)->name(), QStringLiteral("Pareto front"));
    }

    void applyIsOneUndoableEditOfTheSelectedRow() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        const Strategy before = w.document()->design().strategy;
        SearchDialog* dialog = openSearch(w);
        QVERIFY(dialog && searched(dialog));
        QTableWidget* table = dialog->table();
        QVERIFY(table->rowCount() >= 2);
        // Sorted by MFU, highest first: the rows no longer follow the ranking.
        table->sortItems(column(table, QStringLiteral("MFU")), Qt::DescendingOrder);
        const int row = table->rowCount() - 1;
        table->selectRow(row);
        const QString wanted = table->item(row, column(table, QStringLiteral("Strategy")))->text();
        const int steps = w.document()->undoStack()->count();
        QTest::mouseClick(dialog->applyButton(), Qt::LeftButton);
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        QCOMPARE(QString::fromStdString(describeStrategy(w.document()->design().strategy, false)),
                 wanted);
        w.document()->undoStack()->undo();
        QCOMPARE(strategyToJson(w.document()->design().strategy, false),
                 strategyToJson(before, false));
    }

    void cancelStopsTheSearch() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        SearchDialog* dialog = openSearch(w);
        QVERIFY(dialog);
        dialog->setBudgets(200'000, 600);
        QSignalSpy done(dialog, &SearchDialog::finished);
        QTest::mouseClick(dialog->runButton(), Qt::LeftButton);
        QVERIFY(dialog->isRunning());
        QVERIFY(dialog->cancelButton()->isEnabled());
        QTest::mouseClick(dialog->cancelButton(), Qt::LeftButton);
        QVERIFY(done.wait(kSearchWaitMs));
        QVERIFY(dialog->result() && dialog->result()->cancelled);
        QVERIFY(dialog->statusLabel()->text().contains(QStringLiteral("Cancelled")));
        QVERIFY(dialog->runButton()->isEnabled());
        QVERIFY(!dialog->cancelButton()->isEnabled());
    }
};

QTEST_MAIN(TestSearchDialog)
#include "tst_search_dialog.moc"
