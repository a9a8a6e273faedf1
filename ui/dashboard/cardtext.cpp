#include "ui/dashboard/cardtext.h"

#include <QObject>
#include <QStringList>

#include "core/results/likely_range.h"
#include "core/results/schema.h"
#include "ui/app/specsummary.h"
#include "ui/evaluation/evaluator.h"

namespace infraplan::ui {
namespace {

QString reasonsText(const Results& results) {
    QStringList reasons;
    for (const std::string& reason : results.reasons)
        reasons << QString::fromStdString(reason);
    return reasons.join(QStringLiteral("\n"));
}

// "12 requests/s offered", or empty when the results hold no request rate.
QString offeredLoad(const nlohmann::json& results) {
    const auto rate = resultNumber(results, "inference.request_rate_per_s");
    if (!rate || !(*rate > 0)) return {};
    return quantityText(*rate, Unit::requests_per_s);
}

CardText goodput(const Metric& metric, const nlohmann::json& results) {
    const auto value = metric.valueIn(results);
    const QString offered = offeredLoad(results);
    if (!value) return {std::nullopt, QObject::tr("not computed"), metric.absence(results)};
    if (resultNumber(results, metric.key).value_or(0) == 0)
        return {*value, QObject::tr("no request rate meets the SLO"), {}};
    return {*value,
            offered.isEmpty() ? QString()
                              : QObject::tr("highest rate within the SLO; %1 offered").arg(offered),
            {}};
}

CardText perMillionTokens(const Metric& metric, const nlohmann::json& results, WorkloadMode mode) {
    const auto value = metric.valueIn(results);
    if (!value) return {std::nullopt, QObject::tr("not computed"), metric.absence(results)};
    if (mode == WorkloadMode::training) return {*value, QObject::tr("per token trained"), {}};
    const QString offered = offeredLoad(results);
    return {*value,
            offered.isEmpty() ? QObject::tr("tokens served within the SLO")
                              : QObject::tr("at %1 offered, tokens within the SLO").arg(offered),
            {}};
}

// Figures that exist only when the workload runs: step time, latency, throughput and what
// they cost. Hardware figures (devices, peak compute, $/device-hour) hold either way.
bool needsFeasibleWorkload(const std::string& key) {
    return key.starts_with("training.") || key.starts_with("inference.") ||
           key == "cost.usd_per_million_tokens" || key == "cost.training_run_usd" ||
           key == "power.facility_kw";
}

// The figure's likely range after its caption, and where it comes from in the tooltip.
CardText withLikelyRange(CardText text, const Metric& metric, const nlohmann::json& results) {
    const auto range = likelyRange(results, metric.key);
    if (!text.value || !range) return text;
    const QString likely = QString::fromStdString(likelyRangeText(results, metric.key));
    text.caption = text.caption.isEmpty() ? likely : text.caption + QStringLiteral("; ") + likely;
    text.detail = QObject::tr("Likely range: %1.").arg(QString::fromStdString(range->basis()));
    if (!range->validated())
        text.detail +=
            QObject::tr("\nNot validated: %1.").arg(QString::fromStdString(range->caveat()));
    return text;
}

CardText figureText(const Metric& metric, const nlohmann::json& j, WorkloadMode mode) {
    if (metric.key == "inference.goodput_rps") return goodput(metric, j);
    if (metric.key == "cost.usd_per_million_tokens") return perMillionTokens(metric, j, mode);
    if (const auto value = metric.valueIn(j)) return {*value, {}, {}};
    return {std::nullopt, QObject::tr("not computed"), metric.absence(j)};
}

}  // namespace

CardText cardText(const Metric& metric, const Evaluation& evaluation, WorkloadMode mode) {
    const nlohmann::json& j = evaluation.json;
    if (!evaluation.results.feasible && needsFeasibleWorkload(metric.key))
        return {std::nullopt, QObject::tr("design not feasible"), reasonsText(evaluation.results)};
    const bool runFigure =
        metric.key == "training.time_to_train_days" || metric.key == "cost.training_run_usd";
    if (runFigure && resultNumber(j, "training.time_to_train_days").value_or(0) == 0)
        return {std::nullopt, QObject::tr("set a token budget"),
                QObject::tr("Workload panel, Token budget: the time and cost of a run need "
                            "the number of tokens it trains on.")};
    return withLikelyRange(figureText(metric, j, mode), metric, j);
}

}  // namespace infraplan::ui
