#pragma once
// What a report carries besides the design and its results: who it is from (the header's author
// and organisation: CLI --author/--organisation, GUI settings), sections other tools fill (the
// strategy search, the sizing, the sensitivity chart) and lines for the executive summary
// (e.g. error bands of the engines' validation). All optional: an empty ReportOptions gives the
// plain report.

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "ui/report/reportchart.h"

namespace infraplan::report {

// A section a planning tool adds after the Cost section: a paragraph, a table of plain-text
// cells (capped at HtmlBuilder::kMaxRows with "and N more"), an optional chart, a note.
struct ExtraSection {
    QString anchor;  // "search", "sizing", "sensitivity": the section's link name
    QString title;   // "Strategy search"
    QString intro;   // plain text
    QStringList headers;
    std::vector<QStringList> rows;  // plain text, one list per row, as many cells as headers
    std::optional<ChartSpec> chart;
    QString note;  // plain text, small
};

struct ReportOptions {
    QString author;        // "" = not shown
    QString organisation;  // "" = not shown
    // Extension point for the executive summary: label and value pairs shown under the
    // headline figures (error bands: "Step time, validated error" -> "±9 % (12 cases)").
    std::vector<std::pair<QString, QString>> summary_lines;
    std::vector<ExtraSection> sections;
};

}  // namespace infraplan::report
