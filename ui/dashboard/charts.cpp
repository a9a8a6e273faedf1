#include "ui/dashboard/charts.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLegendMarker>
#include <QPieSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "core/results/schema.h"
#include "ui/app/specsummary.h"
#include "ui/app/theme.h"

namespace infraplan::ui {
namespace {

const QColor kSeriesColors[] = {QColor(0x1f, 0x78, 0xd1), QColor(0x2e, 0x9e, 0x5b),
                                QColor(0xd9, 0x6b, 0x1a), QColor(0x8a, 0x4f, 0xd8),
                                QColor(0x0f, 0x9a, 0xa8), QColor(0xd7, 0x3a, 0x49),
                                QColor(0x6b, 0x76, 0x85), QColor(0xb5, 0x8b, 0x00)};

QValueAxis* valueAxis(const QString& unit, double max) {
    auto* axis = new QValueAxis;
    axis->setTitleText(unit);
    axis->setRange(0, max > 0 ? max * 1.1 : 1);
    axis->setLabelFormat(max >= 1000 ? QStringLiteral("%.0f") : QStringLiteral("%.3g"));
    axis->applyNiceNumbers();
    QFont f = axis->labelsFont();
    f.setPointSizeF(7.5);
    axis->setLabelsFont(f);
    axis->setTitleFont(f);
    return axis;
}

}  // namespace

ChartParts resultParts(const nlohmann::json& results, const std::string& key) {
    ChartParts out;
    const nlohmann::json* object = resultAt(results, key);
    if (!object || !object->is_object()) return out;
    for (const std::string& member : membersInOrder(*object, key)) {
        const nlohmann::json& v = (*object)[member];
        if (!v.is_number() || !std::isfinite(v.get<double>()) || !(v.get<double>() > 0)) continue;
        // A map's members are data (precisions): their names are the labels.
        const ResultField* field = findResultField(key + "." + member);
        const bool data = field && field->key.ends_with(".*");
        out.emplace_back(QString::fromStdString(data ? member : resultLabel(key + "." + member)),
                         v.get<double>());
    }
    return out;
}

QChart* newChart(const QString& title) {
    auto* chart = new QChart;
    const Theme& t = theme();
    chart->setTheme(t.dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundVisible(false);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    QFont font = chart->titleFont();
    font.setPointSizeF(9.5);
    font.setBold(true);
    chart->setTitleFont(font);
    chart->setTitleBrush(t.text);
    chart->setTitle(title);
    chart->legend()->setFont(QFont(font.family(), 8));
    chart->legend()->setLabelColor(t.text);
    return chart;
}

QColor seriesColor(int index) {
    return kSeriesColors[std::size_t(std::max(0, index)) % std::size(kSeriesColors)];
}

QChart* breakdownChart(const QString& title, const ChartParts& values, double scale,
                       const QString& unit) {
    if (values.empty()) return nullptr;
    QChart* chart = newChart(title);
    auto* series = new QHorizontalBarSeries;
    auto* set = new QBarSet(unit);
    set->setColor(kSeriesColors[0]);
    QStringList categories;
    double max = 0;
    for (const auto& [name, v] : values) {
        categories << name;
        *set << v * scale;
        max = std::max(max, v * scale);
    }
    series->append(set);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsPrecision(3);
    set->setLabelColor(theme().text);
    QFont labelFont = set->labelFont();
    labelFont.setPointSizeF(7);
    set->setLabelFont(labelFont);
    chart->addSeries(series);
    auto* cats = new QBarCategoryAxis;
    cats->append(categories);
    QFont f = cats->labelsFont();
    f.setPointSizeF(7.5);
    cats->setLabelsFont(f);
    chart->addAxis(cats, Qt::AlignLeft);
    series->attachAxis(cats);
    QValueAxis* axis = valueAxis(unit, max);
    chart->addAxis(axis, Qt::AlignBottom);
    series->attachAxis(axis);
    chart->legend()->hide();
    return chart;
}

QChart* donutChart(const QString& title, const ChartParts& values, const QString& unit) {
    if (values.empty()) return nullptr;
    QChart* chart = newChart(title);
    auto* series = new QPieSeries;
    series->setHoleSize(0.45);
    double total = 0;
    for (const auto& v : values)
        total += v.second;
    int i = 0;
    for (const auto& [name, v] : values) {
        QPieSlice* slice =
            series->append(QStringLiteral("%1 %2").arg(
                               name, quantityText(total > 0 ? v / total : 0, Unit::fraction)),
                           v);
        slice->setColor(kSeriesColors[i++ % std::size(kSeriesColors)]);
        slice->setBorderColor(theme().card);
    }
    chart->addSeries(series);
    chart->legend()->setAlignment(Qt::AlignRight);
    chart->setToolTip(QObject::tr("Total %1 %2").arg(formatNumber(total), unit));
    return chart;
}

QChart* memoryChart(const ChartParts& values, double capacityBytes) {
    if (values.empty()) return nullptr;
    const double capacityGb = capacityBytes / 1e9;
    QChart* chart = newChart(QObject::tr("Memory per device"));
    auto* series = new QHorizontalStackedBarSeries;
    double total = 0;
    int i = 0;
    for (const auto& [name, bytes] : values) {
        auto* set = new QBarSet(name);
        *set << bytes / 1e9;
        set->setColor(kSeriesColors[i++ % std::size(kSeriesColors)]);
        series->append(set);
        total += bytes / 1e9;
    }
    chart->addSeries(series);
    auto* cats = new QBarCategoryAxis;
    cats->append(QObject::tr("used"));
    chart->addAxis(cats, Qt::AlignLeft);
    series->attachAxis(cats);
    QValueAxis* axis = valueAxis(
        capacityGb > 0 ? QObject::tr("GB used of %1").arg(quantityText(capacityGb, Unit::gigabytes))
                       : QObject::tr("GB"),
        std::max(total, capacityGb));
    chart->addAxis(axis, Qt::AlignBottom);
    series->attachAxis(axis);
    chart->legend()->setAlignment(Qt::AlignBottom);
    if (capacityGb > 0 && total > capacityGb) {
        chart->setTitle(QObject::tr("Memory per device: %1 over capacity %2")
                            .arg(quantityText(total, Unit::gigabytes),
                                 quantityText(capacityGb, Unit::gigabytes)));
        chart->setTitleBrush(theme().bad);
    }
    return chart;
}

QStringList rackLabels(const nlohmann::json& perRack) {
    // Core names each row once (a category axis would merge equal labels into one bar).
    QStringList labels;
    if (!perRack.is_array()) return labels;
    for (const auto& rack : perRack) {
        if (!rack.is_object()) {
            labels << QStringLiteral("rack");
            continue;
        }
        QString label = QString::fromStdString(rack.value("name", std::string("rack")));
        const long long racks = rack.value("racks", 1LL);
        if (racks > 1) label += QStringLiteral(" ×%1").arg(racks);
        labels << label;
    }
    return labels;
}

QChart* rackPowerChart(const nlohmann::json& perRack) {
    if (!perRack.is_array() || perRack.empty()) return nullptr;
    QChart* chart = newChart(QObject::tr("Power per rack against the limit"));
    auto* series = new QHorizontalBarSeries;
    auto* average = new QBarSet(QObject::tr("average kW"));
    auto* limit = new QBarSet(QObject::tr("limit kW"));
    average->setColor(kSeriesColors[0]);
    limit->setColor(theme().cardBorder);
    double max = 0;
    for (const auto& rack : perRack) {
        const double avg = rack.is_object() ? rack.value("average_kw", 0.0) : 0.0;
        const double lim = rack.is_object() ? rack.value("limit_kw", 0.0) : 0.0;
        *average << avg;
        *limit << lim;
        max = std::max({max, avg, lim});
    }
    series->append(average);
    series->append(limit);
    chart->addSeries(series);
    auto* cats = new QBarCategoryAxis;
    cats->append(rackLabels(perRack));
    QFont f = cats->labelsFont();
    f.setPointSizeF(7.5);
    cats->setLabelsFont(f);
    chart->addAxis(cats, Qt::AlignLeft);
    series->attachAxis(cats);
    QValueAxis* axis = valueAxis(QStringLiteral("kW"), max);
    chart->addAxis(axis, Qt::AlignBottom);
    series->attachAxis(axis);
    chart->legend()->setAlignment(Qt::AlignBottom);
    return chart;
}

QChart* tierChart(const nlohmann::json& tiers) {
    if (!tiers.is_array() || tiers.empty()) return nullptr;
    ChartParts parts;
    for (const auto& tier : tiers)
        if (tier.is_object() && tier.contains("name") && tier["name"].is_string() &&
            tier.contains("max_utilization") && tier["max_utilization"].is_number() &&
            tier["max_utilization"].get<double>() > 0)
            parts.emplace_back(QString::fromStdString(tier["name"].get<std::string>()),
                               tier["max_utilization"].get<double>());
    return breakdownChart(QObject::tr("Network utilization by tier"), parts, 100,
                          QStringLiteral("%"));
}

QChart* latencyChart(const nlohmann::json& inference) {
    if (!inference.is_object()) return nullptr;
    const auto* ttft = inference.contains("ttft_ms") ? &inference["ttft_ms"] : nullptr;
    const auto* tpot = inference.contains("tpot_ms") ? &inference["tpot_ms"] : nullptr;
    if (!ttft || !tpot || !ttft->is_object() || !tpot->is_object()) return nullptr;
    QChart* chart = newChart(QObject::tr("Latency percentiles"));
    auto* series = new QBarSeries;
    double max = 0;
    int i = 0;
    for (const char* p : {"p50", "p90", "p99"}) {
        auto* set = new QBarSet(QString::fromLatin1(p));
        const double a = ttft->value(p, 0.0), b = tpot->value(p, 0.0);
        *set << a << b;
        set->setColor(kSeriesColors[i++]);
        series->append(set);
        max = std::max({max, a, b});
    }
    chart->addSeries(series);
    auto* cats = new QBarCategoryAxis;
    cats->append({QObject::tr("TTFT"), QObject::tr("TPOT")});
    chart->addAxis(cats, Qt::AlignBottom);
    series->attachAxis(cats);
    QValueAxis* axis = valueAxis(QStringLiteral("ms"), max);
    chart->addAxis(axis, Qt::AlignLeft);
    series->attachAxis(axis);
    chart->legend()->setAlignment(Qt::AlignBottom);
    return chart;
}

}  // namespace infraplan::ui
