#pragma once
// Charts for the dashboard, built from parts of the results JSON. Each returns nullptr when
// its data is absent, so the dashboard can say "not modelled yet" instead of drawing zeros.

#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

class QChart;
class QColor;

namespace infraplan::ui {

// Labelled values of a chart: bars, slices, stacked parts.
using ChartParts = std::vector<std::pair<QString, double>>;
// The positive numbers of the results object at schema key `key` ("training.breakdown"), in the
// schema's order, labelled by the schema (a map's members by their own names: "bf16").
ChartParts resultParts(const nlohmann::json& results, const std::string& key);

// An empty chart in the dashboard's look (theme, fonts, no background or animation).
QChart* newChart(const QString& title);
// The dashboard's series colours, cycling.
QColor seriesColor(int index);

// Horizontal bars, values × scale, axis titled with `unit`; nullptr without parts.
QChart* breakdownChart(const QString& title, const ChartParts& parts, double scale,
                       const QString& unit);
// A donut of the parts.
QChart* donutChart(const QString& title, const ChartParts& parts, const QString& unit);
// Stacked memory use per device against its capacity (bytes in, GB shown).
QChart* memoryChart(const ChartParts& bytes, double capacityBytes);
// One label per row of results `power.per_rack`: its name (unique: core numbers rows of one
// source) and how many racks it stands for ("'dgx' (4 per rack) #1 ×7").
QStringList rackLabels(const nlohmann::json& perRack);
// Average power of every rack group against the rack limit, one bar per row.
QChart* rackPowerChart(const nlohmann::json& perRack);
// Peak utilization of each network tier, in percent (results `network.tiers`).
QChart* tierChart(const nlohmann::json& tiers);
// Latency percentiles (p50/p90/p99) of TTFT and TPOT.
QChart* latencyChart(const nlohmann::json& inference);

}  // namespace infraplan::ui
