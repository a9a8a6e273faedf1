#pragma once
// The dashboard's suggestion of a better strategy. After an evaluation settles (and a pause),
// a budgeted strategy search of the same design runs off the GUI thread; any edit cancels it.
// When it finds a feasible strategy clearly better than the design's own (>= 5% faster, or
// else >= 5% cheaper per token), one line says so ("tp=4 pp=8 ... is 15% faster: step time
// 20.4 s instead of 24.1 s") with Apply (one undoable edit) and Dismiss. Every figure is from
// core: the design's evaluation and the search's results.

#include <QFrame>
#include <QSet>
#include <QTimer>
#include <optional>
#include <vector>

#include "core/planning/sensitivity.h"
#include "core/search/strategy_search.h"
#include "ui/plan/planningjob.h"

class QLabel;
class QPushButton;

namespace infraplan::ui {

class DesignDocument;
class Evaluator;
struct Evaluation;

class StrategyHint : public QFrame {
    Q_OBJECT
public:
    // The least relative gain worth suggesting.
    static constexpr double kClearGain = 0.05;

    StrategyHint(DesignDocument* document, Evaluator* evaluator, QWidget* parent = nullptr);
    ~StrategyHint() override;

    // The pause after an evaluation before the search starts, and its budgets.
    void setDelayMs(int ms) { m_delay.setInterval(ms); }
    void setBudgets(long long max_candidates, double time_budget_s);
    bool isSearching() const { return m_job.isRunning(); }
    // The strategy suggested now (none while hidden).
    const std::optional<Strategy>& suggestion() const { return m_suggestion; }
    QLabel* text() const { return m_text; }
    QPushButton* applyButton() const { return m_apply; }
    QPushButton* dismissButton() const { return m_dismiss; }

    bool apply();
    void dismiss();

Q_SIGNALS:
    // A background search ended (not cancelled): whether it left a suggestion shown.
    void searchSettled(bool suggested);

private:
    void evaluationSettled(const Evaluation& evaluation);
    void designChanged();
    void startSearch();
    void finish();
    bool suggestFaster(const std::vector<const SearchCandidate*>& fitting);
    bool suggestCheaper(const std::vector<const SearchCandidate*>& fitting);
    void suggest(const SearchCandidate& better, const QString& why);
    bool servesInference() const;
    QString designKey() const;

    DesignDocument* m_document;
    QLabel* m_text;
    QPushButton* m_apply;
    QPushButton* m_dismiss;
    QTimer m_delay;
    PlanningJob<SearchResult> m_job;
    SearchOptions m_options;
    std::optional<HeadlineMetrics> m_current;  // the design's own figures, the baseline
    std::optional<Strategy> m_suggestion;
    QSet<QString> m_dismissed;  // suggestions dismissed, with the design they were for
};

}  // namespace infraplan::ui
