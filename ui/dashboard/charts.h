#pragma once
// Charts for the dashboard, built from parts of the results JSON. Each returns nullptr when
// its data is absent, so the dashboard can say "not modelled yet" instead of drawing zeros.

#include <QString>
#include <nlohmann/json.hpp>

class QChart;
class QColor;

namespace infraplan::ui {

// An empty chart in the dashboard's look (theme, fonts, no background or animation).
QChart* newChart(const QString& title);
// The dashboard's series colours, cycling.
QColor seriesColor(int index);

// Horizontal bars of a {name: value} object, values × scale, axis titled with `unit`.
QChart* breakdownChart(const QString& title, const nlohmann::json& object, double scale,
                       const QString& unit);
// A donut of a {name: value} object.
QChart* donutChart(const QString& title, const nlohmann::json& object, const QString& unit);
// Stacked memory use per device against its capacity (bytes in, GB shown).
QChart* memoryChart(const nlohmann::json& breakdownBytes, double capacityBytes);
// Average power of each rack group against the rack limit.
QChart* rackPowerChart(const nlohmann::json& perRack);
// Peak utilization of each network tier, in percent (results `network.tiers`).
QChart* tierChart(const nlohmann::json& tiers);
// Latency percentiles (p50/p90/p99) of TTFT and TPOT.
QChart* latencyChart(const nlohmann::json& inference);

}  // namespace infraplan::ui
