#pragma once
// Builds the report's HTML (the subset QTextDocument renders) section by section, and collects
// the charts whose placeholders it writes. Tables repeat their header row on every page.

#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "ui/report/reportchart.h"

namespace infraplan::report {

struct Cell {
    Cell(QString html_ = {}, bool numeric_ = false,
         QString color_ = {})  // NOLINT: {text} reads well
        : html(std::move(html_)), numeric(numeric_), color(std::move(color_)) {}
    QString html;
    bool numeric = false;  // right-aligned
    QString color;         // text color ("" = default)
};

class HtmlBuilder {
public:
    // A numbered section; its anchor (`<a name=...>`) lets tests and readers find it.
    void section(const QString& anchor, const QString& title);
    void subheading(const QString& title);
    void paragraph(const QString& html);
    void note(const QString& html);  // small grey text
    // Lists and tables show their first kMaxRows entries, then "and N more" (every row is in
    // the JSON and CSV reports): a 10,000-item design stays a readable report.
    static constexpr std::size_t kMaxRows = 60;
    void bullets(const QStringList& html, const QString& color = {});
    // A table with a header row; `widths` in percent, one per column (may be empty).
    void table(const QStringList& headers, const std::vector<std::vector<Cell>>& rows,
               const std::vector<int>& widths = {});
    // Label/value pairs, two pairs to a row (one with `wide`, for long values).
    void keyValues(const std::vector<std::pair<QString, QString>>& pairs, bool wide = false);
    // Every scalar field of the results object at `key` ("training", "power"; nested objects
    // and arrays skipped), in the results schema's order with its label and unit.
    void jsonFields(const nlohmann::json& results, const std::string& key);
    void chart(ChartSpec spec);
    void raw(const QString& html) { m_html += html; }

    QString html() const;
    const std::vector<ChartSpec>& charts() const { return m_charts; }

private:
    void spacer(double points);

    QString m_html;
    std::vector<ChartSpec> m_charts;
    int m_sections = 0;
};

}  // namespace infraplan::report
