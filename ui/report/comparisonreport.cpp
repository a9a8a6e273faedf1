#include "ui/report/comparisonreport.h"

#include <QGuiApplication>
#include <map>
#include <set>

#include "core/io/input_diff.h"
#include "core/io/results_table.h"
#include "core/results/schema.h"
#include "ui/report/htmlbuilder.h"
#include "ui/report/reportexport.h"
#include "ui/report/reportformat.h"
#include "ui/report/reportpalette.h"
#include "ui/report/reportsections.h"

namespace infraplan::report {
namespace {

QString changeText(std::optional<double> change) {
    if (!change) return QStringLiteral("–");
    return (*change > 0 ? QStringLiteral("+") : QString()) + quantity(*change, Unit::fraction);
}

// "better" / "worse" / "" for B against A, by the field's direction in the results schema.
Cell verdictCell(Verdict verdict) {
    if (verdict == Verdict::none) return {};
    const bool better = verdict == Verdict::better;
    return {QString::fromLatin1(toString(verdict)), false, better ? kGood : kBad};
}

std::vector<Cell> resultRow(const ComparisonRow& r) {
    return {{QString::fromStdString(resultLabel(r.path)).toHtmlEscaped()},
            {formatField(r.path, r.a), true},
            {formatField(r.path, r.b), true},
            {changeText(r.change), true},
            verdictCell(r.verdict)};
}

const QStringList kResultHeaders = {QStringLiteral("Result"), QStringLiteral("A"),
                                    QStringLiteral("B"), QStringLiteral("B vs A"), QString()};
const std::vector<int> kResultWidths = {38, 18, 18, 14, 12};

void designs(HtmlBuilder& b, const NamedResults& a, const NamedResults& c) {
    auto name = [](const NamedResults& s) {
        return escaped(s.name.isEmpty() ? s.design.name : s.name.toStdString());
    };
    b.keyValues({{QStringLiteral("A"), name(a)}, {QStringLiteral("B"), name(c)}}, true);
}

// Every workload, strategy, facility and economics input that differs, by design-file key.
void inputs(HtmlBuilder& b, const NamedResults& a, const NamedResults& c) {
    const InputComparison inputs = compareInputs(a.design, c.design);
    std::vector<std::vector<Cell>> rows;
    for (const InputDifference& d : inputs.differences)
        rows.push_back({{escaped(d.key)}, {plainValue(d.a), true}, {plainValue(d.b), true}});
    b.section(QStringLiteral("inputs"), QStringLiteral("Inputs that differ"));
    if (rows.empty())
        b.paragraph(
            QStringLiteral("The workload, strategy, facility and economics inputs are "
                           "the same; the designs differ in their hardware."));
    else
        b.table({QStringLiteral("Input"), QStringLiteral("A"), QStringLiteral("B")}, rows,
                {50, 25, 25});
    b.note(QStringLiteral("%1 inputs are the same in both.").arg(inputs.same));
}

void results(HtmlBuilder& b, const NamedResults& a, const NamedResults& c) {
    const std::vector<ComparisonRow> all = compareResults(a.results, c.results);
    std::map<std::string, const ComparisonRow*> byPath;
    for (const ComparisonRow& r : all)
        byPath[r.path] = &r;
    b.section(QStringLiteral("headlines"), QStringLiteral("Headline results"));
    std::vector<std::vector<Cell>> headlines;
    std::set<std::string> shown;
    for (const char* key : headlineKeys()) {
        auto it = byPath.find(key);
        if (it == byPath.end()) continue;
        headlines.push_back(resultRow(*it->second));
        shown.insert(key);
    }
    b.table(kResultHeaders, headlines, kResultWidths);
    std::vector<std::vector<Cell>> rest;
    for (const ComparisonRow& r : all)
        if (!shown.count(r.path) && r.a != r.b) rest.push_back(resultRow(r));
    b.section(QStringLiteral("differences"), QStringLiteral("Every other result that differs"));
    b.table(kResultHeaders, rest, kResultWidths);
    b.note(
        QStringLiteral("Better or worse by the direction the results contract gives each "
                       "result (lower times, costs, energy and power; higher throughput, MFU, "
                       "SLO attainment and time between interruptions); unmarked where neither "
                       "is better, as for counts and configuration."));
}

}  // namespace

ReportHtml buildComparisonHtml(const NamedResults& a, const NamedResults& b,
                               const ReportOptions& options) {
    HtmlBuilder h;
    h.raw(
        QStringLiteral("<p style=\"font-size: 8pt; color: #5F6B76; margin-bottom: 0;\">"
                       "INFRAPLAN · COMPARISON REPORT</p>"));
    const QString title = QStringLiteral("%1 vs %2").arg(a.name, b.name);
    h.raw(QStringLiteral("<h1>%1</h1>\n").arg(title.toHtmlEscaped()));
    std::vector<std::pair<QString, QString>> header;
    if (!options.author.isEmpty())
        header.emplace_back(QStringLiteral("Prepared by"), escaped(options.author.toStdString()));
    if (!options.organisation.isEmpty())
        header.emplace_back(QStringLiteral("Organisation"),
                            escaped(options.organisation.toStdString()));
    h.keyValues(header, true);
    designs(h, a, b);
    inputs(h, a, b);
    results(h, a, b);
    return {
        title,
        QStringLiteral("Infraplan %1 · %2")
            .arg(QStringLiteral(INFRAPLAN_VERSION), QDateTime::currentDateTimeUtc().toString(
                                                        QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))),
        h.html(), h.charts()};
}

bool exportComparisonPdf(const NamedResults& a, const NamedResults& b, const QString& path,
                         const ReportOptions& options, QString* error) {
    if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance())) {
        if (error) *error = QStringLiteral("a PDF report needs a QGuiApplication");
        return false;
    }
    return writeReportFile(path, renderReportPdf(buildComparisonHtml(a, b, options)), error);
}

}  // namespace infraplan::report
