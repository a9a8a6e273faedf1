#include "ui/report/reportexport.h"

#include <QFile>
#include <QFileInfo>
#include <QGuiApplication>

#include "catalog/file_io.h"
#include "catalog/json_limits.h"
#include "core/io/report_json.h"
#include "core/io/results_table.h"
#include "ui/report/reportdocument.h"

namespace infraplan::report {

// The one atomic writer (unique temporary file, removed on failure; the system's reason in
// the message, e.g. "No space left on device").
bool writeReportFile(const QString& path, const QByteArray& bytes, QString* error) {
    std::string why;
    if (writeFileAtomically(
            QFile::encodeName(path).toStdString(),
            std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), &why))
        return true;
    if (error) *error = QString::fromStdString(why);
    return false;
}

std::optional<ReportFormat> reportFormatFor(const QString& path) {
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("pdf")) return ReportFormat::pdf;
    if (suffix == QLatin1String("json")) return ReportFormat::json;
    if (suffix == QLatin1String("csv")) return ReportFormat::csv;
    return std::nullopt;
}

bool exportReport(const ReportInput& input, const QString& path, const QString& generator,
                  QString* error) {
    const auto format = reportFormatFor(path);
    if (!format) {
        if (error)
            *error = QStringLiteral("%1: the extension must be .pdf, .json or .csv").arg(path);
        return false;
    }
    QByteArray bytes;
    switch (*format) {
        case ReportFormat::pdf:
            if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance())) {
                if (error) *error = QStringLiteral("a PDF report needs a QGuiApplication");
                return false;
            }
            bytes = renderReportPdf(buildReportHtml(input));
            break;
        case ReportFormat::json:
            bytes = QByteArray::fromStdString(
                dumpJson(reportToJson(input.design, input.results, generator.toStdString()), 2) +
                "\n");
            break;
        case ReportFormat::csv:
            bytes = QByteArray::fromStdString(resultsToCsv(input.results));
            break;
    }
    return writeReportFile(path, bytes, error);
}

std::unique_ptr<QGuiApplication> makeHeadlessGuiApplication() {
    if (QCoreApplication::instance()) return nullptr;
    // QGuiApplication keeps references to argc/argv for its lifetime (and consumes options).
    static char program[] = "infraplan";
    static char option[] = "-platform";
    static char platform[] = "offscreen";
    static int argc;
    static char* argv[4];
    argc = 3;
    argv[0] = program;
    argv[1] = option;
    argv[2] = platform;
    argv[3] = nullptr;
    return std::make_unique<QGuiApplication>(argc, argv);
}

}  // namespace infraplan::report
