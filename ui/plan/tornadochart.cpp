#include "ui/plan/tornadochart.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalBarSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "core/results/format.h"
#include "ui/app/specsummary.h"
#include "ui/dashboard/charts.h"

namespace infraplan::ui {
namespace {

// The larger |change| of the two sides (0 where neither has one).
double largestChange(const InputSensitivity& input, SensitivityMetric metric) {
    double largest = 0;
    for (const Perturbation* side : {&input.down, &input.up})
        if (const auto change = metricChange(*side, metric))
            largest = std::max(largest, std::abs(*change));
    return largest;
}

}  // namespace

QString sensitivityStepText(double step, double sign) {
    return QStringLiteral("%1%2%").arg(sign < 0 ? QStringLiteral("−") : QStringLiteral("+"),
                                       formatNumber(step * 100, 3));
}

QString sensitivityMetricName(SensitivityMetric metric, bool training) {
    switch (metric) {
        case SensitivityMetric::performance:
            return training ? QObject::tr("Step time") : QObject::tr("Goodput");
        case SensitivityMetric::usdPerMillionTokens:
            return QObject::tr("$/M tokens");
        case SensitivityMetric::facilityPower:
            return QObject::tr("Facility power");
    }
    return {};
}

std::optional<double> metricChange(const Perturbation& side, SensitivityMetric metric) {
    if (!side.metrics.feasible) return std::nullopt;
    switch (metric) {
        case SensitivityMetric::performance:
            return side.performance;
        case SensitivityMetric::usdPerMillionTokens:
            return side.usd_per_million_tokens;
        case SensitivityMetric::facilityPower:
            return side.facility_kw;
    }
    return std::nullopt;
}

std::vector<const InputSensitivity*> rankedBy(const SensitivityResult& result,
                                              SensitivityMetric metric) {
    std::vector<const InputSensitivity*> ranked;
    for (const InputSensitivity& input : result.inputs)
        ranked.push_back(&input);
    std::stable_sort(ranked.begin(), ranked.end(), [metric](const auto* a, const auto* b) {
        if (a->flips_feasibility != b->flips_feasibility) return a->flips_feasibility;
        return largestChange(*a, metric) > largestChange(*b, metric);
    });
    return ranked;
}

QString sensitivityInputLabel(const InputSensitivity& input) {
    const QString label = QString::fromStdString(input.label);
    return input.flips_feasibility ? QObject::tr("%1 (flips feasibility)").arg(label) : label;
}

QChart* tornadoChart(const SensitivityResult& result, SensitivityMetric metric, double step) {
    const QString name = sensitivityMetricName(metric, result.training);
    QChart* chart = newChart(QObject::tr("Change of %1 for ±%2% of each input")
                                 .arg(name.toLower(), formatNumber(step * 100, 3)));
    auto* down = new QBarSet(QObject::tr("Input %1").arg(sensitivityStepText(step, -1)));
    auto* up = new QBarSet(QObject::tr("Input %1").arg(sensitivityStepText(step, +1)));
    down->setColor(seriesColor(0));
    up->setColor(seriesColor(1));
    QStringList categories;
    double largest = 0;
    const auto ranked = rankedBy(result, metric);
    // Bars are drawn bottom up: the largest effect goes last, on top.
    for (auto it = ranked.rbegin(); it != ranked.rend(); ++it) {
        const InputSensitivity& input = **it;
        categories << sensitivityInputLabel(input);
        // A side with no change (the design no longer fits) gets a bar of zero length, which
        // draws nothing: a QBarSet cannot hold a gap (it drops NaN and shifts the later values
        // into the wrong categories). The label says "(flips feasibility)".
        *down << metricChange(input.down, metric).value_or(0) * 100;
        *up << metricChange(input.up, metric).value_or(0) * 100;
        largest = std::max(largest, largestChange(input, metric) * 100);
    }
    auto* series = new QHorizontalBarSeries;
    series->append(down);
    series->append(up);
    chart->addSeries(series);
    auto* inputs = new QBarCategoryAxis;
    inputs->append(categories);
    chart->addAxis(inputs, Qt::AlignLeft);
    series->attachAxis(inputs);
    auto* change = new QValueAxis;
    const double span = largest > 0 ? largest * 1.1 : 1;
    change->setRange(-span, span);
    change->setLabelFormat(QStringLiteral("%.1f"));
    change->setTitleText(QObject::tr("Change of %1 (%)").arg(name.toLower()));
    chart->addAxis(change, Qt::AlignBottom);
    series->attachAxis(change);
    return chart;
}

}  // namespace infraplan::ui
