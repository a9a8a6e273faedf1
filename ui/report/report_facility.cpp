// Power and cooling against the facility's limits, and what the cluster costs: capex, opex,
// TCO and the unit prices (per device-hour, per training run, per million tokens).
#include <cmath>

#include "ui/report/reportformat.h"
#include "ui/report/reportsections.h"

namespace infraplan::report {
namespace {

const QString kBad = QStringLiteral("#B3261E");

// A stacked chart of a {name_usd: value} object in $M or $k, whichever reads better.
ChartSpec moneyChart(const QString& title, const nlohmann::json& parts) {
    double most = 0;
    for (const auto& [key, value] : parts.items())
        if (value.is_number()) most = std::max(most, value.get<double>());
    const bool millions = most >= 1e6;
    ChartSpec chart;
    chart.kind = ChartSpec::Kind::stacked;
    chart.title = title;
    chart.unit = millions ? QStringLiteral("$M") : QStringLiteral("$k");
    for (const auto& [key, value] : parts.items()) {
        if (!value.is_number() || !(value.get<double>() > 0)) continue;
        const double usd = value.get<double>();
        chart.bars.push_back(
            {fieldLabel(key), usd / (millions ? 1e6 : 1e3), formatField(key, usd)});
    }
    return chart;
}

void racks(HtmlBuilder& b, const nlohmann::json& list) {
    if (!list.is_array() || list.empty()) return;
    ChartSpec chart;
    chart.title = QStringLiteral("Nameplate power per rack against the rack limit");
    chart.unit = QStringLiteral("kW");
    std::vector<std::vector<Cell>> rows;
    double limit = -1;
    bool oneLimit = true;
    for (const auto& r : list) {
        const bool over = r.value("over_limit", false);
        const double l = numberAt(r, "/limit_kw").value_or(0);
        oneLimit = oneLimit && (limit < 0 || l == limit);
        limit = l;
        const QString name = QString::fromStdString(r.value("name", std::string("racks")));
        rows.push_back({{name.toHtmlEscaped()},
                        {formatField("count", valueAt(r, "/racks")), true},
                        {formatField("count", valueAt(r, "/accelerators")), true},
                        {formatField("nameplate_kw", valueAt(r, "/nameplate_kw")), true},
                        {formatField("average_kw", valueAt(r, "/average_kw")), true},
                        {formatField("limit_kw", valueAt(r, "/limit_kw")), true},
                        {over ? QStringLiteral("<b>over the limit</b>") : QStringLiteral("within"),
                         false, over ? kBad : QString()}});
        const double kw = numberAt(r, "/nameplate_kw").value_or(0);
        chart.bars.push_back({name, kw, formatField("nameplate_kw", kw)});
    }
    if (oneLimit && limit > 0) {
        chart.limit = limit;
        chart.limit_label = QStringLiteral("limit %1").arg(formatField("limit_kw", limit));
    }
    b.subheading(QStringLiteral("Racks"));
    b.table({QStringLiteral("Rack group"), QStringLiteral("Racks"), QStringLiteral("Devices"),
             QStringLiteral("Nameplate / rack"), QStringLiteral("Average / rack"),
             QStringLiteral("Limit / rack"), QStringLiteral("Status")},
            rows, {27, 8, 12, 14, 14, 12, 13});
    b.chart(chart);
}

}  // namespace

void addPowerCooling(HtmlBuilder& b, const ReportInput& in) {
    const nlohmann::json* power = beginSection(b, in, "power", QStringLiteral("Power and cooling"));
    if (!power) return;
    b.jsonFields(*power);
    const nlohmann::json& parts = valueAt(*power, "/breakdown_kw");
    if (parts.is_object()) {
        ChartSpec chart;
        chart.title = QStringLiteral("Average IT power by component");
        chart.unit = QStringLiteral("kW");
        for (const auto& [part, kw] : parts.items())
            if (kw.is_number() && kw.get<double>() > 0)
                chart.bars.push_back({fieldLabel(part), kw.get<double>(), formatField("x_kw", kw)});
        b.chart(chart);
    }
    racks(b, valueAt(*power, "/per_rack"));
    const nlohmann::json& cooling = valueAt(in.results, "/cooling");
    if (cooling.is_object()) {
        b.subheading(QStringLiteral("Cooling"));
        b.jsonFields(cooling);
    }
}

void addCost(HtmlBuilder& b, const ReportInput& in) {
    const nlohmann::json* found =
        beginSection(b, in, "cost", QStringLiteral("Cost of ownership and unit economics"));
    if (!found) return;
    const nlohmann::json& cost = *found;
    const Economics& e = in.design.economics;
    QString basis =
        QStringLiteral("Over a %1-year life, at %2 utilization and a cost of capital of %3")
            .arg(formatPlain(e.lifetime_years), formatField("utilization", e.utilization),
                 formatField("interest_rate_fraction", e.interest_rate));
    if (const auto own = numberAt(cost, "/usd_per_device_hour")) {
        basis += QStringLiteral(", one accelerator-hour costs <b>%1</b> owned")
                     .arg(formatField("usd_per_hour", *own));
        if (const auto rent = numberAt(cost, "/cloud_usd_per_device_hour"))
            basis += QStringLiteral(" against <b>%1</b> to rent")
                         .arg(formatField("usd_per_hour", *rent));
    }
    b.paragraph(basis + QLatin1Char('.'));
    b.jsonFields(cost);
    b.chart(moneyChart(QStringLiteral("Capital cost by part"), valueAt(cost, "/capex_breakdown")));
    b.chart(
        moneyChart(QStringLiteral("Operating cost per year"), valueAt(cost, "/opex_breakdown")));
    const nlohmann::json& energy = valueAt(in.results, "/energy");
    if (energy.is_object()) {
        b.subheading(QStringLiteral("Energy and emissions"));
        b.jsonFields(energy);
    }
}

}  // namespace infraplan::report
