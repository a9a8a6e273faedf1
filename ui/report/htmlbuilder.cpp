#include "ui/report/htmlbuilder.h"

#include "core/results/schema.h"
#include "ui/report/reportformat.h"

namespace infraplan::report {
namespace {

const QString kTableOpen = QStringLiteral(
    "<table width=\"100%\" cellspacing=\"0\" cellpadding=\"3\" "
    "style=\"border-collapse: collapse; border-color: #C8CDD3; margin-top: 3pt; "
    "margin-bottom: 6pt;\" border=\"0.5\">");

QString td(const Cell& cell, const QString& extra = {}) {
    QString style =
        cell.color.isEmpty() ? QString() : QStringLiteral(" color: %1;").arg(cell.color);
    return QStringLiteral("<td align=\"%1\" style=\"%2\"%3>%4</td>")
        .arg(cell.numeric ? QStringLiteral("right") : QStringLiteral("left"), style, extra,
             cell.html);
}

QString andMore(std::size_t shown, std::size_t total) {
    return QStringLiteral("… and %1 more (the JSON and CSV reports list them all)")
        .arg(formatPlain(static_cast<double>(total - shown)));
}

}  // namespace

void HtmlBuilder::section(const QString& anchor, const QString& title) {
    ++m_sections;
    spacer(9);
    m_html += QStringLiteral("<h2><a name=\"%1\"></a>%2. %3</h2>\n")
                  .arg(anchor)
                  .arg(m_sections)
                  .arg(title.toHtmlEscaped());
}

// Space as a line of a small font: QTextDocument keeps no margin between a table and the block
// after it.
void HtmlBuilder::spacer(double points) {
    m_html += QStringLiteral("<p style=\"margin: 0; font-size: %1pt;\">&nbsp;</p>\n").arg(points);
}

void HtmlBuilder::subheading(const QString& title) {
    m_html +=
        QStringLiteral("<h3 style=\"margin-top: 10pt;\">%1</h3>\n").arg(title.toHtmlEscaped());
}

void HtmlBuilder::paragraph(const QString& html) {
    m_html += QStringLiteral("<p>%1</p>\n").arg(html);
}

void HtmlBuilder::note(const QString& html) {
    m_html += QStringLiteral("<p class=\"note\">%1</p>\n").arg(html);
}

void HtmlBuilder::bullets(const QStringList& html, const QString& color) {
    if (html.isEmpty()) return;
    m_html += color.isEmpty() ? QStringLiteral("<ul>")
                              : QStringLiteral("<ul style=\"color: %1;\">").arg(color);
    const auto shown = std::min<std::size_t>(std::size_t(html.size()), kMaxRows);
    for (std::size_t i = 0; i < shown; ++i)
        m_html += QStringLiteral("<li>%1</li>").arg(html[qsizetype(i)]);
    if (shown < std::size_t(html.size()))
        m_html += QStringLiteral("<li>%1</li>").arg(andMore(shown, std::size_t(html.size())));
    m_html += QStringLiteral("</ul>\n");
}

void HtmlBuilder::table(const QStringList& headers, const std::vector<std::vector<Cell>>& rows,
                        const std::vector<int>& widths) {
    if (rows.empty()) return;
    m_html += kTableOpen + QStringLiteral("<thead><tr>");
    for (qsizetype c = 0; c < headers.size(); ++c) {
        const bool numeric = !rows.front().empty() && c < qsizetype(rows.front().size()) &&
                             rows.front()[std::size_t(c)].numeric;
        const QString width = std::size_t(c) < widths.size()
                                  ? QStringLiteral(" width=\"%1%\"").arg(widths[std::size_t(c)])
                                  : QString();
        m_html += QStringLiteral("<th align=\"%1\"%2>%3</th>")
                      .arg(numeric ? QStringLiteral("right") : QStringLiteral("left"), width,
                           headers[c].toHtmlEscaped());
    }
    m_html += QStringLiteral("</tr></thead>");
    bool shaded = false;
    const std::size_t shown = std::min(rows.size(), kMaxRows);
    for (std::size_t r = 0; r < shown; ++r) {
        m_html += shaded ? QStringLiteral("<tr bgcolor=\"#F4F6F8\">") : QStringLiteral("<tr>");
        for (const Cell& cell : rows[r])
            m_html += td(cell);
        m_html += QStringLiteral("</tr>");
        shaded = !shaded;
    }
    m_html += QStringLiteral("</table>\n");
    if (shown < rows.size()) note(andMore(shown, rows.size()));
}

void HtmlBuilder::keyValues(const std::vector<std::pair<QString, QString>>& pairs, bool wide) {
    if (pairs.empty()) return;
    const std::size_t columns = wide ? 1 : 2;
    const QString cells = wide ? QStringLiteral(
                                     "<td width=\"22%\" class=\"label\">%1</td>"
                                     "<td width=\"78%\">%2</td>")
                               : QStringLiteral(
                                     "<td width=\"26%\" class=\"label\">%1</td>"
                                     "<td width=\"24%\"><b>%2</b></td>");
    m_html += kTableOpen;
    const std::size_t rows = (pairs.size() + columns - 1) / columns;
    for (std::size_t r = 0; r < rows; ++r) {
        m_html += r % 2 ? QStringLiteral("<tr bgcolor=\"#F4F6F8\">") : QStringLiteral("<tr>");
        for (std::size_t c = 0; c < columns; ++c) {
            const std::size_t i = r + c * rows;  // fill the left column first
            const auto& [label, value] =
                i < pairs.size() ? pairs[i] : std::pair<QString, QString>{};
            m_html += cells.arg(label.toHtmlEscaped(), value);
        }
        m_html += QStringLiteral("</tr>");
    }
    m_html += QStringLiteral("</table>\n");
}

void HtmlBuilder::jsonFields(const nlohmann::json& results, const std::string& key) {
    const nlohmann::json& object = valueAt(results, key);
    std::vector<std::pair<QString, QString>> pairs;
    for (const std::string& member : membersInOrder(object, key)) {
        const nlohmann::json& value = object[member];
        if (value.is_structured()) continue;
        const std::string field = key + "." + member;
        pairs.emplace_back(fieldLabel(field), escaped(formatResult(results, field)));
    }
    keyValues(pairs);
}

void HtmlBuilder::chart(ChartSpec spec) {
    if (spec.bars.empty() && spec.levels.empty()) return;
    m_html += QStringLiteral("<p class=\"chart\">%1</p>\n").arg(chartPlaceholder(m_charts.size()));
    m_charts.push_back(std::move(spec));
}

QString HtmlBuilder::html() const {
    // QTextDocument's CSS: font sizes in pt, margins on blocks, colors; no page-break-inside
    // (headings are kept with what follows by the PDF writer instead).
    static const QString css = QStringLiteral(
        "<style>"
        "body { font-size: 9pt; color: #1F2933; }"
        "h1 { font-size: 20pt; color: #12355B; margin-bottom: 2pt; }"
        "h2 { font-size: 13pt; color: #12355B; margin-top: 20pt; margin-bottom: 4pt; }"
        "h3 { font-size: 10pt; color: #1F4E79; margin-top: 11pt; margin-bottom: 2pt; }"
        "p { margin-top: 2pt; margin-bottom: 4pt; }"
        "p.note { font-size: 7.5pt; color: #5F6B76; }"
        "p.chart { margin-top: 4pt; margin-bottom: 6pt; }"
        "th { background-color: #E4EAF1; color: #12355B; font-weight: bold; font-size: 8pt; }"
        "td { font-size: 8pt; }"
        "td.label { color: #3E4C59; }"
        "li { margin-bottom: 1pt; }"
        "</style>");
    return QStringLiteral("<html><head>") + css + QStringLiteral("</head><body>") + m_html +
           QStringLiteral("</body></html>");
}

}  // namespace infraplan::report
