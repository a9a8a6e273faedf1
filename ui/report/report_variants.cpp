// The report's Variants section: the design and each variant it keeps (core/design/variants.h),
// evaluated alone against the report's catalog, their headline results side by side. A variant
// that does not fit shows why, and no figure.
#include "core/design/variants.h"
#include "core/evaluate/evaluate.h"
#include "core/results/results_json.h"
#include "ui/report/reportformat.h"
#include "ui/report/reportpalette.h"
#include "ui/report/reportsections.h"

namespace infraplan::report {
namespace {

constexpr std::size_t kVariantsPerTable = 4;  // beside the design: five columns of figures

struct Column {
    QString title;
    nlohmann::json results;
};

Column evaluatedVariant(const ReportInput& in, const Design& variant) {
    Column c{escaped(variant.name), {}};
    try {
        c.results = resultsToJson(evaluate(standaloneVariant(in.design, variant), in.catalog));
    } catch (const std::exception& error) {
        c.results = {{"feasible", false}, {"reasons", {error.what()}}};
    }
    return c;
}

Cell feasibleCell(const nlohmann::json& results) {
    if (results.value("feasible", false)) return {QStringLiteral("yes"), true, kGood};
    const nlohmann::json& reasons = valueAt(results, "reasons");
    const std::string why = reasons.is_array() && !reasons.empty() && reasons[0].is_string()
                                ? reasons[0].get<std::string>()
                                : std::string("not feasible");
    return {QStringLiteral("no: ") + escaped(why, 120), false, kBad};
}

// One table: the design's column, then these variants'.
void variantTable(HtmlBuilder& b, const Column& design, const std::vector<Column>& columns,
                  std::size_t first) {
    const std::size_t last = std::min(columns.size(), first + kVariantsPerTable);
    std::vector<const Column*> shown{&design};
    for (std::size_t k = first; k < last; ++k)
        shown.push_back(&columns[k]);
    QStringList headers{QStringLiteral("Result")};
    std::vector<std::vector<Cell>> rows(1, {{QStringLiteral("Feasible")}});
    for (const Column* c : shown) {
        headers << c->title;
        rows[0].push_back(feasibleCell(c->results));
    }
    for (const char* key : headlineKeys()) {
        std::vector<Cell> row{{fieldLabel(key).toHtmlEscaped()}};
        bool any = false;
        for (const Column* c : shown) {
            const bool fits = c->results.value("feasible", false);
            const nlohmann::json& value = valueAt(c->results, key);
            any = any || (fits && value.is_number());
            row.push_back(
                {fits && value.is_number() ? formatField(key, value) : QStringLiteral("–"), true});
        }
        if (any) rows.push_back(std::move(row));
    }
    b.table(headers, rows, {});
}

}  // namespace

void addVariants(HtmlBuilder& b, const ReportInput& in) {
    if (in.design.variants.empty()) return;
    b.section(QStringLiteral("variants"), QStringLiteral("Variants"));
    b.paragraph(QStringLiteral("The design keeps %1 named variant(s). Each is evaluated alone, "
                               "with this design's catalog; \"–\" marks a figure a variant "
                               "that does not fit cannot have.")
                    .arg(in.design.variants.size()));
    const Column design{designTitle(in), in.results};
    std::vector<Column> columns;
    for (const Design& variant : in.design.variants)
        columns.push_back(evaluatedVariant(in, variant));
    for (std::size_t first = 0; first < columns.size(); first += kVariantsPerTable)
        variantTable(b, design, columns, first);
    b.note(
        QStringLiteral("A variant's own report: infraplan-cli report FILE#NAME; two side by "
                       "side: Compare in the planner window, or report A --compare B."));
}

}  // namespace infraplan::report
