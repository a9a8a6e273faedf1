#include "ui/dashboard/metrics.h"

#include <QObject>
#include <cmath>

#include "ui/app/specsummary.h"

namespace infraplan::ui {

const std::vector<Metric>& headlineMetrics() {
    using U = MetricUnit;
    static const std::vector<Metric> metrics = {
        {QObject::tr("Step time"), "/training/step_time_s", U::seconds,
         QObject::tr("per optimizer step"), true, false},
        {QObject::tr("MFU"), "/training/mfu", U::percent, QObject::tr("model FLOPs utilization"),
         true, false},
        {QObject::tr("Time to train"), "/training/time_to_train_days", U::days,
         QObject::tr("for the token budget"), true, false},
        {QObject::tr("TTFT p50"), "/inference/ttft_ms/p50", U::ms,
         QObject::tr("time to first token"), false, true},
        {QObject::tr("TTFT p99"), "/inference/ttft_ms/p99", U::ms, QObject::tr("tail latency"),
         false, true},
        {QObject::tr("TPOT p50"), "/inference/tpot_ms/p50", U::ms,
         QObject::tr("time per output token"), false, true},
        {QObject::tr("Goodput"), "/inference/goodput_rps", U::perSecond,
         QObject::tr("requests/s within SLO"), false, true},
        {QObject::tr("Output tokens"), "/inference/output_tokens_per_s", U::perSecond,
         QObject::tr("tokens/s generated"), false, true},
        {QObject::tr("Power"), "/power/facility_kw", U::kw, QObject::tr("average, with PUE")},
        {QObject::tr("$/GPU-hour"), "/cost/usd_per_device_hour", U::usdRate,
         QObject::tr("owned, all-in")},
        {QObject::tr("$/M tokens"), "/cost/usd_per_million_tokens", U::usdRate,
         QObject::tr("cost per million tokens")},
        {QObject::tr("Training run"), "/cost/training_run_usd", U::usd,
         QObject::tr("cost of the whole run"), true, false},
        {QObject::tr("Devices"), "/devices", U::count, QObject::tr("accelerators in the design")},
        {QObject::tr("Peak compute"), "/inventory/peak_tflops/bf16", U::pflops,
         QObject::tr("dense bf16, all devices")},
    };
    return metrics;
}

std::optional<double> metricValue(const nlohmann::json& results, const std::string& pointer) {
    const nlohmann::json::json_pointer ptr(pointer);
    if (!results.contains(ptr)) return std::nullopt;
    const nlohmann::json& v = results.at(ptr);
    if (!v.is_number()) return std::nullopt;
    const double value = v.get<double>();
    return std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

QString formatMetric(MetricUnit unit, double value) {
    switch (unit) {
        case MetricUnit::seconds:
            if (value < 1) return formatNumber(value * 1000) + QStringLiteral(" ms");
            if (value < 120) return formatNumber(value) + QStringLiteral(" s");
            return formatNumber(value / 60) + QStringLiteral(" min");
        case MetricUnit::days:
            if (value < 1) return formatNumber(value * 24) + QStringLiteral(" h");
            return formatNumber(value) + QStringLiteral(" days");
        case MetricUnit::percent:
            return formatNumber(value * 100) + QStringLiteral(" %");
        case MetricUnit::count:
            return formatNumber(value, 6);
        case MetricUnit::kw:
            if (value >= 1000) return formatNumber(value / 1000) + QStringLiteral(" MW");
            return formatNumber(value) + QStringLiteral(" kW");
        case MetricUnit::usd:
            if (value >= 1e9)
                return QStringLiteral("$") + formatNumber(value / 1e9) + QStringLiteral(" B");
            if (value >= 1e6)
                return QStringLiteral("$") + formatNumber(value / 1e6) + QStringLiteral(" M");
            return QStringLiteral("$") + formatNumber(value, 4);
        case MetricUnit::usdRate:
            return QStringLiteral("$") + formatNumber(value);
        case MetricUnit::ms:
            return formatNumber(value) + QStringLiteral(" ms");
        case MetricUnit::perSecond:
            return formatNumber(value) + QStringLiteral(" /s");
        case MetricUnit::pflops:
            return formatTflops(value);
        case MetricUnit::bytes:
            return formatGb(value / 1e9);
    }
    return formatNumber(value);
}

}  // namespace infraplan::ui
