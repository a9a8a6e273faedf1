#include "ui/export/reportexporter.h"

#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>

#include "core/evaluate/evaluate.h"
#include "core/results/results_json.h"
#include "ui/document/designdocument.h"
#include "ui/evaluation/evaluator.h"
#include "ui/export/reportsettings.h"
#include "ui/plan/planrecord.h"
#include "ui/report/reportexport.h"

namespace infraplan::ui {

nlohmann::json currentResults(const DesignDocument& document, const Evaluator& evaluator) {
    const auto& latest = evaluator.latest();
    if (latest && !evaluator.isBusy() && latest->generation == evaluator.requested())
        return latest->json;
    return resultsToJson(evaluate(document.design(), document.catalog()));
}

report::ReportOptions reportOptionsFor(const DesignDocument& document) {
    report::ReportOptions options = reportOptionsFromSettings();
    options.sections = document.planRecord().sectionsFor(document.design());
    return options;
}

bool exportReportFile(const DesignDocument& document, const Evaluator& evaluator,
                      const QString& path, QString* error) {
    const nlohmann::json results = currentResults(document, evaluator);
    report::ReportInput input{document.design(), document.catalog(), results, document.filePath()};
    input.options = reportOptionsFor(document);
    return report::exportReport(
        input, path, QStringLiteral("infraplan ") + QStringLiteral(INFRAPLAN_VERSION), error);
}

void exportReportInteractively(QWidget* parent, const DesignDocument& document,
                               const Evaluator& evaluator) {
    const QString pdfFilter = QObject::tr("PDF report (*.pdf)");
    const QString jsonFilter = QObject::tr("JSON design and results (*.json)");
    const QString csvFilter = QObject::tr("CSV results table (*.csv)");
    QSettings settings;
    const QString folder =
        settings
            .value(QStringLiteral("report/folder"), document.filePath().isEmpty()
                                                        ? QString()
                                                        : QFileInfo(document.filePath()).path())
            .toString();
    const QString base = document.filePath().isEmpty()
                             ? QObject::tr("report")
                             : QFileInfo(document.filePath()).completeBaseName();
    QString filter = pdfFilter;
    QString path = QFileDialog::getSaveFileName(
        parent, QObject::tr("Export Report"), QDir(folder).filePath(base + QStringLiteral(".pdf")),
        pdfFilter + QStringLiteral(";;") + jsonFilter + QStringLiteral(";;") + csvFilter, &filter);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty())
        path += filter == jsonFilter  ? QStringLiteral(".json")
                : filter == csvFilter ? QStringLiteral(".csv")
                                      : QStringLiteral(".pdf");
    settings.setValue(QStringLiteral("report/folder"), QFileInfo(path).path());
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QString error;
    const bool ok = exportReportFile(document, evaluator, path, &error);
    QApplication::restoreOverrideCursor();
    if (!ok)
        QMessageBox::warning(parent, QObject::tr("Export Report"),
                             QObject::tr("The report was not written: %1.").arg(error));
}

}  // namespace infraplan::ui
