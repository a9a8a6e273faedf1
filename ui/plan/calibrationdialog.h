#pragma once
// Tools -> Calibrate: core's calibration (core/planning/calibration.h, what
// `infraplan-cli calibrate` runs) of the open design to a CSV of measurements: the parameters
// to fit ticked, the fit off the GUI thread with a busy bar and Cancel, each measurement's
// prediction and relative error before and after, each parameter before and after, and
// "Save to User Catalog" (the same write as `calibrate --save`).

#include <QDialog>
#include <optional>
#include <vector>

#include "core/planning/calibration.h"
#include "ui/plan/planningjob.h"

class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace infraplan::ui {

class DesignDocument;

class CalibrationDialog : public QDialog {
    Q_OBJECT
public:
    explicit CalibrationDialog(DesignDocument* document, QWidget* parent = nullptr);
    ~CalibrationDialog() override;

    // Reads the measurements CSV; false (the reasons in the status line) when it has problems.
    bool loadMeasurements(const QString& path);
    // Fits the ticked parameters to the loaded measurements; false when it cannot start.
    bool fit();
    void cancel();
    bool isRunning() const { return m_job.isRunning(); }
    // Writes the calibrated entries into the user catalog at `userCatalog`; false (and why in
    // the status line) on failure.
    bool saveTo(const std::string& userCatalog);

    const std::optional<CalibrationResult>& result() const { return m_result; }
    // The ids of the ticked parameters.
    std::vector<std::string> chosenParameters() const;
    QListWidget* parameterList() const { return m_parameters; }
    QTableWidget* rowsTable() const { return m_rows; }
    QTableWidget* parametersTable() const { return m_fitted; }
    QPushButton* fitButton() const { return m_fit; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* saveButton() const { return m_save; }
    QLabel* statusLabel() const { return m_status; }

Q_SIGNALS:
    void finished();
    // Entries were written into the user catalog: the session's catalog should be read again.
    void userCatalogChanged();

private:
    QLayout* createFileRow();
    void browse();
    void finish();
    void fillRows(const CalibrationResult& r);
    void fillParameters(const CalibrationResult& r);
    QString summary(const CalibrationResult& r) const;
    void setRunning(bool running);

    DesignDocument* m_document;
    QLineEdit* m_path;
    QPushButton* m_browse;
    QListWidget* m_parameters;
    QPushButton* m_fit;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_status;
    QTableWidget* m_rows;
    QTableWidget* m_fitted;
    QPushButton* m_save;
    PlanningJob<CalibrationResult> m_job;
    std::vector<Measurement> m_measurements;
    QString m_measurementsName;  // the CSV's file name, for the entries' source
    std::optional<CalibrationResult> m_result;
};

}  // namespace infraplan::ui
