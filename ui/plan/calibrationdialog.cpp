#include "ui/plan/calibrationdialog.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "catalog/user_catalog.h"
#include "core/results/format.h"
#include "ui/app/specsummary.h"
#include "ui/document/designdocument.h"
#include "ui/plan/checklist.h"
#include "ui/plan/numberitem.h"

namespace infraplan::ui {
namespace {

QString calibrationText(const std::string& s) {
    return QString::fromStdString(s);
}

QTableWidgetItem* calibrationValueItem(double value) {
    return new NumberItem(value, formatNumber(value, 4));
}

// The relative error of a prediction, "+8.1%".
QTableWidgetItem* calibrationErrorItem(double predicted, double measured) {
    const double error = measured != 0 ? predicted / measured - 1 : 0;
    return new NumberItem(std::abs(error), signedPercentText(error));
}

QString calibrationPercent(double fraction) {
    return QString::asprintf("%.1f%%", fraction * 100);
}

void setupCalibrationTable(QTableWidget* table, const QStringList& headers) {
    table->setSortingEnabled(false);
    table->clear();
    table->setColumnCount(static_cast<int>(headers.size()));
    table->setHorizontalHeaderLabels(headers);
}

void finishCalibrationTable(QTableWidget* table) {
    table->setSortingEnabled(true);
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
}

}  // namespace

CalibrationDialog::CalibrationDialog(DesignDocument* document, QWidget* parent)
    : QDialog(parent)
    , m_document(document)
    , m_path(new QLineEdit(this))
    , m_browse(new QPushButton(tr("&Browse…"), this))
    , m_parameters(makeCheckList(this))
    , m_fit(new QPushButton(tr("&Fit"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_rows(new QTableWidget(this))
    , m_fitted(new QTableWidget(this))
    , m_save(new QPushButton(tr("&Save to User Catalog"), this)) {
    setWindowTitle(tr("Calibrate"));
    const auto& defaults = defaultCalibrationParameters();
    for (const CalibrationParameterSpec& spec : calibrationParameters())
        addCheckItem(m_parameters,
                     tr("%1 (%2)").arg(QString::fromUtf8(spec.label), QString::fromUtf8(spec.id)),
                     QString::fromUtf8(spec.id),
                     std::find(defaults.begin(), defaults.end(), spec.id) != defaults.end());
    m_parameters->setMaximumHeight(150);
    m_progress->setRange(0, 0);  // core reports no fraction: a busy bar
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    for (QTableWidget* table : {m_rows, m_fitted}) {
        table->setEditTriggers(QAbstractItemView::NoEditTriggers);
        table->setSelectionBehavior(QAbstractItemView::SelectRows);
        table->verticalHeader()->hide();
    }
    auto* tabs = new QTabWidget(this);
    tabs->setDocumentMode(true);
    tabs->addTab(m_rows, tr("Measurements"));
    tabs->addTab(m_fitted, tr("Parameters"));
    auto* bottom = new QHBoxLayout;
    bottom->addStretch(1);
    bottom->addWidget(m_save);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(createFileRow());
    layout->addWidget(new QLabel(tr("Parameters to fit:"), this));
    layout->addWidget(m_parameters);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(tabs, 1);
    layout->addLayout(bottom);
    resize(960, 700);

    connect(m_browse, &QPushButton::clicked, this, &CalibrationDialog::browse);
    connect(m_fit, &QPushButton::clicked, this, &CalibrationDialog::fit);
    connect(m_cancel, &QPushButton::clicked, this, &CalibrationDialog::cancel);
    connect(m_save, &QPushButton::clicked, this,
            [this] { saveTo(catalog::defaultUserCatalogPath()); });
    connect(&m_job, &PlanningJobBase::finished, this, &CalibrationDialog::finish);
    setRunning(false);
    m_status->setText(
        tr("Load a CSV of measured step times, serving figures or nccl-tests bus "
           "bandwidth (the format of infraplan-cli calibrate) and fit the ticked "
           "parameters of this design's accelerator and links to it."));
}

CalibrationDialog::~CalibrationDialog() = default;  // m_job cancels the fit and waits

QLayout* CalibrationDialog::createFileRow() {
    m_path->setReadOnly(true);
    m_path->setPlaceholderText(tr("No measurements loaded"));
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Measurements:"), this));
    row->addWidget(m_path, 1);
    row->addWidget(m_browse);
    row->addWidget(m_fit);
    row->addWidget(m_cancel);
    return row;
}

void CalibrationDialog::setRunning(bool running) {
    m_fit->setEnabled(!running && !m_measurements.empty());
    m_browse->setEnabled(!running);
    m_parameters->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_progress->setVisible(running);
    m_save->setEnabled(!running && m_result && m_result->ok());
}

void CalibrationDialog::browse() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load Measurements"), QString(),
                                                      tr("Measurements (*.csv);;All files (*)"));
    if (!path.isEmpty()) loadMeasurements(path);
}

bool CalibrationDialog::loadMeasurements(const QString& path) {
    std::vector<std::string> errors;
    auto parsed = readMeasurementsFile(path.toStdString(), errors);
    if (!parsed) {
        QStringList lines;
        for (const std::string& e : errors)
            lines << calibrationText(e);
        m_status->setText(tr("Cannot use these measurements:\n%1").arg(lines.join('\n')));
        return false;
    }
    m_measurements = std::move(*parsed);
    m_measurementsName = QFileInfo(path).fileName();
    m_path->setText(QDir::toNativeSeparators(path));
    m_result.reset();
    m_rows->setRowCount(0);
    m_fitted->setRowCount(0);
    m_status->setText(tr("%n measurement(s) loaded.", nullptr, int(m_measurements.size())));
    setRunning(false);
    return true;
}

std::vector<std::string> CalibrationDialog::chosenParameters() const {
    return checkedIds(m_parameters);
}

bool CalibrationDialog::fit() {
    if (isRunning() || m_measurements.empty()) return false;
    CalibrationOptions options;
    options.fit = chosenParameters();
    if (options.fit.empty()) {
        m_status->setText(tr("Tick at least one parameter to fit."));
        return false;
    }
    options.measurements_name = m_measurementsName.toStdString();
    m_status->setText(tr("Fitting %n parameter(s)…", nullptr, int(options.fit.size())));
    m_result.reset();
    setRunning(true);
    m_job.start([design = m_document->design(), catalog = m_document->sharedCatalog(),
                 measurements = m_measurements, options](const CancelToken* token) {
        CalibrationOptions run = options;
        run.cancel = token;
        return calibrate(design, *catalog, measurements, run);
    });
    return true;
}

void CalibrationDialog::cancel() {
    m_job.cancel();
}

void CalibrationDialog::finish() {
    CalibrationResult r = m_job.result();
    if (r.cancelled) {
        m_status->setText(tr("Cancelled: nothing fitted."));
        setRunning(false);
        Q_EMIT finished();
        return;
    }
    m_result = std::move(r);
    m_status->setText(summary(*m_result));
    fillRows(*m_result);
    fillParameters(*m_result);
    setRunning(false);
    Q_EMIT finished();
}

QString CalibrationDialog::summary(const CalibrationResult& r) const {
    if (!r.ok()) {
        QStringList reasons;
        for (const std::string& reason : r.reasons)
            reasons << calibrationText(reason);
        return tr("Not fitted: %1").arg(reasons.join(QStringLiteral("; ")));
    }
    return tr("%1: %2 measurements, %3 iterations, %4 evaluations. Error RMS %5 → %6, largest "
              "%7 → %8.")
        .arg(calibrationText(calibratedIds(r)))
        .arg(r.rows.size())
        .arg(r.iterations)
        .arg(r.evaluations)
        .arg(calibrationPercent(r.rms_before), calibrationPercent(r.rms_after),
             calibrationPercent(r.max_before), calibrationPercent(r.max_after));
}

void CalibrationDialog::fillRows(const CalibrationResult& r) {
    setupCalibrationTable(m_rows, {tr("Line"), tr("Metric"), tr("Measured"), tr("Before"),
                                   tr("Error before"), tr("After"), tr("Error after"), tr("Note")});
    m_rows->setRowCount(static_cast<int>(r.rows.size()));
    for (int i = 0; i < static_cast<int>(r.rows.size()); ++i) {
        const CalibratedRow& row = r.rows[static_cast<std::size_t>(i)];
        m_rows->setItem(i, 0, new NumberItem(row.line, QString::number(row.line)));
        m_rows->setItem(i, 1, new QTableWidgetItem(calibrationText(row.metric)));
        m_rows->setItem(i, 2, calibrationValueItem(row.measured));
        m_rows->setItem(i, 3, calibrationValueItem(row.before));
        m_rows->setItem(i, 4, calibrationErrorItem(row.before, row.measured));
        m_rows->setItem(i, 5, calibrationValueItem(row.after));
        m_rows->setItem(i, 6, calibrationErrorItem(row.after, row.measured));
        m_rows->setItem(i, 7, new QTableWidgetItem(calibrationText(row.note)));
    }
    finishCalibrationTable(m_rows);
}

void CalibrationDialog::fillParameters(const CalibrationResult& r) {
    setupCalibrationTable(
        m_fitted, {tr("Parameter"), tr("Id"), tr("Before"), tr("After"), tr("Bounds"), tr("Note")});
    m_fitted->setRowCount(static_cast<int>(r.parameters.size()));
    for (int i = 0; i < static_cast<int>(r.parameters.size()); ++i) {
        const FittedParameter& p = r.parameters[static_cast<std::size_t>(i)];
        m_fitted->setItem(i, 0, new QTableWidgetItem(calibrationText(p.label)));
        m_fitted->setItem(i, 1, new QTableWidgetItem(calibrationText(p.id)));
        m_fitted->setItem(i, 2, calibrationValueItem(p.before));
        m_fitted->setItem(i, 3, calibrationValueItem(p.after));
        m_fitted->setItem(
            i, 4,
            new QTableWidgetItem(tr("%1 to %2").arg(formatNumber(p.lower), formatNumber(p.upper))));
        m_fitted->setItem(i, 5, new QTableWidgetItem(p.at_bound ? tr("at its bound") : QString()));
    }
    finishCalibrationTable(m_fitted);
}

bool CalibrationDialog::saveTo(const std::string& userCatalog) {
    if (!m_result || !m_result->ok()) return false;
    std::string error;
    if (userCatalog.empty() ||
        !catalog::writeUserEntries(userCatalog, m_result->calibrated, &error)) {
        m_status->setText(tr("Not saved: %1")
                              .arg(userCatalog.empty()
                                       ? tr("no user catalog path (set INFRAPLAN_USER_CATALOG)")
                                       : calibrationText(error)));
        return false;
    }
    m_status->setText(tr("Saved %1 into %2.")
                          .arg(calibrationText(calibratedIds(*m_result)),
                               QDir::toNativeSeparators(calibrationText(userCatalog))));
    Q_EMIT userCatalogChanged();
    return true;
}

}  // namespace infraplan::ui
