#include "ui/app/specsummary.h"

#include <QLocale>
#include <QStringList>
#include <cmath>

namespace infraplan::ui {
namespace {

QString dot() {
    return QStringLiteral(" · ");
}

QString acceleratorSummary(const catalog::Accelerator& a) {
    QStringList parts;
    if (a.memory_gb > 0) parts << quantityText(a.memory_gb, Unit::gigabytes);
    if (a.memory_bw_gb_s > 0) parts << quantityText(a.memory_bw_gb_s, Unit::gigabytes_per_s);
    const double bf16 = a.peak(catalog::Precision::bf16);
    if (bf16 > 0) parts << quantityText(bf16, Unit::tflop_per_s) + QStringLiteral(" bf16");
    return parts.join(dot());
}

QString sourceLine(const catalog::EntryBase& e) {
    if (e.source.document.empty()) return {};
    return QObject::tr("Source: %1 (%2)")
        .arg(QString::fromStdString(e.source.document).toHtmlEscaped(),
             QString::fromLatin1(catalog::toString(e.source.provenance)));
}

}  // namespace

QString formatNumber(double value, int significant) {
    return QString::fromStdString(infraplan::formatNumber(value, significant));
}

QString quantityText(double value, Unit unit) {
    return QString::fromStdString(formatQuantity(value, unit));
}

QString signedPercentText(double fraction) {
    const double percent = std::abs(fraction) < 0.0005 ? 0.0 : fraction * 100;
    return QString::asprintf("%+.1f%%", percent);
}

QString entrySummary(const catalog::Catalog& catalog, const std::string& id) {
    if (const auto* a = catalog.accelerator(id)) return acceleratorSummary(*a);
    if (const auto* n = catalog.node(id)) {
        const auto* a = catalog.accelerator(n->accelerator);
        QString text =
            QStringLiteral("%1× %2")
                .arg(n->accelerators)
                .arg(a ? QString::fromStdString(a->name) : QString::fromStdString(n->accelerator));
        if (a && a->memory_gb > 0)
            text += dot() + quantityText(a->memory_gb * n->accelerators, Unit::gigabytes);
        return text;
    }
    if (const auto* s = catalog.switchEntry(id))
        return QObject::tr("%1 ports × %2 Gb/s").arg(s->radix).arg(formatNumber(s->port_gbps));
    if (const auto* n = catalog.nic(id))
        return QObject::tr("%1 × %2 Gb/s").arg(n->ports).arg(formatNumber(n->port_gbps));
    if (const auto* m = catalog.memory(id)) {
        QString text = quantityText(m->capacity_gb, Unit::gigabytes);
        if (m->bandwidth_gb_s > 0)
            text += dot() + quantityText(m->bandwidth_gb_s, Unit::gigabytes_per_s);
        return text;
    }
    if (const auto* l = catalog.link(id)) {
        QString text =
            quantityText(l->bandwidth_gb_s, Unit::gigabytes_per_s) + QObject::tr(" per lane");
        if (l->latency_ns > 0) text += dot() + formatNumber(l->latency_ns) + QStringLiteral(" ns");
        return text;
    }
    if (const auto* m = catalog.model(id)) {
        QString text = QObject::tr("%1 layers · hidden %2").arg(m->layers).arg(m->hidden);
        if (m->published_params_b > 0)
            text = formatNumber(m->published_params_b) + QStringLiteral("B params") + dot() + text;
        return text;
    }
    return {};
}

QString itemSummary(const catalog::Catalog& catalog, const Item& item) {
    if (item.kind == ItemKind::fabric && item.fabric) {
        const FabricParams& f = *item.fabric;
        QStringList parts;
        parts << QString::fromLatin1(toString(f.topology));
        if (f.topology == FabricTopology::fat_tree || f.topology == FabricTopology::rail_optimized)
            parts << QObject::tr("%n tier(s)", nullptr, f.tiers);
        if (f.rails > 1) parts << QObject::tr("%n rail(s)", nullptr, f.rails);
        if (!f.link.empty()) parts << QString::fromStdString(f.link);
        return parts.join(dot());
    }
    if (item.kind == ItemKind::cpu && item.ref.empty())
        return item.power_w > 0 ? formatNumber(item.power_w) + QStringLiteral(" W") : QString();
    return entrySummary(catalog, item.ref);
}

QString entryTooltip(const catalog::Catalog& catalog, const std::string& id) {
    const catalog::EntryBase* e = catalog.entry(id);
    if (!e) return {};
    QString html = QStringLiteral("<b>%1</b>").arg(QString::fromStdString(e->name).toHtmlEscaped());
    if (!e->vendor.empty())
        html += QStringLiteral("<br/><span>%1</span>").arg(QString::fromStdString(e->vendor));
    html += QStringLiteral("<br/>%1").arg(entrySummary(catalog, id).toHtmlEscaped());
    if (const auto* a = catalog.accelerator(id)) {
        if (a->tdp_w > 0) html += QObject::tr("<br/>TDP %1 W").arg(formatNumber(a->tdp_w));
        if (a->scaleup_bw_gb_s > 0)
            html += QObject::tr("<br/>Scale-up %1 per direction")
                        .arg(quantityText(a->scaleup_bw_gb_s, Unit::gigabytes_per_s));
    }
    if (const auto* n = catalog.node(id); n && n->max_power_w > 0)
        html += QObject::tr("<br/>Max power %1 kW").arg(formatNumber(n->max_power_w / 1000));
    const QString source = sourceLine(*e);
    if (!source.isEmpty()) html += QStringLiteral("<br/><i>%1</i>").arg(source);
    html += QStringLiteral("<br/><code>%1</code>").arg(QString::fromStdString(id));
    return html;
}

}  // namespace infraplan::ui
