// Tools -> Search Strategies as a user runs it: the search runs off the GUI thread, fills a
// sortable table and a chart coloured by facility power with the Pareto front, and "Apply to
// Design" sets the selected strategy as one undoable edit, whatever order the table is sorted
// in; Cancel stops it; an edit of what was searched marks the results stale.
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>
#include <cmath>

#include "core/io/design_json.h"
#include "core/planning/sensitivity.h"
#include "core/search/strategy_text.h"
#include "ui/document/designdocument.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/plan/searchchart.h"
#include "ui/plan/searchdialog.h"
#include "ui/plan/stalebanner.h"
#include "windowtest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

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
    return done.wait(uitest::kPlanningWaitMs);
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
        QVERIFY(dialog->statusLabel()->text().contains(QStringLiteral("strategies evaluated (")));
        QVERIFY(dialog->applyButton()->isEnabled());  // the best row is selected
        const QChart* chart = dialog->chart()->chart();
        QVERIFY(chart->series().size() >= 2);
        QCOMPARE(chart->series().back()->name(), QStringLiteral("Pareto front"));
    }

    // Every listed strategy with a cost is one point, in the power band that holds its
    // facility power; the legend names the bands in kW or MW.
    void theChartIsColouredByFacilityPower() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        SearchDialog* dialog = openSearch(w);
        QVERIFY(dialog && searched(dialog));
        const SearchResult& r = *dialog->result();
        const QList<QAbstractSeries*> series = dialog->chart()->chart()->series();
        const QRegularExpression band(
            QStringLiteral("^Facility power ([0-9.,]+)(?:–([0-9.,]+))? (kW|MW)$"));
        qsizetype points = 0;
        for (qsizetype i = 0; i + 1 < series.size(); ++i) {
            const auto* scatter = qobject_cast<const QScatterSeries*>(series[i]);
            QVERIFY(scatter);
            const QRegularExpressionMatch m = band.match(scatter->name());
            QVERIFY2(m.hasMatch(), qPrintable(scatter->name()));
            const double scale = m.captured(3) == QStringLiteral("MW") ? 1000 : 1;
            const double lo = m.captured(1).remove(u',').toDouble() * scale;
            const double hi =
                m.captured(2).isEmpty() ? lo : m.captured(2).remove(u',').toDouble() * scale;
            for (const QPointF& p : scatter->points()) {
                ++points;
                // The candidate drawn here: its power lies in the band (3 significant digits).
                bool found = false;
                for (const SearchCandidate& c : r.best)
                    if (c.score == p.x() &&
                        headlineMetrics(c.results).usd_per_million_tokens == p.y()) {
                        const double kw = *headlineMetrics(c.results).facility_kw;
                        found = found || (kw >= lo * 0.995 && kw <= hi * 1.005);
                    }
                QVERIFY2(found, qPrintable(scatter->name()));
            }
        }
        qsizetype costed = 0;
        for (const SearchCandidate& c : r.best)
            costed += headlineMetrics(c.results).usd_per_million_tokens ? 1 : 0;
        QVERIFY(costed > 0);
        QCOMPARE(points, costed);
    }

    // A workload edit after the search makes its results stale: the banner shows, Apply is
    // off; undoing the edit makes them current again; a strategy edit (Apply itself) does not.
    void aDesignEditMarksTheResultsStale() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        SearchDialog* dialog = openSearch(w);
        QVERIFY(dialog && searched(dialog));
        dialog->show();
        StaleBanner* banner = dialog->staleBanner();
        QVERIFY(!banner->isVisible());
        QVERIFY(dialog->applyButton()->isEnabled());

        Workload workload = w.document()->design().workload;
        workload.global_batch *= 2;
        w.document()->setWorkload(workload, QStringLiteral("Double the batch"));
        QVERIFY(banner->isVisible() && banner->isStale());
        QVERIFY(!dialog->applyButton()->isEnabled());
        QVERIFY(!dialog->applySelected());

        w.document()->undoStack()->undo();
        QVERIFY(!banner->isVisible());
        QVERIFY(dialog->applyButton()->isEnabled());
        QVERIFY(dialog->applySelected());  // a strategy edit: still current
        QVERIFY(!banner->isVisible());

        Facility facility = w.document()->design().facility;
        facility.pue += 0.1;
        w.document()->setFacility(facility, QStringLiteral("PUE"));
        QVERIFY(banner->isVisible());
        QSignalSpy done(dialog, &SearchDialog::finished);
        QTest::mouseClick(banner->rerunButton(), Qt::LeftButton);  // Search Again
        QVERIFY(!banner->isVisible());
        QVERIFY(done.wait(uitest::kPlanningWaitMs));
        QVERIFY(dialog->applyButton()->isEnabled());
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
        QVERIFY(done.wait(uitest::kPlanningWaitMs));
        QVERIFY(dialog->result() && dialog->result()->cancelled);
        QVERIFY(dialog->statusLabel()->text().contains(QStringLiteral("Cancelled")));
        QVERIFY(dialog->runButton()->isEnabled());
        QVERIFY(!dialog->cancelButton()->isEnabled());
    }
};

QTEST_MAIN(TestSearchDialog)
#include "tst_search_dialog.moc"
