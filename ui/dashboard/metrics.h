#pragma once
// The headline metrics, read from the results JSON contract (docs/results.md) by JSON pointer,
// so the dashboard, the status bar and the compare view show whatever the engines fill and
// nothing they do not. One table of titles, pointers and units for all three.

#include <QString>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace infraplan::ui {

enum class MetricUnit {
    seconds,
    days,
    percent,
    count,
    kw,
    usd,
    usdRate,
    ms,
    perSecond,
    pflops,
    bytes
};

struct Metric {
    QString title;
    std::string pointer;  // into the results JSON
    MetricUnit unit;
    QString caption;        // what it means, shown under the value
    bool training = true;   // shown for training designs
    bool inference = true;  // shown for inference designs
};

// In display order.
const std::vector<Metric>& headlineMetrics();
// The number at `pointer`, if present and finite.
std::optional<double> metricValue(const nlohmann::json& results, const std::string& pointer);
QString formatMetric(MetricUnit unit, double value);

}  // namespace infraplan::ui
