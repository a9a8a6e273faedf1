#pragma once
// The results dashboard: a feasibility banner, headline cards, charts, and the warnings and
// bottlenecks with their advice (clicking one that names an item selects it on the canvas).
// It shows only what the evaluation produced.

#include <QHash>
#include <QIcon>
#include <QWidget>
#include <vector>

#include "core/design/design.h"
#include "core/evaluate/bottlenecks.h"
#include "ui/evaluation/evaluator.h"

class QChart;
class QChartView;
class QGridLayout;
class QLabel;
class QStackedWidget;
class QListWidget;
class QTabWidget;
class QHBoxLayout;
class QToolButton;

namespace infraplan::ui {

class MetricCard;

// The list rows carry each bottleneck's severity (core's severityOf) for tests.
inline constexpr int kSeverityRole = Qt::UserRole + 2;
// The one item the canvas marks "bottleneck": that of core's leading bottleneck (the first of
// the results' list, as the report names); none when it is healthy (compute-bound).
QString bindingBottleneckItem(const std::vector<Bottleneck>& bottlenecks);
// A bottleneck in words, as the issues list and the marked card's tooltip say it:
// "hbm-bandwidth in decode: 55.0 % of the time, 49.5 % utilized\n→ raise the batch, ...".
QString bottleneckExplanation(const Bottleneck& bottleneck);

class DashboardWidget : public QWidget {
    Q_OBJECT
public:
    explicit DashboardWidget(QWidget* parent = nullptr);

    void showEvaluation(const Evaluation& evaluation, WorkloadMode mode);
    void setBusy(bool busy);
    // A notice beside the feasibility banner (the Plan view's strategy suggestion).
    void addNotice(QWidget* notice);

    // The card of a headline metric, by results schema key ("training.step_time_s").
    MetricCard* card(const QString& key) const { return m_cards.value(key); }
    QListWidget* issues() const { return m_issues; }
    // How many charts currently have data.
    int chartsShown() const;
    // The chart titled `title` ("Power per rack"), or null while it shows a placeholder.
    QChart* chart(const QString& title) const;
    QTabWidget* chartTabs() const { return m_chartTabs; }
    // "Export chart…" at the tabs' corner: enabled while the current tab shows a chart.
    QToolButton* exportChartButton() const { return m_exportChart; }
    // The current tab's chart as PNG or SVG (chartexport.h); what the button does after
    // asking for the file.
    bool exportCurrentChart(const QString& path, QString* error) const;

Q_SIGNALS:
    void itemActivated(const QString& itemId);

private:
    struct ChartSlot {
        QStackedWidget* stack;
        QChartView* view;
        QLabel* placeholder;
    };
    ChartSlot addChartSlot(const QString& title);
    void setChart(ChartSlot& slot, QChart* chart, const QString& missing);
    void showCharts(const Evaluation& evaluation, WorkloadMode mode);
    void withholdWorkloadCharts();
    // The current tab's slot while it shows a chart (not its placeholder); null otherwise.
    const ChartSlot* shownChart() const;
    void updateExportButton();
    void askAndExportChart();
    void fillIssues(const Evaluation& evaluation);
    QIcon severityIcon(BottleneckSeverity severity) const;

    QLabel* m_banner;
    QLabel* m_timing;
    QHash<QString, MetricCard*> m_cards;
    std::vector<QWidget*> m_cardOrder;
    QGridLayout* m_cardGrid;
    std::vector<ChartSlot> m_charts;
    QTabWidget* m_chartTabs = nullptr;
    QToolButton* m_exportChart = nullptr;
    QListWidget* m_issues;
    QHBoxLayout* m_top = nullptr;  // the banner, notices and the timing
    WorkloadMode m_mode = WorkloadMode::training;
};

}  // namespace infraplan::ui
