// Title block and executive summary: what was planned, whether it works, and the figures a
// decision rests on (speed or latency, power, cost per hour and per token).
#include <QFileInfo>
#include <algorithm>

#include "catalog/schema.h"
#include "core/design/resolve.h"
#include "core/results/likely_range.h"
#include "core/results/schema.h"
#include "ui/report/reportformat.h"
#include "ui/report/reportpalette.h"
#include "ui/report/reportsections.h"

namespace infraplan::report {
namespace {

// The headline figures, by results schema key (label and unit come from the schema); a
// figure the results lack is left out.
constexpr const char* kHeadlines[] = {
    "training.step_time_s",
    "training.tokens_per_s",
    "training.mfu",
    "training.time_to_train_days",
    "reliability.wall_days",
    "cost.training_run_usd",
    "inference.ttft_ms.p50",
    "inference.ttft_ms.p99",
    "inference.tpot_ms.p50",
    "inference.tpot_ms.p99",
    "inference.goodput_rps",
    "inference.slo_attainment",
    "inference.output_tokens_per_s",
    "devices",
    "power.facility_kw",
    "cost.usd_per_device_hour",
    "cost.usd_per_million_tokens",
    "cost.capex_usd",
    "cost.tco_usd",
};

QString card(const QString& label, const QString& value) {
    return QStringLiteral(
               "<td width=\"33%\" style=\"padding: 5pt;\"><span style=\"font-size: 7.5pt; "
               "color: #5F6B76;\">%1</span><br/><span style=\"font-size: 13pt; font-weight: "
               "bold; color: #12355B;\">%2</span></td>")
        .arg(label.toHtmlEscaped(), value);
}

QString catalogVersion(const catalog::Catalog& catalog) {
    int user = 0;
    int embedded = 0;
    auto count = [&](const auto& entries) {
        for (const auto& [id, entry] : entries) {
            user += entry.origin == catalog::Origin::user;
            embedded += entry.origin == catalog::Origin::embedded;
        }
    };
    count(catalog.accelerators());
    count(catalog.memoryNodes());
    count(catalog.links());
    count(catalog.switches());
    count(catalog.nics());
    count(catalog.nodes());
    count(catalog.models());
    count(catalog.defaults());
    return QStringLiteral(
               "schema v%1, %2 entries (%3 from the user catalog, %4 embedded in the "
               "design)")
        .arg(catalog::latestSchemaVersion())
        .arg(catalog.size())
        .arg(user)
        .arg(embedded);
}

QString workloadLine(const ReportInput& in) {
    const QString modelName = modelTitle(in);
    const bool training = in.design.workload.mode == WorkloadMode::training;
    QString devices;
    for (const DevicePool& pool : summarizeDevices(in.design, in.catalog).pools) {
        if (!pool.accelerator) continue;
        devices += (devices.isEmpty() ? QString() : QStringLiteral(" + ")) +
                   QStringLiteral("%1 × %2")
                       .arg(pool.devices)
                       .arg(QString::fromStdString(pool.accelerator->name));
    }
    return QStringLiteral("%1 %2 on %3")
        .arg(training ? QStringLiteral("Training") : QStringLiteral("Serving"), modelName,
             devices.isEmpty() ? QStringLiteral("no accelerators") : devices);
}

// A headline value, with its likely range under it when the results give one.
QString headlineValue(const ReportInput& in, const char* key, double value, Unit unit) {
    const std::string range = likelyRangeText(in.results, key);
    if (range.empty()) return quantity(value, unit);
    return QStringLiteral(
               "%1<br/><span style=\"font-size: 7pt; font-weight: normal; color: "
               "#5F6B76;\">%2</span>")
        .arg(quantity(value, unit), escaped(range));
}

void headlineCards(HtmlBuilder& b, const ReportInput& in) {
    std::vector<QString> cards;
    for (const char* key : kHeadlines) {
        const ResultField& field = resultField(key);  // throws for a key the schema lacks
        if (const auto value = numberAt(in.results, key))
            cards.push_back(card(fieldLabel(key), headlineValue(in, key, *value, field.unit)));
    }
    QString html = QStringLiteral(
        "<table width=\"100%\" cellspacing=\"4\" cellpadding=\"4\" bgcolor=\"#F4F6F8\" "
        "style=\"margin-top: 4pt; margin-bottom: 6pt;\">");
    for (std::size_t i = 0; i < cards.size(); i += 3) {
        html += QStringLiteral("<tr>");
        for (std::size_t j = i; j < i + 3; ++j)
            html += j < cards.size() ? cards[j] : QStringLiteral("<td width=\"33%\"></td>");
        html += QStringLiteral("</tr>");
    }
    b.raw(html + QStringLiteral("</table>\n"));
}

// Where each error band comes from, and which lie outside the published runs.
void errorBandBases(HtmlBuilder& b, const ReportInput& in) {
    const nlohmann::json& bands = valueAt(in.results, "error_bands");
    if (!bands.is_array() || bands.empty()) return;
    QStringList lines;
    for (const nlohmann::json& band : bands) {
        if (!band.is_object()) continue;
        const std::string metric = band.value("metric", std::string());
        QString line = QStringLiteral("<b>%1:</b> %2.")
                           .arg(fieldLabel(metric).toHtmlEscaped(),
                                escaped(band.value("basis", std::string())));
        if (!band.value("validated", false))
            line += QStringLiteral(" <i>Not validated:</i> %1.")
                        .arg(escaped(band.value("caveat", std::string())));
        lines << line;
    }
    b.paragraph(
        QStringLiteral("<b>How likely:</b> each range is where the engine's published "
                       "runs like this design were measured, relative to its "
                       "prediction."));
    b.bullets(lines);
}

// The leading bottleneck in a sentence, with its advice: core lists it first (the canvas marks
// the same one).
void leadingBottleneck(HtmlBuilder& b, const ReportInput& in) {
    const nlohmann::json& list = valueAt(in.results, "bottlenecks");
    if (!list.is_array() || list.empty() || !list.front().is_object()) return;
    const nlohmann::json& top = list.front();
    QString advice = escaped(top.value("advice", std::string()));
    if (!advice.isEmpty()) advice[0] = advice[0].toUpper();
    b.paragraph(QStringLiteral("<b>Leading bottleneck:</b> %1 (%2) takes %3 of the time. %4.")
                    .arg(escaped(top.value("resource", std::string())),
                         escaped(top.value("phase", std::string())),
                         formatField("bottlenecks[].share_of_time", valueAt(top, "share_of_time")),
                         advice));
}

}  // namespace

std::vector<const char*> headlineKeys() {
    return {std::begin(kHeadlines), std::end(kHeadlines)};
}

const nlohmann::json* beginSection(HtmlBuilder& b, const ReportInput& in, const char* key,
                                   const QString& title) {
    const nlohmann::json& object = valueAt(in.results, key);
    if (!object.is_object()) return nullptr;
    b.section(QString::fromLatin1(key), title);
    return &object;
}

QString modelTitle(const ReportInput& in) {
    const catalog::Model* model = resolveModel(in.design, in.catalog);
    if (!model) return QStringLiteral("an unknown model");
    if (!model->name.empty()) return QString::fromStdString(model->name);
    if (!model->id.empty()) return QString::fromStdString(model->id);
    return QStringLiteral("an inline model");
}

QString designTitle(const ReportInput& in) {
    if (!in.design.name.empty()) return shortened(in.design.name);
    if (!in.source_file.isEmpty()) return QFileInfo(in.source_file).completeBaseName();
    return QStringLiteral("Untitled design");
}

void addTitle(HtmlBuilder& b, const ReportInput& in) {
    b.raw(
        QStringLiteral("<p style=\"font-size: 8pt; color: #5F6B76; margin-bottom: 0;\">"
                       "INFRAPLAN · INFRASTRUCTURE PLAN REPORT</p>"));
    b.raw(QStringLiteral("<h1>%1</h1>\n").arg(designTitle(in).toHtmlEscaped()));
    b.paragraph(QStringLiteral("<span style=\"font-size: 10.5pt; color: #1F4E79;\">%1</span>")
                    .arg(workloadLine(in).toHtmlEscaped()));
    if (!in.design.description.empty()) b.paragraph(escaped(in.design.description, 2000));
    std::vector<std::pair<QString, QString>> header;
    if (!in.options.author.isEmpty())
        header.emplace_back(QStringLiteral("Prepared by"),
                            escaped(in.options.author.toStdString()));
    if (!in.options.organisation.isEmpty())
        header.emplace_back(QStringLiteral("Organisation"),
                            escaped(in.options.organisation.toStdString()));
    header.insert(header.end(),
                  {
                      {QStringLiteral("Design file"), in.source_file.isEmpty()
                                                          ? QStringLiteral("(not saved)")
                                                          : in.source_file.toHtmlEscaped()},
                      {QStringLiteral("Generated"),
                       in.generated.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))},
                      {QStringLiteral("Infraplan version"), QStringLiteral(INFRAPLAN_VERSION)},
                      {QStringLiteral("Catalog"), catalogVersion(in.catalog).toHtmlEscaped()},
                  });
    b.keyValues(header, true);
}

void addExecutiveSummary(HtmlBuilder& b, const ReportInput& in) {
    b.section(QStringLiteral("summary"), QStringLiteral("Executive summary"));
    const bool feasible =
        valueAt(in.results, "feasible").is_boolean() && in.results["feasible"].get<bool>();
    const QString color = feasible ? kGood : kBad;
    const QString verdict =
        feasible ? QStringLiteral("FEASIBLE: the design can run this workload as planned.")
                 : QStringLiteral("NOT FEASIBLE: the design cannot run this workload as planned.");
    b.raw(
        QStringLiteral("<table width=\"100%\" cellpadding=\"6\" bgcolor=\"%1\" "
                       "style=\"margin-bottom: 4pt;\"><tr><td style=\"color: %2; font-size: "
                       "11pt; font-weight: bold;\">%3</td></tr></table>\n")
            .arg(feasible ? QStringLiteral("#E3F4E8") : QStringLiteral("#FBE4E2"), color, verdict));
    QStringList reasons;
    for (const auto& reason : valueAt(in.results, "reasons"))
        if (reason.is_string()) reasons << escaped(reason.get<std::string>());
    b.bullets(reasons, kBad);
    headlineCards(b, in);
    errorBandBases(b, in);
    // Lines other engines add (error bands of their validation, ...): ReportOptions.
    std::vector<std::pair<QString, QString>> extra;
    for (const auto& [label, value] : in.options.summary_lines)
        extra.emplace_back(escaped(label.toStdString()), escaped(value.toStdString()));
    if (!extra.empty()) b.keyValues(extra);
    const Slo& slo = in.design.workload.slo;
    if (in.design.workload.mode == WorkloadMode::inference && (slo.ttft_ms > 0 || slo.tpot_ms > 0))
        b.paragraph(QStringLiteral("<b>Service-level objective:</b> TTFT ≤ %1, TPOT ≤ %2 at "
                                   "p%3.")
                        .arg(slo.ttft_ms > 0 ? quantity(slo.ttft_ms, Unit::milliseconds)
                                             : QStringLiteral("unbounded"),
                             slo.tpot_ms > 0 ? quantity(slo.tpot_ms, Unit::milliseconds)
                                             : QStringLiteral("unbounded"),
                             formatPlain(slo.percentile)));
    leadingBottleneck(b, in);
    const auto warnings = valueAt(in.results, "warnings").size();
    if (warnings > 0)
        b.paragraph(QStringLiteral("<b>%1 warning%2</b> need attention; see <i>Bottlenecks and "
                                   "warnings</i>.")
                        .arg(warnings)
                        .arg(warnings == 1 ? QString() : QStringLiteral("s")));
}

}  // namespace infraplan::report
