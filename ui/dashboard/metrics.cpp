#include "ui/dashboard/metrics.h"

#include <QObject>

#include "core/results/format.h"
#include "core/results/schema.h"

namespace infraplan::ui {

QString Metric::title() const {
    return QString::fromStdString(resultLabel(key));
}

QString Metric::meaning() const {
    return QString::fromStdString(resultField(key).meaning);
}

bool Metric::appliesTo(WorkloadMode mode) const {
    const Modes modes = resultField(key).modes;
    return modes == Modes::both || (modes == Modes::training) == (mode == WorkloadMode::training);
}

std::optional<QString> Metric::valueIn(const nlohmann::json& results) const {
    const auto value = resultNumber(results, key);
    if (!value) return std::nullopt;
    return QString::fromStdString(formatQuantity(*value, resultField(key).unit));
}

QString Metric::absence(const nlohmann::json& results) const {
    const std::string when = presentWhen(results, key);
    return when.empty() ? QObject::tr("Not computed for this design")
                        : QObject::tr("Present %1.").arg(QString::fromStdString(when));
}

const std::vector<Metric>& headlineMetrics() {
    static const std::vector<Metric> metrics = [] {
        std::vector<Metric> list = {
            {"training.step_time_s", QObject::tr("per optimizer step")},
            {"training.mfu", QObject::tr("model FLOPs utilization")},
            {"training.time_to_train_days", QObject::tr("for the token budget")},
            {"inference.ttft_ms.p50", QObject::tr("time to first token")},
            {"inference.ttft_ms.p99", QObject::tr("tail latency")},
            {"inference.tpot_ms.p50", QObject::tr("time per output token")},
            {"inference.goodput_rps", QObject::tr("highest rate within the SLO")},
            {"inference.output_tokens_per_s", QObject::tr("generated, all replicas")},
            {"power.facility_kw", QObject::tr("average, with PUE")},
            {"cost.usd_per_device_hour", QObject::tr("owned, all-in")},
            {"cost.usd_per_million_tokens", QObject::tr("trained, or served within the SLO")},
            {"cost.training_run_usd", QObject::tr("cost of the whole run")},
            {"devices", QObject::tr("accelerators in the design")},
            {"inventory.peak_tflops.bf16", QObject::tr("dense, all devices")},
        };
        for (const Metric& m : list)
            resultField(m.key);  // throws for a key the results schema lacks
        return list;
    }();
    return metrics;
}

}  // namespace infraplan::ui
