// The bill of materials: every priced part with quantity, unit and extended price; cables and
// optics by link and length class; switch ports used and free. Built from the expanded graph
// with the facility model's own prices (core/facility/bom.h), so its totals are the capex
// classes of the Cost section. The PDF shows the summary; `infraplan-cli bom` writes every line
// and the cabling plan.
#include "core/facility/bom.h"
#include "core/topology/graph.h"
#include "ui/report/reportformat.h"
#include "ui/report/reportsections.h"

namespace infraplan::report {
namespace {

QString money(double usd) {
    return quantity(usd, Unit::usd);
}
QString count(long long n) {
    return quantity(static_cast<double>(n), Unit::count);
}

void summary(HtmlBuilder& b, const Bom& bom) {
    long long ports = 0, used = 0;
    for (const SwitchPorts& s : bom.switch_ports) {
        ports += s.ports;
        used += s.used;
    }
    b.keyValues({{QStringLiteral("Compute"), money(bom.total(CapexClass::compute))},
                 {QStringLiteral("Network"), money(bom.total(CapexClass::network))},
                 {QStringLiteral("Memory"), money(bom.total(CapexClass::memory))},
                 {QStringLiteral("Cables"), count(bom.cables)},
                 {QStringLiteral("Optics (transceivers)"), count(bom.optics)},
                 {QStringLiteral("Switch ports used / free"),
                  count(used) + QStringLiteral(" / ") + count(ports > used ? ports - used : 0)}});
}

void parts(HtmlBuilder& b, const Bom& bom) {
    std::vector<std::vector<Cell>> rows;
    for (const PricedPart& p : bom.parts) {
        if (p.kind == "cable") continue;
        rows.push_back({{escaped(p.name.empty() ? p.id : p.name, 60)},
                        {QString::fromStdString(p.kind)},
                        {QString::fromStdString(toString(p.cls))},
                        {count(p.quantity), true},
                        {money(p.unit_usd), true},
                        {money(p.extendedUsd()), true}});
    }
    if (rows.empty()) return;
    b.subheading(QStringLiteral("Parts"));
    b.table({QStringLiteral("Part"), QStringLiteral("Kind"), QStringLiteral("Class"),
             QStringLiteral("Quantity"), QStringLiteral("Unit price"), QStringLiteral("Extended")},
            rows, {36, 12, 11, 11, 15, 15});
}

void cables(HtmlBuilder& b, const Bom& bom) {
    std::vector<std::vector<Cell>> rows;
    for (const PricedPart& p : bom.parts) {
        if (p.kind != "cable") continue;
        const CableMedia media = cableMediaOf(p, bom.params);
        rows.push_back(
            {{escaped(p.id, 40)},
             {QString::fromStdString(p.variant)},
             {QString::fromUtf8(media.name) + QStringLiteral(" (≤ %1 m)").arg(media.reach_m)},
             {count(p.quantity), true},
             {count(opticsOf(p, bom.params)), true},
             {money(p.extendedUsd()), true}});
    }
    if (rows.empty()) return;
    b.subheading(QStringLiteral("Cables and optics"));
    b.table({QStringLiteral("Link"), QStringLiteral("Length class"), QStringLiteral("Medium"),
             QStringLiteral("Cables"), QStringLiteral("Optics"), QStringLiteral("Extended")},
            rows, {22, 14, 30, 10, 10, 14});
    b.note(QStringLiteral(
        "Every cable is priced at its link's catalog cost_usd, which covers a transceiver at "
        "each end and the fiber, and powered at its power_w_per_port, so each is listed with "
        "its two optics. Cables inside a rack are within a passive copper DAC's reach "
        "(dac_reach_m), which would cost and draw less; the catalog prices no DAC, so none is "
        "assumed. Between racks, the reach is multimode optics' (multimode_reach_m)."));
}

void switchPorts(HtmlBuilder& b, const Bom& bom) {
    std::vector<std::vector<Cell>> rows;
    for (const SwitchPorts& s : bom.switch_ports)
        rows.push_back({{escaped(s.name.empty() ? s.id : s.name, 60)},
                        {count(s.switches), true},
                        {count(s.ports), true},
                        {count(s.used), true},
                        {count(s.freePorts()), true}});
    if (rows.empty()) return;
    b.subheading(QStringLiteral("Switch ports"));
    b.table({QStringLiteral("Switch"), QStringLiteral("Switches"), QStringLiteral("Ports"),
             QStringLiteral("Used"), QStringLiteral("Free")},
            rows, {44, 14, 14, 14, 14});
}

}  // namespace

void addBillOfMaterials(HtmlBuilder& b, const ReportInput& in, const Graph* graph) {
    if (!graph) return;
    const Bom bom = buildBom(in.design, in.catalog, *graph);
    if (bom.parts.empty()) return;
    b.section(QStringLiteral("bom"), QStringLiteral("Bill of materials"));
    summary(b, bom);
    parts(b, bom);
    cables(b, bom);
    switchPorts(b, bom);
    if (!bom.unpriced.empty()) {
        std::string ids;
        for (const std::string& id : bom.unpriced)
            ids += (ids.empty() ? "" : ", ") + id;
        b.note(QStringLiteral("No price in the catalog for %1: counted at $0.").arg(escaped(ids)));
    }
    b.note(QStringLiteral(
        "Every line with the source of its price, and the cabling plan (one row per cable, in "
        "NetBox's cable import columns): infraplan-cli bom DESIGN -o bom.csv --cabling "
        "cabling.csv."));
}

}  // namespace infraplan::report
