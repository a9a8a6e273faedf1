#pragma once
// Writing a report file in the format its extension names: PDF (the rendered report), JSON
// (design + results) or CSV (results as metric,value rows). One entry point for the CLI's
// `report` and the GUI's File -> Export Report.

#include <QString>
#include <memory>
#include <optional>

#include "ui/report/reportinput.h"

class QGuiApplication;

namespace infraplan::report {

enum class ReportFormat { pdf, json, csv };

// By extension, case-insensitive; nullopt for any other.
std::optional<ReportFormat> reportFormatFor(const QString& path);

// Writes atomically (QSaveFile: a failed write leaves no half file). False with `error` set to
// a sentence naming the file and the reason. PDF needs a QGuiApplication (see below).
bool exportReport(const ReportInput& input, const QString& path, const QString& generator,
                  QString* error);

// Write `bytes` to `path` atomically (a unique temporary file renamed into place; removed on
// failure); false with `error` set to the system's reason.
bool writeReportFile(const QString& path, const QByteArray& bytes, QString* error);

// For headless programs: a QGuiApplication on the "offscreen" platform when no application
// exists yet, so fonts and QPdfWriter work without a display; null when one already runs.
std::unique_ptr<QGuiApplication> makeHeadlessGuiApplication();

}  // namespace infraplan::report
