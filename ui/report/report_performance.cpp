// Training step, inference serving and memory per device: the engines' answers with the
// breakdowns behind them.
#include <cmath>

#include "ui/report/reportformat.h"
#include "ui/report/reportsections.h"

namespace infraplan::report {
namespace {

QString share(double part, double whole) {
    return whole > 0 ? quantity(part / whole, Unit::fraction) : QStringLiteral("–");
}

void stepBreakdown(HtmlBuilder& b, const nlohmann::json& training) {
    const nlohmann::json& phases = valueAt(training, "breakdown");
    const double step = numberAt(training, "step_time_s").value_or(0);
    if (!phases.is_object()) return;
    ChartSpec chart;
    chart.kind = ChartSpec::Kind::stacked;
    chart.title =
        QStringLiteral("Step time by phase (%1 per step)").arg(quantity(step, Unit::seconds));
    chart.unit = QStringLiteral("s");
    std::vector<std::vector<Cell>> rows;
    double sum = 0;
    for (const auto& [phase, seconds] : phases.items()) {
        if (!seconds.is_number()) continue;
        const double s = seconds.get<double>();
        sum += s;
        if (!(s > 0)) continue;
        const QString label = fieldLabel("training.breakdown." + phase);
        chart.bars.push_back({label, s, quantity(s, Unit::seconds)});
        rows.push_back({{label}, {quantity(s, Unit::seconds), true}, {share(s, step), true}});
    }
    b.subheading(QStringLiteral("Step time breakdown"));
    b.chart(chart);
    b.table(
        {QStringLiteral("Phase"), QStringLiteral("Time per step"), QStringLiteral("Share of step")},
        rows, {50, 25, 25});
    if (step > 0 && std::fabs(sum - step) > 0.01 * step)
        b.note(QStringLiteral("Phases add up to %1; the rest of the %2 step overlaps with them.")
                   .arg(quantity(sum, Unit::seconds), quantity(step, Unit::seconds)));
}

void latencyChart(HtmlBuilder& b, const nlohmann::json& latency, const QString& title,
                  double slo_ms) {
    ChartSpec chart;
    chart.title = title;
    chart.unit = QStringLiteral("ms");
    for (const char* p : {"mean", "p50", "p90", "p99"})
        if (const auto v = numberAt(latency, p))
            chart.bars.push_back({QString::fromLatin1(p), *v, quantity(*v, Unit::milliseconds)});
    if (slo_ms > 0) {
        chart.limit = slo_ms;
        chart.limit_label = QStringLiteral("SLO %1").arg(quantity(slo_ms, Unit::milliseconds));
    }
    b.chart(chart);
}

}  // namespace

void addTraining(HtmlBuilder& b, const ReportInput& in) {
    const nlohmann::json* training =
        beginSection(b, in, "training", QStringLiteral("Training performance"));
    if (!training) return;
    b.jsonFields(in.results, "training");
    stepBreakdown(b, *training);
    if (valueAt(in.results, "reliability").is_object()) {
        b.subheading(QStringLiteral("Interruptions and checkpointing"));
        b.jsonFields(in.results, "reliability");
        b.note(
            QStringLiteral("Interruptions from device failure rates; checkpoint interval by the "
                           "Young/Daly rule; ETTR is the share of wall-clock time spent on "
                           "useful training."));
    }
}

void addInference(HtmlBuilder& b, const ReportInput& in) {
    const nlohmann::json* found =
        beginSection(b, in, "inference", QStringLiteral("Inference serving"));
    if (!found) return;
    const nlohmann::json& inference = *found;
    const Slo& slo = in.design.workload.slo;
    std::vector<std::vector<Cell>> rows;
    for (const char* metric : {"ttft_ms", "tpot_ms", "e2e_ms", "queue_ms"}) {
        const std::string key = std::string("inference.") + metric;
        const nlohmann::json& l = valueAt(inference, metric);
        if (!l.is_object()) continue;
        std::vector<Cell> row{{fieldLabel(key)}};
        for (const char* p : {"mean", "p50", "p90", "p99"})
            row.push_back({formatField(key + "." + p, valueAt(l, p)), true});
        const double bound = std::string(metric) == "ttft_ms"   ? slo.ttft_ms
                             : std::string(metric) == "tpot_ms" ? slo.tpot_ms
                                                                : 0;
        row.push_back(
            {bound > 0 ? quantity(bound, Unit::milliseconds) : QStringLiteral("–"), true});
        rows.push_back(row);
    }
    b.subheading(QStringLiteral("Latency"));
    b.table({QStringLiteral("Latency"), QStringLiteral("Mean"), QStringLiteral("p50"),
             QStringLiteral("p90"), QStringLiteral("p99"),
             QStringLiteral("SLO (p%1)").arg(formatPlain(slo.percentile))},
            rows, {30, 14, 14, 14, 14, 14});
    latencyChart(b, valueAt(inference, "ttft_ms"), QStringLiteral("Time to first token"),
                 slo.ttft_ms);
    latencyChart(b, valueAt(inference, "tpot_ms"), QStringLiteral("Time per output token"),
                 slo.tpot_ms);
    b.subheading(QStringLiteral("Throughput and capacity"));
    b.jsonFields(in.results, "inference");
}

void addMemory(HtmlBuilder& b, const ReportInput& in) {
    const nlohmann::json* found =
        beginSection(b, in, "memory", QStringLiteral("Memory per device"));
    if (!found) return;
    const nlohmann::json& memory = *found;
    const double used = numberAt(memory, "per_device_bytes").value_or(0);
    const double capacity = numberAt(memory, "capacity_bytes").value_or(0);
    const bool over = capacity > 0 && used > capacity;
    b.paragraph(QStringLiteral("Each device holds <b>%1</b> of its <b>%2</b> (%3)%4.")
                    .arg(formatField("memory.per_device_bytes", used),
                         formatField("memory.capacity_bytes", capacity), share(used, capacity),
                         over ? QStringLiteral(": <span style=\"color: #B3261E;\"><b>it does not "
                                               "fit</b></span>")
                              : QString()));
    if (const auto offloaded = numberAt(memory, "offloaded_bytes"); offloaded && *offloaded > 0)
        b.paragraph(QStringLiteral("A further <b>%1</b> per device is offloaded to the memory pool "
                                   "<i>%2</i> and streamed over its links each step.")
                        .arg(formatField("memory.offloaded_bytes", *offloaded),
                             escaped(in.design.strategy.offload.target)));
    ChartSpec chart;
    chart.kind = ChartSpec::Kind::stacked;
    chart.title = QStringLiteral("Memory per device against capacity");
    chart.unit = QStringLiteral("GB");
    if (capacity > 0) {
        chart.limit = capacity / 1e9;
        chart.limit_label =
            QStringLiteral("capacity %1").arg(formatField("memory.capacity_bytes", capacity));
    }
    std::vector<std::vector<Cell>> rows;
    for (const auto& [part, bytes] : valueAt(memory, "breakdown").items()) {
        if (!bytes.is_number() || !(bytes.get<double>() > 0)) continue;
        const double v = bytes.get<double>();
        const std::string key = "memory.breakdown." + part;
        chart.bars.push_back({fieldLabel(key), v / 1e9, formatField(key, v)});
        rows.push_back(
            {{fieldLabel(key)}, {formatField(key, v), true}, {share(v, capacity), true}});
    }
    b.chart(chart);
    b.table({QStringLiteral("Component"), QStringLiteral("Per device"),
             QStringLiteral("Share of capacity")},
            rows, {50, 25, 25});
}

}  // namespace infraplan::report
