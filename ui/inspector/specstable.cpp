#include "ui/inspector/specstable.h"

#include <QHeaderView>

#include "core/comm/collective_efficiency.h"
#include "core/results/format.h"
#include "ui/app/specsummary.h"

namespace infraplan::ui {
namespace {

struct Row {
    QString label;
    QString value;
    std::string field;  // for the per-field source
};

// What collectives achieve over a link: its own (measured or calibrated) figures, or the
// class defaults the communication models use, marked as such.
void addCollectiveRows(const catalog::Link& l, std::vector<Row>& rows) {
    const bool up = l.cls == catalog::LinkClass::scale_up;
    const QString fallback = QObject::tr(" (class default)");
    rows.push_back({QObject::tr("Collective efficiency"),
                    QString::fromStdString(infraplan::formatPercent(achievedFraction(&l, up))) +
                        (l.collective_efficiency > 0 ? QString() : fallback),
                    "collective_efficiency"});
    rows.push_back({QObject::tr("Collective step latency"),
                    quantityText(stepLatency(&l, up) * 1e9, Unit::nanoseconds) +
                        (l.collective_latency_us > 0 ? QString() : fallback),
                    "collective_latency_us"});
}

std::vector<Row> rowsFor(const catalog::Catalog& c, const std::string& id) {
    auto n = [](double v, const char* unit) { return formatNumber(v) + QLatin1String(unit); };
    std::vector<Row> rows;
    if (const auto* a = c.accelerator(id)) {
        for (auto p : {catalog::Precision::fp8, catalog::Precision::bf16, catalog::Precision::fp16,
                       catalog::Precision::tf32, catalog::Precision::fp32, catalog::Precision::fp4})
            if (a->peak(p) > 0)
                rows.push_back(
                    {QObject::tr("Peak %1").arg(QString::fromLatin1(catalog::toString(p))),
                     quantityText(a->peak(p), Unit::tflop_per_s), "peak_tflops"});
        rows.push_back(
            {QObject::tr("Memory"), quantityText(a->memory_gb, Unit::gigabytes), "memory_gb"});
        rows.push_back({QObject::tr("Memory bandwidth"),
                        quantityText(a->memory_bw_gb_s, Unit::gigabytes_per_s), "memory_bw_gb_s"});
        rows.push_back({QObject::tr("Scale-up bandwidth"),
                        quantityText(a->scaleup_bw_gb_s, Unit::gigabytes_per_s),
                        "scaleup_bw_gb_s"});
        rows.push_back({QObject::tr("TDP"), quantityText(a->tdp_w, Unit::watts), "tdp_w"});
        rows.push_back({QObject::tr("Price"), quantityText(a->price_usd, Unit::usd), "price_usd"});
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
        rows.push_back({QObject::tr("Host power"), quantityText(nd->host_power_w, Unit::watts),
                        "host_power_w"});
        rows.push_back(
            {QObject::tr("Max power"), quantityText(nd->max_power_w, Unit::watts), "max_power_w"});
        rows.push_back({QObject::tr("Price"), quantityText(nd->price_usd, Unit::usd), "price_usd"});
    } else if (const auto* s = c.switchEntry(id)) {
        rows.push_back({QObject::tr("Ports"), QString::number(s->radix), "radix"});
        rows.push_back({QObject::tr("Port speed"), n(s->port_gbps, " Gb/s"), "port_gbps"});
        rows.push_back(
            {QObject::tr("Latency"), quantityText(s->latency_ns, Unit::nanoseconds), "latency_ns"});
        rows.push_back({QObject::tr("Power"), quantityText(s->power_w, Unit::watts), "power_w"});
        rows.push_back({QObject::tr("Price"), quantityText(s->price_usd, Unit::usd), "price_usd"});
    } else if (const auto* nic = c.nic(id)) {
        rows.push_back({QObject::tr("Ports"), QString::number(nic->ports), "ports"});
        rows.push_back({QObject::tr("Port speed"), n(nic->port_gbps, " Gb/s"), "port_gbps"});
        rows.push_back({QObject::tr("Power"), quantityText(nic->power_w, Unit::watts), "power_w"});
    } else if (const auto* m = c.memory(id)) {
        rows.push_back({QObject::tr("Capacity"), quantityText(m->capacity_gb, Unit::gigabytes),
                        "capacity_gb"});
        rows.push_back({QObject::tr("Bandwidth"),
                        quantityText(m->bandwidth_gb_s, Unit::gigabytes_per_s), "bandwidth_gb_s"});
        rows.push_back(
            {QObject::tr("Latency"), quantityText(m->latency_ns, Unit::nanoseconds), "latency_ns"});
        rows.push_back({QObject::tr("Attach link"), QString::fromStdString(m->link), "link"});
        rows.push_back({QObject::tr("Power"), quantityText(m->power_w, Unit::watts), "power_w"});
    } else if (const auto* l = c.link(id)) {
        rows.push_back({QObject::tr("Bandwidth / lane"),
                        quantityText(l->bandwidth_gb_s, Unit::gigabytes_per_s), "bandwidth_gb_s"});
        rows.push_back(
            {QObject::tr("Latency"), quantityText(l->latency_ns, Unit::nanoseconds), "latency_ns"});
        rows.push_back({QObject::tr("Power / port"), quantityText(l->power_w_per_port, Unit::watts),
                        "power_w_per_port"});
        rows.push_back(
            {QObject::tr("Cost / link"), quantityText(l->cost_usd, Unit::usd), "cost_usd"});
        addCollectiveRows(*l, rows);
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
