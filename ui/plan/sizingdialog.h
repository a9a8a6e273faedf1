#pragma once
// Tools -> Size Hardware: core's hardware sizing (core/planning/sizing.h, what
// `infraplan-cli size` runs) for the target the form describes, off the GUI thread with a busy
// bar and Cancel; the ranked designs in a table (template, nodes, devices, time to train or
// goodput, power, capex, TCO, $/M tokens); "Open as Design" hands the chosen one to the main
// window, which opens it as an untitled design after asking to save unsaved work.

#include <QDialog>
#include <optional>

#include "core/planning/sizing.h"
#include "ui/plan/planningjob.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace infraplan::ui {

class DesignDocument;
class SizingForm;

class SizingDialog : public QDialog {
    Q_OBJECT
public:
    explicit SizingDialog(DesignDocument* document, QWidget* parent = nullptr);
    ~SizingDialog() override;

    // Sizes for the form's target; false (the reason in the status line) when it is invalid.
    bool start();
    void cancel();
    bool isRunning() const { return m_job.isRunning(); }
    // Asks the main window to open the design of the selected row.
    void openSelected();

    const std::optional<SizingResult>& result() const { return m_result; }
    // The listed design of a table row (as sorted now); null when none.
    const SizedDesign* designAt(int row) const;
    SizingForm* form() const { return m_form; }
    QComboBox* rankCombo() const { return m_rank; }
    QDoubleSpinBox* timeBudget() const { return m_timeBudget; }
    QSpinBox* maxStrategies() const { return m_maxStrategies; }
    QTableWidget* table() const { return m_table; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* openButton() const { return m_open; }
    QLabel* statusLabel() const { return m_status; }

Q_SIGNALS:
    void finished();
    void openDesignRequested(const infraplan::Design& design);

private:
    QLayout* createRunRow();
    void finish();
    void fillTable(const SizingResult& r);
    QString summary(const SizingResult& r) const;
    void setRunning(bool running);
    void updateOpenButton();

    DesignDocument* m_document;
    SizingForm* m_form;
    QComboBox* m_rank;
    QDoubleSpinBox* m_timeBudget;
    QSpinBox* m_maxStrategies;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_status;
    QTableWidget* m_table;
    QPushButton* m_open;
    PlanningJob<SizingResult> m_job;
    std::optional<SizingResult> m_result;
    // What the sweep that runs (or ran last) was for, for the design's report.
    Design m_sized;
    SizingTarget m_target;
    SizingRank m_rankRun = SizingRank::tco;
};

}  // namespace infraplan::ui
