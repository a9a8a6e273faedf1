// Bottlenecks and warnings with advice, then the assumptions behind every number: the design's
// facility and economics inputs, and each catalog entry used with its source.
#include <algorithm>
#include <set>

#include "core/io/design_json.h"
#include "core/io/results_table.h"
#include "ui/report/reportformat.h"
#include "ui/report/reportpalette.h"
#include "ui/report/reportsections.h"

namespace infraplan::report {
namespace {

QStringList strings(const nlohmann::json& list) {
    QStringList out;
    if (!list.is_array()) return out;
    for (const auto& s : list)
        if (s.is_string()) out << escaped(s.get<std::string>());
    return out;
}

// Catalog ids the design uses, directly or through a node template, in first-use order.
std::vector<std::string> usedEntries(const Design& design, const catalog::Catalog& catalog) {
    std::vector<std::string> ids;
    std::set<std::string> seen;
    auto add = [&](const std::string& id) {
        if (!id.empty() && catalog.entry(id) && seen.insert(id).second) ids.push_back(id);
    };
    for (const Item& item : design.hardware.items) {
        add(item.ref);
        if (item.fabric) {
            add(item.fabric->switch_ref);
            add(item.fabric->link);
        }
        if (const catalog::NodeTemplate* node = catalog.node(item.ref)) {
            for (const std::string* id : {&node->accelerator, &node->scaleup_link,
                                          &node->scaleup_switch, &node->nic, &node->nic_link})
                add(*id);
        }
        if (const catalog::Accelerator* a = catalog.accelerator(item.ref)) add(a->scaleup_link);
        if (const catalog::MemoryNode* m = catalog.memory(item.ref)) add(m->link);
    }
    for (const DesignLink& link : design.hardware.links)
        add(link.ref);
    if (const auto* model = std::get_if<std::string>(&design.workload.model)) add(*model);
    return ids;
}

QString sourceText(const catalog::EntryBase& e) {
    QString text = QStringLiteral("%1 <i>(%2)</i>")
                       .arg(escaped(e.source.document.empty() ? std::string("no source given")
                                                              : e.source.document),
                            QString::fromUtf8(catalog::toString(e.source.provenance)));
    for (const auto& [field, source] : e.fields)
        text += QStringLiteral("<br/><b>%1</b>: %2 <i>(%3)</i>")
                    .arg(escaped(field), escaped(source.document),
                         QString::fromUtf8(catalog::toString(source.provenance)));
    if (e.origin != catalog::Origin::builtin)
        text += QStringLiteral("<br/><span style=\"color: #8A5300;\">%1 entry%2</span>")
                    .arg(QString::fromUtf8(catalog::toString(e.origin)),
                         e.overrides_builtin ? QStringLiteral(", overrides the built-in one")
                                             : QString());
    return text;
}

void catalogEntries(HtmlBuilder& b, const ReportInput& in) {
    std::vector<std::vector<Cell>> rows;
    for (const std::string& id : usedEntries(in.design, in.catalog)) {
        const catalog::EntryBase* e = in.catalog.entry(id);
        const auto kind = in.catalog.kindOf(id);
        rows.push_back({{QStringLiteral("<b>%1</b><br/>%2").arg(escaped(e->name), escaped(id))},
                        {kind ? QString::fromUtf8(catalog::toString(*kind)) : QString()},
                        {escaped(e->vendor)},
                        {sourceText(*e)}});
    }
    b.subheading(QStringLiteral("Catalog entries used"));
    b.table({QStringLiteral("Entry"), QStringLiteral("Kind"), QStringLiteral("Vendor"),
             QStringLiteral("Source")},
            rows, {26, 13, 9, 52});
}

void catalogDefaults(HtmlBuilder& b, const ReportInput& in) {
    std::vector<std::vector<Cell>> rows;
    for (const auto& [id, d] : in.catalog.defaults())
        rows.push_back({{QStringLiteral("%1<br/><span style=\"color: #5F6B76;\">%2</span>")
                             .arg(escaped(d.name.empty() ? id : d.name), escaped(id))},
                        {formatPlain(d.value) + QLatin1Char(' ') +
                             escaped(d.unit).replace(QLatin1Char('_'), QLatin1Char(' ')),
                         true},
                        {sourceText(d)}});
    b.subheading(QStringLiteral("Facility, price and reliability defaults"));
    b.note(QStringLiteral("Used where the design does not set a value of its own."));
    b.table({QStringLiteral("Default"), QStringLiteral("Value"), QStringLiteral("Source")}, rows,
            {30, 20, 50});
}

}  // namespace

void addFindings(HtmlBuilder& b, const ReportInput& in) {
    const nlohmann::json& list = valueAt(in.results, "bottlenecks");
    const QStringList warnings = strings(valueAt(in.results, "warnings"));
    const QStringList reasons = strings(valueAt(in.results, "reasons"));
    if ((!list.is_array() || list.empty()) && warnings.isEmpty() && reasons.isEmpty()) return;
    b.section(QStringLiteral("findings"), QStringLiteral("Bottlenecks and warnings"));
    if (!reasons.isEmpty()) {
        b.subheading(QStringLiteral("Why the design is not feasible"));
        b.bullets(reasons, kBad);
    }
    if (list.is_array() && !list.empty()) {
        // In core's order: the leading bottleneck (the summary's) first.
        std::vector<std::vector<Cell>> rows;
        for (const nlohmann::json& x : list)
            rows.push_back(
                {{QStringLiteral("<b>%1</b><br/>%2")
                      .arg(escaped(x.value("resource", std::string())),
                           escaped(x.value("phase", std::string())))},
                 {formatField("bottlenecks[].share_of_time", valueAt(x, "share_of_time")), true},
                 {formatField("bottlenecks[].utilization", valueAt(x, "utilization")), true},
                 {escaped(x.value("advice", std::string()))}});
        b.subheading(QStringLiteral("Bottlenecks, most pressing first"));
        b.table({QStringLiteral("Resource and phase"), QStringLiteral("Share of time"),
                 QStringLiteral("Utilization"), QStringLiteral("Advice")},
                rows, {24, 11, 11, 54});
    }
    if (!warnings.isEmpty()) {
        b.subheading(QStringLiteral("Warnings"));
        b.bullets(warnings, kWarn);
    }
}

void addSources(HtmlBuilder& b, const ReportInput& in) {
    b.section(QStringLiteral("sources"), QStringLiteral("Assumptions and sources"));
    b.paragraph(QStringLiteral(
        "Every figure in this report is computed by Infraplan's analytic engine from the design "
        "and the catalog entries below: per-operation rooflines with achieved efficiencies, "
        "transformer FLOPs after Narayanan et al. (SC'21), activation memory after Korthikanti "
        "et al. (2022), collectives routed over the expanded topology, facility power with PUE "
        "and TCO annualized at the cost of capital."));
    const nlohmann::json design = designToJson(in.design);
    std::vector<std::pair<QString, QString>> inputs;
    for (const char* section : {"facility", "economics"})
        for (const ResultRow& row :
             flattenResults(design.value(section, nlohmann::json::object()))) {
            // 0 means "not set" for these (core/design/design.h): the engine picks a default.
            const bool unset = row.value == 0 && (row.path == "rack_power_limit_kw" ||
                                                  row.path == "cloud_price_usd_per_device_hour");
            // Design fields by their design-file key (docs/design-file.md gives each unit).
            inputs.emplace_back(
                QStringLiteral("%1.%2").arg(QString::fromLatin1(section),
                                            QString::fromStdString(row.path)),
                unset ? QStringLiteral("not set (default)") : plainValue(row.value));
        }
    b.subheading(QStringLiteral("Design inputs"));
    b.keyValues(inputs);
    catalogEntries(b, in);
    catalogDefaults(b, in);
}

}  // namespace infraplan::report
