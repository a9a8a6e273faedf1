// Tools -> Sensitivity as a user runs it: opening it analyses the design off the GUI thread;
// the tornado chart shows core's numbers for the metric the combo names, ranked by effect, and
// the table the same numbers for every metric; inputs that flip feasibility are marked; Cancel
// stops it; an edit after the analysis marks it stale.
#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <memory>

#include "ui/document/designdocument.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/plan/sensitivitydialog.h"
#include "ui/plan/stalebanner.h"
#include "ui/plan/tornadochart.h"
#include "windowtest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

// Opens Tools -> Sensitivity (which starts the analysis); null when the action is missing.
SensitivityDialog* openSensitivity(MainWindow& w) {
    auto* action = w.findChild<QAction*>(QStringLiteral("sensitivity"));
    if (!action) return nullptr;
    action->trigger();
    return w.findChild<SensitivityDialog*>();
}

bool analysed(SensitivityDialog* dialog) {
    QSignalSpy done(dialog, &SensitivityDialog::finished);
    return !dialog->isRunning() || done.wait(uitest::kPlanningWaitMs);
}

const QHorizontalBarSeries* tornado(const SensitivityDialog* dialog) {
    const auto series = dialog->chart()->chart()->series();
    return series.size() == 1 ? qobject_cast<const QHorizontalBarSeries*>(series.front()) : nullptr;
}

QStringList categories(const QChart* chart) {
    for (QAbstractAxis* axis : chart->axes(Qt::Vertical))
        if (auto* bars = qobject_cast<QBarCategoryAxis*>(axis)) return bars->categories();
    return {};
}

Perturbation side(double change, bool feasible) {
    Perturbation p;
    p.change = change;
    p.metrics.feasible = feasible;
    if (feasible) p.performance = p.usd_per_million_tokens = p.facility_kw = change / 2;
    return p;
}

}  // namespace

class TestPlanSensitivity : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_dir); }

    // Each input is one pair of bars, largest effect on top, with core's changes in percent.
    void theTornadoShowsCoresNumbersRanked() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        SensitivityDialog* dialog = openSensitivity(w);
        QVERIFY(dialog && analysed(dialog));
        QVERIFY(dialog->result());
        const SensitivityResult& r = *dialog->result();
        QVERIFY2(r.inputs.size() >= 5, qPrintable(dialog->statusLabel()->text()));
        QCOMPARE(dialog->table()->rowCount(), static_cast<int>(r.inputs.size()));
        for (int index = 0; index < dialog->metricCombo()->count(); ++index) {
            dialog->metricCombo()->setCurrentIndex(index);
            const auto metric =
                static_cast<SensitivityMetric>(dialog->metricCombo()->currentData().toInt());
            const QHorizontalBarSeries* bars = tornado(dialog);
            QVERIFY(bars && bars->count() == 2);
            const QStringList names = categories(dialog->chart()->chart());
            const auto ranked = rankedBy(r, metric);
            QCOMPARE(names.size(), static_cast<qsizetype>(ranked.size()));
            for (std::size_t i = 0; i < ranked.size(); ++i) {
                const int bar = static_cast<int>(ranked.size() - 1 - i);  // drawn bottom up
                QCOMPARE(names[bar], sensitivityInputLabel(*ranked[i]));
                QCOMPARE(bars->barSets()[0]->at(bar),
                         metricChange(ranked[i]->down, metric).value_or(0) * 100);
                QCOMPARE(bars->barSets()[1]->at(bar),
                         metricChange(ranked[i]->up, metric).value_or(0) * 100);
                // The table lists the same order.
                QCOMPARE(dialog->table()->item(static_cast<int>(i), 1)->text(),
                         QString::fromStdString(ranked[i]->label));
            }
            // Ranked: no input below has a larger effect than one above.
            const auto effect = [metric](const InputSensitivity* s) {
                return std::max(std::abs(metricChange(s->down, metric).value_or(0)),
                                std::abs(metricChange(s->up, metric).value_or(0)));
            };
            for (std::size_t i = 1; i < ranked.size(); ++i)
                if (ranked[i - 1]->flips_feasibility == ranked[i]->flips_feasibility)
                    QVERIFY(effect(ranked[i - 1]) >= effect(ranked[i]));
            // The performance tornado lists the inputs in core's own ranking (r.inputs), which
            // the chart must not reorder.
            if (metric == SensitivityMetric::performance)
                for (std::size_t i = 0; i < r.inputs.size(); ++i)
                    QCOMPARE(names[static_cast<qsizetype>(r.inputs.size() - 1 - i)],
                             sensitivityInputLabel(r.inputs[i]));
        }
        // Peak FLOP/s changes the step time of this compute-bound design: back on the step-time
        // tornado, it is the top bar.
        dialog->metricCombo()->setCurrentIndex(0);
        QVERIFY(
            rankedBy(r, SensitivityMetric::performance).front()->input.starts_with("peak_flops"));
        QVERIFY(r.inputs.front().input.starts_with("peak_flops"));
        const QStringList top = categories(dialog->chart()->chart());
        QVERIFY(!top.isEmpty());
        QCOMPARE(top.back(), sensitivityInputLabel(r.inputs.front()));
    }

    // An input whose change makes the design infeasible comes first and says so.
    void aFeasibilityFlipIsMarked() {
        SensitivityResult r;
        r.base.feasible = true;
        InputSensitivity big, flip;
        big.input = "peak_flops_bf16";
        big.label = "Peak FLOP/s (bf16)";
        big.down = side(-0.1, true);
        big.up = side(0.1, true);
        flip.input = "hbm_capacity";
        flip.label = "HBM capacity";
        flip.down = side(-0.1, false);
        flip.up = side(0.1, true);
        flip.flips_feasibility = true;
        r.inputs = {big, flip};
        std::unique_ptr<QChart> chart(tornadoChart(r, SensitivityMetric::performance, 0.1));
        const QStringList names = categories(chart.get());
        QCOMPARE(names.size(), 2);
        QCOMPARE(names.back(), QStringLiteral("HBM capacity (flips feasibility)"));  // on top
        QCOMPARE(names.front(), QStringLiteral("Peak FLOP/s (bf16)"));
        // The side where the design becomes infeasible has no bar: a QBarSet cannot hold a gap,
        // so it has zero length (nothing drawn); its label says why.
        const auto series = chart->series();
        QCOMPARE(series.size(), 1);
        const auto* bars = qobject_cast<const QHorizontalBarSeries*>(series.front());
        QVERIFY(bars && bars->count() == 2);
        QCOMPARE(bars->barSets()[0]->at(1), 0.0);  // HBM capacity -10%: infeasible
        QCOMPARE(bars->barSets()[1]->at(1), 5.0);  // +10%: feasible, +5%
        QCOMPARE(bars->barSets()[0]->at(0), -5.0);
        QCOMPARE(bars->barSets()[1]->at(0), 5.0);
    }

    void cancelStopsTheAnalysis() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        SensitivityDialog* dialog = openSensitivity(w);
        QVERIFY(dialog && dialog->isRunning());
        QVERIFY(dialog->cancelButton()->isEnabled());
        QSignalSpy done(dialog, &SensitivityDialog::finished);
        QTest::mouseClick(dialog->cancelButton(), Qt::LeftButton);
        QVERIFY(done.wait(uitest::kPlanningWaitMs));
        QVERIFY(!dialog->result());
        QVERIFY(dialog->statusLabel()->text().contains(QStringLiteral("Cancelled")));
        QVERIFY(dialog->runButton()->isEnabled());
        QVERIFY(!dialog->cancelButton()->isEnabled());
    }

    // The analysis depends on the strategy too: a strategy edit makes it stale.
    void anEditMarksTheAnalysisStale() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        SensitivityDialog* dialog = openSensitivity(w);
        QVERIFY(dialog && analysed(dialog));
        StaleBanner* banner = dialog->staleBanner();
        QVERIFY(!banner->isVisible());
        Strategy strategy = w.document()->design().strategy;
        strategy.microbatch = strategy.microbatch == 1 ? 2 : 1;
        w.document()->setStrategy(strategy, QStringLiteral("Micro-batch"));
        QVERIFY(banner->isVisible());
        QSignalSpy done(dialog, &SensitivityDialog::finished);
        QTest::mouseClick(banner->rerunButton(), Qt::LeftButton);  // Analyse Again
        QVERIFY(!banner->isVisible());
        QVERIFY(done.wait(uitest::kPlanningWaitMs));
        QVERIFY(dialog->result());
    }
};

QTEST_MAIN(TestPlanSensitivity)
#include "tst_plan_sensitivity.moc"
