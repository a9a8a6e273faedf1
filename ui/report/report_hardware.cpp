// Hardware inventory (what the design expands to) and the workload and strategy it runs.
#include <algorithm>
#include <initializer_list>

#include "core/design/resolve.h"
#include "core/io/design_json.h"
#include "core/io/results_table.h"
#include "ui/report/reportformat.h"
#include "ui/report/reportsections.h"

namespace infraplan::report {
namespace {

constexpr std::size_t kMaxItemRows = 60;
constexpr std::size_t kMaxLinkRows = 40;

QString entryName(const catalog::Catalog& catalog, const std::string& id) {
    if (id.empty()) return QStringLiteral("–");
    const catalog::EntryBase* entry = catalog.entry(id);
    return entry && !entry->name.empty() ? QString::fromStdString(entry->name).toHtmlEscaped()
                                         : escaped(id);
}

QString capitalized(QString text) {
    if (!text.isEmpty()) text[0] = text[0].toUpper();
    return text;
}

QString kindLabel(const std::string& kind) {
    if (kind == "switch") return QStringLiteral("Switches");
    if (kind == "memory") return QStringLiteral("Memory nodes");
    if (kind == "cpu" || kind == "nic")
        return QString::fromStdString(kind).toUpper() + QLatin1Char('s');
    return capitalized(QString::fromStdString(kind) + QLatin1Char('s'));
}

QString itemDetail(const catalog::Catalog& catalog, const Item& item) {
    if (item.kind == ItemKind::fabric && item.fabric) {
        const FabricParams& f = *item.fabric;
        return QStringLiteral("%1, %2 tiers, %3 switches, %4 links, oversubscription %5:1")
            .arg(QString::fromUtf8(toString(f.topology)))
            .arg(f.tiers)
            .arg(entryName(catalog, f.switch_ref), entryName(catalog, f.link),
                 formatPlain(f.oversubscription));
    }
    if (item.kind == ItemKind::group)
        return item.role.empty() ? QStringLiteral("group") : escaped(item.role);
    if (const catalog::NodeTemplate* node = catalog.node(item.ref))
        return QStringLiteral("%1 × %2 per node")
            .arg(node->accelerators)
            .arg(entryName(catalog, node->accelerator));
    return entryName(catalog, item.ref);
}

void accelerators(HtmlBuilder& b, const ReportInput& in) {
    const catalog::Precision precision = in.design.workload.precision;
    std::vector<std::vector<Cell>> rows;
    for (const DevicePool& pool : summarizeDevices(in.design, in.catalog).pools) {
        if (!pool.accelerator) continue;
        const catalog::Accelerator& a = *pool.accelerator;
        const QString packaging =
            pool.node ? QStringLiteral("%1 × %2")
                            .arg(pool.nodes)
                            .arg(QString::fromStdString(pool.node->name).toHtmlEscaped())
                      : QStringLiteral("loose parts");
        rows.push_back({{QString::fromStdString(a.name).toHtmlEscaped()},
                        {quantity(double(pool.devices), Unit::count), true},
                        {packaging},
                        {quantity(a.memory_gb, Unit::gigabytes), true},
                        {quantity(a.memory_bw_gb_s, Unit::gigabytes_per_s), true},
                        {quantity(a.peak(precision), Unit::tflop_per_s), true},
                        {quantity(a.tdp_w, Unit::watts), true}});
    }
    b.table({QStringLiteral("Accelerator"), QStringLiteral("Devices"), QStringLiteral("Packaging"),
             QStringLiteral("Memory"), QStringLiteral("Bandwidth"),
             QStringLiteral("Peak %1").arg(QString::fromUtf8(catalog::toString(precision))),
             QStringLiteral("TDP")},
            rows, {24, 9, 23, 10, 12, 12, 10});
}

void expandedInventory(HtmlBuilder& b, const ReportInput& in) {
    const nlohmann::json& inventory = valueAt(in.results, "inventory");
    if (!inventory.is_object()) return;
    b.subheading(QStringLiteral("Expanded inventory"));
    std::vector<std::vector<Cell>> rows;
    for (const auto& [kind, count] : valueAt(inventory, "items_by_kind").items())
        rows.push_back(
            {{kindLabel(kind)}, {formatField("inventory.items_by_kind." + kind, count), true}, {}});
    for (const auto& [id, count] : valueAt(inventory, "links_by_type").items()) {
        const catalog::Link* link = in.catalog.link(id);
        rows.push_back({{QStringLiteral("Links: ") + entryName(in.catalog, id)},
                        {formatField("inventory.links_by_type." + id, count), true},
                        {link ? quantity(link->bandwidth_gb_s, Unit::gigabytes_per_s) +
                                    QStringLiteral(" per direction per link")
                              : QString()}});
    }
    b.table({QStringLiteral("Part"), QStringLiteral("Count"), QStringLiteral("Note")}, rows,
            {45, 15, 40});
    // Peak at the workload's precision; the others are in the results JSON.
    const std::string precision = catalog::toString(in.design.workload.precision);
    std::vector<std::pair<QString, QString>> totals;
    const std::string peakKey = "inventory.peak_tflops." + precision;
    if (const auto peak = numberAt(in.results, peakKey))
        totals.emplace_back(fieldLabel(peakKey), formatField(peakKey, *peak));
    for (const char* key : {"inventory.memory_capacity_gb", "inventory.memory_bandwidth_gb_s",
                            "inventory.memory_node_capacity_gb"})
        if (const auto v = numberAt(in.results, key); v && *v > 0)
            totals.emplace_back(fieldLabel(key), formatField(key, *v));
    b.keyValues(totals);
}

void designItems(HtmlBuilder& b, const ReportInput& in) {
    b.subheading(QStringLiteral("Design items"));
    std::vector<std::vector<Cell>> rows;
    const auto& items = in.design.hardware.items;
    for (std::size_t i = 0; i < items.size() && i < kMaxItemRows; ++i) {
        const Item& item = items[i];
        rows.push_back({{escaped(item.id)},
                        {QString::fromUtf8(toString(item.kind))},
                        {itemDetail(in.catalog, item)},
                        {QString::number(totalInstances(in.design, item)), true},
                        {item.parent.empty() ? QStringLiteral("–") : escaped(item.parent)}});
    }
    b.table({QStringLiteral("Item"), QStringLiteral("Kind"), QStringLiteral("What"),
             QStringLiteral("Instances"), QStringLiteral("Inside")},
            rows, {20, 11, 45, 11, 13});
    if (items.size() > kMaxItemRows)
        b.note(QStringLiteral("%1 more items are in the design file.")
                   .arg(items.size() - kMaxItemRows));
    const auto& links = in.design.hardware.links;
    if (links.empty()) return;
    std::vector<std::vector<Cell>> linkRows;
    for (std::size_t i = 0; i < links.size() && i < kMaxLinkRows; ++i)
        linkRows.push_back({{escaped(links[i].from) + QStringLiteral(" → ") + escaped(links[i].to)},
                            {entryName(in.catalog, links[i].ref)},
                            {QString::number(links[i].count), true}});
    b.table({QStringLiteral("Drawn link"), QStringLiteral("Type"), QStringLiteral("Lanes")},
            linkRows, {45, 40, 15});
    if (links.size() > kMaxLinkRows)
        b.note(QStringLiteral("%1 more links are in the design file.")
                   .arg(links.size() - kMaxLinkRows));
}

// The scalars of a design section ("workload", "strategy") as label/value pairs, but for the
// top-level fields in `unused` (those that mean nothing in this mode, docs/design-file.md).
std::vector<std::pair<QString, QString>> designFields(const nlohmann::json& section,
                                                      std::initializer_list<const char*> unused) {
    std::vector<std::pair<QString, QString>> pairs;
    for (const ResultRow& row : flattenResults(section)) {
        const std::string top = row.path.substr(0, row.path.find('.'));
        if (std::any_of(unused.begin(), unused.end(), [&](const char* f) { return top == f; }))
            continue;
        QString label = QString::fromStdString(row.path);
        label.replace(QLatin1Char('.'), QStringLiteral(" · "))
            .replace(QLatin1Char('_'), QLatin1Char(' '));
        pairs.emplace_back(label, plainValue(row.value));
    }
    return pairs;
}

void modelSummary(HtmlBuilder& b, const ReportInput& in) {
    const catalog::Model* m = resolveModel(in.design, in.catalog);
    if (!m) return;
    QString text = QStringLiteral(
                       "<b>%1</b>: %2 layers, hidden %3, %4 attention heads (%5 KV), "
                       "FFN %6 (%7), vocabulary %8")
                       .arg(capitalized(modelTitle(in)).toHtmlEscaped())
                       .arg(m->layers)
                       .arg(m->hidden)
                       .arg(m->heads)
                       .arg(m->kvHeads())
                       .arg(m->ffnHidden())
                       .arg(QString::fromUtf8(catalog::toString(m->ffn)))
                       .arg(m->vocab);
    if (m->moe)
        text += QStringLiteral("; mixture of experts: %1 experts, top-%2")
                    .arg(m->moe->experts)
                    .arg(m->moe->top_k);
    if (m->published_params_b > 0)
        text +=
            QStringLiteral("; %1 B parameters (published)").arg(formatPlain(m->published_params_b));
    b.paragraph(text + QLatin1Char('.'));
}

}  // namespace

void addHardware(HtmlBuilder& b, const ReportInput& in) {
    b.section(QStringLiteral("hardware"), QStringLiteral("Hardware inventory"));
    accelerators(b, in);
    expandedInventory(b, in);
    designItems(b, in);
}

void addWorkload(HtmlBuilder& b, const ReportInput& in) {
    b.section(QStringLiteral("workload"), QStringLiteral("Workload and strategy"));
    modelSummary(b, in);
    const nlohmann::json design = designToJson(in.design);
    nlohmann::json workload = design.value("workload", nlohmann::json::object());
    if (workload.contains("model") && workload["model"].is_object()) workload.erase("model");
    b.subheading(QStringLiteral("Workload"));
    const nlohmann::json& strategy = valueAt(design, "strategy");
    if (in.design.workload.mode == WorkloadMode::inference) {
        b.keyValues(designFields(workload, {"seq_len", "global_batch", "train_tokens"}));
        b.subheading(QStringLiteral("Parallelism and scheduling"));
        b.keyValues(designFields(
            strategy, {"dp", "cp", "sequence_parallel", "zero", "microbatch", "interleave",
                       "schedule", "recompute", "overlap_dp", "overlap_tp", "overlap_tp_scope"}));
    } else {
        b.keyValues(designFields(workload, {"kv_precision", "traffic", "slo"}));
        b.subheading(QStringLiteral("Parallelism and scheduling"));
        b.keyValues(designFields(
            strategy, {"replicas", "max_batch", "scheduler", "disaggregated", "kv_offload"}));
    }
}

}  // namespace infraplan::report
