// The dashboard's strategy suggestion as a user meets it: after the 256-GPU example is
// evaluated, a background search finds a clearly faster strategy and the dashboard says so with
// core's figures; Apply is one undoable edit, after which nothing is suggested (the design's own
// strategy is then within 5% of the best); Dismiss keeps that suggestion away; an edit hides it.
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <memory>
#include <optional>

#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "ui/document/designdocument.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/plan/strategyhint.h"
#include "windowtest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

// The 256-GPU example opened with a prompt hint (no pause; a small budget) and a spy on its
// background searches.
struct HintedWindow {
    MainWindow w;
    StrategyHint* hint = nullptr;
    std::unique_ptr<QSignalSpy> settled;

    bool open() {
        hint = w.findChild<StrategyHint*>();
        if (!hint) return false;
        hint->setDelayMs(0);
        hint->setBudgets(3000, 60);
        settled = std::make_unique<QSignalSpy>(hint, &StrategyHint::searchSettled);
        return uitest::openEvaluated(w, "dgx-h100-training.json");
    }
    // Whether the next search to end left a suggestion; nullopt if none ended in time.
    std::optional<bool> nextSettled() {
        if (settled->isEmpty() && !settled->wait(uitest::kPlanningWaitMs)) return std::nullopt;
        return settled->takeFirst().at(0).toBool();
    }
};

double stepTime(const Design& design, const catalog::Catalog& catalog) {
    const Results r = evaluate(design, catalog);
    return r.training ? r.training->step_time_s : 0;
}

}  // namespace

class TestPlanHint : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_dir); }

    void aClearlyFasterStrategyIsSuggestedAndApplied() {
        HintedWindow h;
        QVERIFY(h.open());
        MainWindow& w = h.w;
        StrategyHint* hint = h.hint;
        QCOMPARE(h.nextSettled(), std::optional<bool>(true));
        QVERIFY(hint->isVisible() && hint->suggestion());
        QVERIFY2(hint->text()->text().contains(QStringLiteral("less time per step")),
                 qPrintable(hint->text()->text()));
        // The claim holds when core evaluates both: >= 5% faster, and feasible.
        Design better = w.document()->design();
        const double before = stepTime(better, w.document()->catalog());
        better.strategy = *hint->suggestion();
        const Results r = evaluate(better, w.document()->catalog());
        QVERIFY(r.feasible && r.training);
        QVERIFY(r.training->step_time_s <= 0.95 * before);
        const QString percent =
            QString::number(qRound((1 - r.training->step_time_s / before) * 100));
        QVERIFY2(hint->text()->text().contains(percent + QStringLiteral("% less time per step")),
                 qPrintable(hint->text()->text()));

        const int steps = w.document()->undoStack()->count();
        QTest::mouseClick(hint->applyButton(), Qt::LeftButton);
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        QCOMPARE(strategyToJson(w.document()->design().strategy, false),
                 strategyToJson(better.strategy, false));
        QVERIFY(!hint->isVisible());
        // The applied strategy is the best found: nothing clearly better is left to suggest.
        QCOMPARE(h.nextSettled(), std::optional<bool>(false));
        QVERIFY(!hint->isVisible());
    }

    void dismissKeepsTheSuggestionAway() {
        HintedWindow h;
        QVERIFY(h.open());
        MainWindow& w = h.w;
        StrategyHint* hint = h.hint;
        QCOMPARE(h.nextSettled(), std::optional<bool>(true));
        const Strategy dismissed = *hint->suggestion();
        QTest::mouseClick(hint->dismissButton(), Qt::LeftButton);
        QVERIFY(!hint->isVisible());
        w.evaluator()->evaluateNow();  // the same design evaluated again
        const std::optional<bool> suggested = h.nextSettled();
        QVERIFY(suggested);
        // Another strategy may be suggested, never the one dismissed.
        QCOMPARE(hint->suggestion().has_value(), *suggested);
        QCOMPARE(hint->isVisible(), *suggested);
        QVERIFY(!hint->suggestion() ||
                strategyToJson(*hint->suggestion(), false) != strategyToJson(dismissed, false));
    }

    void anEditHidesTheSuggestion() {
        HintedWindow h;
        QVERIFY(h.open());
        MainWindow& w = h.w;
        StrategyHint* hint = h.hint;
        QCOMPARE(h.nextSettled(), std::optional<bool>(true));
        Workload workload = w.document()->design().workload;
        workload.global_batch *= 2;
        w.document()->setWorkload(workload, QStringLiteral("Double the batch"));
        QVERIFY(!hint->isVisible());
        QVERIFY(!hint->suggestion());
    }
};

QTEST_MAIN(TestPlanHint)
#include "tst_plan_hint.moc"
