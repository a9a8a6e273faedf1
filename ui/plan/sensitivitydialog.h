#pragma once
// Tools -> Sensitivity: core's sensitivity (core/planning/sensitivity.h) of the open design,
// off the GUI thread with a busy bar and Cancel: the tornado chart of the headline metric the
// combo names (step time or goodput, $/M tokens, facility power) and a table of the same
// numbers for every metric. A banner says when the design has changed since.

#include <QDialog>
#include <optional>

#include "core/planning/sensitivity.h"
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

class SensitivityDialog : public QDialog {
    Q_OBJECT
public:
    explicit SensitivityDialog(DesignDocument* document, QWidget* parent = nullptr);
    ~SensitivityDialog() override;

    // Analyses the document's design as it is now.
    void start();
    void cancel();
    bool isRunning() const { return m_job.isRunning(); }

    const std::optional<SensitivityResult>& result() const { return m_result; }
    QComboBox* metricCombo() const { return m_metric; }
    QTableWidget* table() const { return m_table; }
    QChartView* chart() const { return m_chart; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QLabel* statusLabel() const { return m_status; }
    StaleBanner* staleBanner() const { return m_staleBanner; }

Q_SIGNALS:
    void finished();

private:
    void finish();
    void showMetric();
    void fillTable(const SensitivityResult& r);
    QString summary(const SensitivityResult& r) const;
    void setRunning(bool running);

    DesignDocument* m_document;
    QComboBox* m_metric;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_status;
    StaleBanner* m_staleBanner;
    QTableWidget* m_table;
    QChartView* m_chart;
    PlanningJob<SensitivityResult> m_job;
    SensitivityOptions m_options;
    std::optional<SensitivityResult> m_result;
    Design m_analysed;  // as it was when the analysis started, for the design's report
};

}  // namespace infraplan::ui
