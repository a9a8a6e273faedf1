#include "ui/inspector/specstable.h"

#include <QHeaderView>

#include "ui/app/specsummary.h"

namespace infraplan::ui {
namespace {

struct Row {
    QString label;
    QString value;
    std::string field;  // for the per-field source
};

std::vector<Row> rowsFor(const catalog::Catalog& c, const std::string& id) {
    auto n = [](double v, const char* unit) { return formatNumber(v) + QLatin1String(unit); };
    std::vector<Row> rows;
    if (const auto* a = c.accelerator(id)) {
        for (auto p : {catalog::Precision::fp8, catalog::Precision::bf16, catalog::Precision::fp16,
                       catalog::Precision::tf32, catalog::Precision::fp32, catalog::Precision::fp4})
            if (a->peak(p) > 0)
                rows.push_back(
                    {QObject::tr("Peak %1").arg(QString::fromLatin1(catalog::toString(p))),
                     formatTflops(a->peak(p)), "peak_tflops"});
        rows.push_back({QObject::tr("Memory"), formatGb(a->memory_gb), "memory_gb"});
        rows.push_back(
            {QObject::tr("Memory bandwidth"), formatGbPerS(a->memory_bw_gb_s), "memory_bw_gb_s"});
        rows.push_back({QObject::tr("Scale-up bandwidth"), formatGbPerS(a->scaleup_bw_gb_s),
                        "scaleup_bw_gb_s"});
        rows.push_back({QObject::tr("TDP"), n(a->tdp_w, " W"), "tdp_w"});
        rows.push_back({QObject::tr("Price"), QStringLiteral("$") + formatNumber(a->price_usd, 4),
                        "price_usd"});
    } else if (const auto* nd = c.node(id)) {
        rows.push_back({QObject::tr("Accelerators"),
                        QStringLiteral("%1 × %2")
                            .arg(nd->accelerators)
                            .arg(QString::fromStdString(nd->accelerator)),
                        "accelerators"});
        rows.push_back(
            {QObject::tr("Scale-up"), QString::fromStdString(nd->scaleup_link), "scaleup_link"});
        rows.push_back(
            {QObject::tr("NICs"),
             QStringLiteral("%1 × %2").arg(nd->nics).arg(QString::fromStdString(nd->nic)), "nics"});
        rows.push_back({QObject::tr("NIC link"), QString::fromStdString(nd->nic_link), "nic_link"});
        rows.push_back({QObject::tr("Host power"), n(nd->host_power_w, " W"), "host_power_w"});
        rows.push_back({QObject::tr("Max power"), n(nd->max_power_w, " W"), "max_power_w"});
        rows.push_back({QObject::tr("Price"), QStringLiteral("$") + formatNumber(nd->price_usd, 4),
                        "price_usd"});
    } else if (const auto* s = c.switchEntry(id)) {
        rows.push_back({QObject::tr("Ports"), QString::number(s->radix), "radix"});
        rows.push_back({QObject::tr("Port speed"), n(s->port_gbps, " Gb/s"), "port_gbps"});
        rows.push_back({QObject::tr("Latency"), n(s->latency_ns, " ns"), "latency_ns"});
        rows.push_back({QObject::tr("Power"), n(s->power_w, " W"), "power_w"});
        rows.push_back({QObject::tr("Price"), QStringLiteral("$") + formatNumber(s->price_usd, 4),
                        "price_usd"});
    } else if (const auto* nic = c.nic(id)) {
        rows.push_back({QObject::tr("Ports"), QString::number(nic->ports), "ports"});
        rows.push_back({QObject::tr("Port speed"), n(nic->port_gbps, " Gb/s"), "port_gbps"});
        rows.push_back({QObject::tr("Power"), n(nic->power_w, " W"), "power_w"});
    } else if (const auto* m = c.memory(id)) {
        rows.push_back({QObject::tr("Capacity"), formatGb(m->capacity_gb), "capacity_gb"});
        rows.push_back(
            {QObject::tr("Bandwidth"), formatGbPerS(m->bandwidth_gb_s), "bandwidth_gb_s"});
        rows.push_back({QObject::tr("Latency"), n(m->latency_ns, " ns"), "latency_ns"});
        rows.push_back({QObject::tr("Attach link"), QString::fromStdString(m->link), "link"});
        rows.push_back({QObject::tr("Power"), n(m->power_w, " W"), "power_w"});
    } else if (const auto* l = c.link(id)) {
        rows.push_back(
            {QObject::tr("Bandwidth / lane"), formatGbPerS(l->bandwidth_gb_s), "bandwidth_gb_s"});
        rows.push_back({QObject::tr("Latency"), n(l->latency_ns, " ns"), "latency_ns"});
        rows.push_back(
            {QObject::tr("Power / port"), n(l->power_w_per_port, " W"), "power_w_per_port"});
        rows.push_back({QObject::tr("Cost / link"),
                        QStringLiteral("$") + formatNumber(l->cost_usd, 4), "cost_usd"});
    }
    return rows;
}

}  // namespace

SpecsTable::SpecsTable(QWidget* parent) : QTreeWidget(parent) {
    setObjectName(QStringLiteral("specsTable"));
    setHeaderLabels({tr("Catalog figure"), tr("Value"), tr("Source")});
    setRootIsDecorated(false);
    setAlternatingRowColors(true);
    setAccessibleName(tr("Catalog specifications"));
    header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
}

void SpecsTable::showEntry(const catalog::Catalog& catalog, const std::string& id) {
    clear();
    const catalog::EntryBase* entry = catalog.entry(id);
    setVisible(entry != nullptr);
    if (!entry) return;
    for (const Row& r : rowsFor(catalog, id)) {
        const catalog::FieldSource& src = entry->sourceOf(r.field);
        auto* item = new QTreeWidgetItem(
            this, {r.label, r.value, QString::fromLatin1(catalog::toString(src.provenance))});
        item->setToolTip(2, QString::fromStdString(src.document));
        item->setToolTip(1, QString::fromStdString(src.document));
        if (src.provenance != catalog::Provenance::published) {
            QFont f = item->font(2);
            f.setItalic(true);
            item->setFont(2, f);
        }
    }
}

}  // namespace infraplan::ui
