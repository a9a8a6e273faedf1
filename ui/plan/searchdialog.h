#pragma once
// Tools -> Search Strategies: the strategy search (core/search) on the open design's hardware,
// off the GUI thread with progress and Cancel. The best strategies fill a sortable table and a
// chart of the objective against $/M tokens, coloured by facility power, with their Pareto front;
// "Apply to Design" sets the selected strategy on the design as one undoable edit. When the
// hardware, workload or facility changes after a search, a banner says the results are for an
// earlier design and Apply is disabled until the design is searched again (or the edit undone).

#include <QDialog>
#include <optional>

#include "core/search/strategy_search.h"
#include "ui/plan/planningjob.h"

class QChartView;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace infraplan::ui {

class DesignDocument;
class StaleBanner;

class SearchDialog : public QDialog {
    Q_OBJECT
public:
    explicit SearchDialog(DesignDocument* document, QWidget* parent = nullptr);
    ~SearchDialog() override;

    // Searches the document's design as it is now, by the objective the form shows.
    void start();
    void cancel();
    bool isRunning() const { return m_job.isRunning(); }
    // The budgets of the next search (the defaults suit a desktop; tests use small ones).
    void setBudgets(long long max_candidates, double time_budget_s);
    // Sets the strategy of the selected row on the design, as one undo step.
    bool applySelected();

    const std::optional<SearchResult>& result() const { return m_result; }
    QTableWidget* table() const { return m_table; }
    QPushButton* applyButton() const { return m_apply; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QLabel* statusLabel() const { return m_status; }
    QChartView* chart() const { return m_chart; }
    StaleBanner* staleBanner() const { return m_staleBanner; }

Q_SIGNALS:
    void finished();

private:
    void finish();
    void fillTable(const SearchResult& r);
    void fillChart(const SearchResult& r);
    QString summary(const SearchResult& r) const;
    void setRunning(bool running);
    void updateApply();

    DesignDocument* m_document;
    QComboBox* m_objective;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QPushButton* m_apply;
    QProgressBar* m_progress;
    QLabel* m_status;
    StaleBanner* m_staleBanner;
    QTableWidget* m_table;
    QChartView* m_chart;
    PlanningJob<SearchResult> m_job;
    SearchOptions m_options;
    std::optional<SearchResult> m_result;
    Design m_searched;  // as it was when the search started, for the design's report
    SearchObjective m_searchedObjective = SearchObjective::time;
    bool m_inference = false;  // the searched design serves (its strategies are serving ones)
};

}  // namespace infraplan::ui
