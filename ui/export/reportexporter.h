#pragma once
// File -> Export Report…: the open design and its current results written as a PDF, JSON or
// CSV report (by the file's extension) with the same renderer as `infraplan-cli report`.

#include <QString>
#include <nlohmann/json.hpp>

#include "ui/report/reportoptions.h"

class QWidget;

namespace infraplan::ui {

class DesignDocument;
class Evaluator;

// The results of the design as it is now: the evaluator's latest when it answers the latest
// edit, else evaluated here (the same engine, on this thread; an export is a one-off).
nlohmann::json currentResults(const DesignDocument& document, const Evaluator& evaluator);

// What the open design's report carries besides its numbers: the header's author and
// organisation from the settings, and a section for each planning tool's last result that is
// still current for the design (ui/plan/planrecord.h).
report::ReportOptions reportOptionsFor(const DesignDocument& document);

// Writes the report to `path`; false with `error` set when the extension is unknown or the
// file cannot be written.
bool exportReportFile(const DesignDocument& document, const Evaluator& evaluator,
                      const QString& path, QString* error);

// Asks for the file (PDF, JSON or CSV), writes it, and says in a message box what went wrong.
void exportReportInteractively(QWidget* parent, const DesignDocument& document,
                               const Evaluator& evaluator);

}  // namespace infraplan::ui
