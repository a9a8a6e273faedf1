// Sections other tools hand the report (ReportOptions::sections): the strategy search, the
// sizing, the sensitivity chart. Plain text in, escaped here; tables capped like every other.
#include "ui/report/reportformat.h"
#include "ui/report/reportsections.h"

namespace infraplan::report {

void addExtraSections(HtmlBuilder& b, const ReportInput& in) {
    for (const ExtraSection& s : in.options.sections) {
        if (s.title.isEmpty()) continue;
        // section() escapes the title itself.
        b.section(s.anchor.isEmpty() ? QStringLiteral("extra") : s.anchor.toHtmlEscaped(),
                  shortened(s.title.toStdString()));
        if (!s.intro.isEmpty()) b.paragraph(escaped(s.intro.toStdString(), 2000));
        if (!s.headers.isEmpty() && !s.rows.empty()) {
            QStringList headers;
            for (const QString& h : s.headers)
                headers << escaped(h.toStdString(), 60);
            std::vector<std::vector<Cell>> rows;
            for (const QStringList& row : s.rows) {
                std::vector<Cell> cells;
                for (qsizetype i = 0; i < s.headers.size(); ++i)
                    cells.push_back({i < row.size() ? escaped(row[i].toStdString()) : QString()});
                rows.push_back(std::move(cells));
            }
            b.table(headers, rows);
        }
        if (s.chart) b.chart(*s.chart);
        if (!s.note.isEmpty()) b.note(escaped(s.note.toStdString(), 2000));
    }
}

}  // namespace infraplan::report
