// Power and cooling against the facility's limits, and what the cluster costs: capex, opex,
// TCO and the unit prices (per device-hour, per training run, per million tokens).
#include <cmath>

#include "ui/report/reportformat.h"
#include "ui/report/reportpalette.h"
#include "ui/report/reportsections.h"

namespace infraplan::report {
namespace {

// A stacked chart of the cost breakdown at `key` in $M or $k, whichever reads better.
ChartSpec moneyChart(const QString& title, const nlohmann::json& results, const std::string& key) {
    const nlohmann::json& parts = valueAt(results, key);
    double most = 0;
    for (const auto& value : parts)
        if (value.is_number()) most = std::max(most, value.get<double>());
    const bool millions = most >= 1e6;
    ChartSpec chart;
    chart.kind = ChartSpec::Kind::stacked;
    chart.title = title;
    chart.unit = millions ? QStringLiteral("$M") : QStringLiteral("$k");
    for (const auto& [part, value] : parts.items()) {
        if (!value.is_number() || !(value.get<double>() > 0)) continue;
        const double usd = value.get<double>();
        const std::string field = key + "." + part;
        chart.bars.push_back(
            {fieldLabel(field), usd / (millions ? 1e6 : 1e3), formatField(field, usd)});
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
        const double l = numberAt(r, "limit_kw").value_or(0);
        oneLimit = oneLimit && (limit < 0 || l == limit);
        limit = l;
        const QString name = QString::fromStdString(r.value("name", std::string("racks")));
        auto cell = [&r](const char* member) -> Cell {
            return {formatField(std::string("power.per_rack[].") + member, valueAt(r, member)),
                    true};
        };
        rows.push_back({{name.toHtmlEscaped()},
                        cell("racks"),
                        cell("accelerators"),
                        cell("nameplate_kw"),
                        cell("average_kw"),
                        cell("limit_kw"),
                        {over ? QStringLiteral("<b>over the limit</b>") : QStringLiteral("within"),
                         false, over ? kBad : QString()}});
        const double kw = numberAt(r, "nameplate_kw").value_or(0);
        chart.bars.push_back({name, kw, quantity(kw, Unit::kilowatts)});
    }
    if (oneLimit && limit > 0) {
        chart.limit = limit;
        chart.limit_label = QStringLiteral("limit %1").arg(quantity(limit, Unit::kilowatts));
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
    b.jsonFields(in.results, "power");
    const nlohmann::json& parts = valueAt(*power, "breakdown_kw");
    if (parts.is_object()) {
        ChartSpec chart;
        chart.title = QStringLiteral("Average IT power by component");
        chart.unit = QStringLiteral("kW");
        for (const auto& [part, kw] : parts.items())
            if (kw.is_number() && kw.get<double>() > 0)
                chart.bars.push_back({fieldLabel("power.breakdown_kw." + part), kw.get<double>(),
                                      quantity(kw.get<double>(), Unit::kilowatts)});
        b.chart(chart);
    }
    racks(b, valueAt(*power, "per_rack"));
    if (valueAt(in.results, "cooling").is_object()) {
        b.subheading(QStringLiteral("Cooling"));
        b.jsonFields(in.results, "cooling");
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
            .arg(formatPlain(e.lifetime_years), quantity(e.utilization, Unit::fraction),
                 quantity(e.interest_rate, Unit::fraction));
    if (const auto own = numberAt(cost, "usd_per_device_hour")) {
        basis += QStringLiteral(", one accelerator-hour costs <b>%1</b> owned")
                     .arg(formatField("cost.usd_per_device_hour", *own));
        if (const auto rent = numberAt(cost, "cloud_usd_per_device_hour"))
            basis += QStringLiteral(" against <b>%1</b> to rent")
                         .arg(formatField("cost.cloud_usd_per_device_hour", *rent));
    }
    b.paragraph(basis + QLatin1Char('.'));
    b.jsonFields(in.results, "cost");
    b.chart(moneyChart(QStringLiteral("Capital cost by part"), in.results, "cost.capex_breakdown"));
    b.chart(
        moneyChart(QStringLiteral("Operating cost per year"), in.results, "cost.opex_breakdown"));
    if (valueAt(in.results, "energy").is_object()) {
        b.subheading(QStringLiteral("Energy and emissions"));
        b.jsonFields(in.results, "energy");
    }
}

}  // namespace infraplan::report
