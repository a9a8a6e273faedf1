#include "ui/plan/searchchart.h"

#include <QAbstractAxis>
#include <QChart>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "core/planning/sensitivity.h"
#include "core/results/format.h"
#include "core/search/pareto.h"
#include "ui/app/specsummary.h"
#include "ui/dashboard/charts.h"

namespace infraplan::ui {
namespace {

constexpr double kNoFigure = std::numeric_limits<double>::quiet_NaN();
// Power bands, low to high: blue, purple, amber, red (the front is green), readable on the light
// and the dark chart theme.
constexpr std::array<QRgb, 4> kPowerBandColors = {0x3b82f6, 0xa855f7, 0xf59e0b, 0xef4444};

// The axis spans the points with 5% to spare, so points on the edge (the front's best) show.
void padSearchAxis(QAbstractAxis* axis, const QList<QPointF>& points,
                   qreal (QPointF::*coordinate)() const) {
    if (points.isEmpty()) return;
    qreal lo = (points.front().*coordinate)(), hi = lo;
    for (const QPointF& p : points) {
        lo = std::min(lo, (p.*coordinate)());
        hi = std::max(hi, (p.*coordinate)());
    }
    const qreal pad = hi > lo ? (hi - lo) * 0.05 : std::abs(hi) * 0.05 + 1e-9;
    axis->setRange(lo - pad, hi + pad);
    // Ticks on round values (1,500, 2,000, ...), not at the padded ends (1,522.5, ...).
    if (auto* values = qobject_cast<QValueAxis*>(axis)) values->applyNiceNumbers();
}

// The facility power of the listed strategies split into equal bands, named in one unit.
struct PowerBands {
    double lo = 0, width = 0;
    int count = 1;
    double scale = 1;  // kW -> shown unit
    QString unit = QStringLiteral("kW");

    int band(double kw) const {
        if (width <= 0 || std::isnan(kw)) return 0;
        return std::clamp(static_cast<int>((kw - lo) / width), 0, count - 1);
    }
    QString name(int index) const {
        const auto shown = [this](double kw) { return formatNumber(kw * scale, 3); };
        if (width <= 0) return QObject::tr("Facility power %1 %2").arg(shown(lo), unit);
        return QObject::tr("Facility power %1–%2 %3")
            .arg(shown(lo + index * width), shown(lo + (index + 1) * width), unit);
    }
};

PowerBands powerBands(const std::vector<SearchCandidate>& best) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const SearchCandidate& c : best) {
        const auto kw = headlineMetrics(c.results).facility_kw;
        if (!kw) continue;
        lo = std::min(lo, *kw);
        hi = std::max(hi, *kw);
    }
    PowerBands bands;
    if (!std::isfinite(lo)) return bands;
    bands.lo = lo;
    if (hi >= 1000) {
        bands.scale = 1e-3;
        bands.unit = QStringLiteral("MW");
    }
    if (hi - lo > 0.005 * hi) {  // a spread worth colouring; else one band
        bands.count = static_cast<int>(kPowerBandColors.size());
        bands.width = (hi - lo) / bands.count;
    }
    return bands;
}

}  // namespace

double searchFigure(const std::optional<double>& figure) {
    return figure.value_or(kNoFigure);
}

QString sentenceCase(const std::string& text) {
    QString out = QString::fromStdString(text);
    if (!out.isEmpty()) out[0] = out[0].toUpper();
    return out;
}

QChart* searchChart(const SearchResult& result) {
    QChart* chart = newChart(QObject::tr("%1 against $/M tokens, coloured by facility power")
                                 .arg(sentenceCase(result.score_unit)));
    const PowerBands bands = powerBands(result.best);
    std::vector<QScatterSeries*> bandSeries;
    for (int i = 0; i < bands.count; ++i) {
        auto* series = new QScatterSeries;
        series->setName(bands.name(i));
        series->setMarkerSize(9);
        series->setColor(
            QColor(kPowerBandColors[static_cast<std::size_t>(bands.count == 1 ? 0 : i)]));
        series->setBorderColor(Qt::transparent);
        bandSeries.push_back(series);
    }
    QList<QPointF> shown;
    std::vector<std::pair<double, double>> points;
    for (const SearchCandidate& c : result.best) {
        const HeadlineMetrics figures = headlineMetrics(c.results);
        const double cost = searchFigure(figures.usd_per_million_tokens);
        points.emplace_back(c.score, cost);
        if (std::isnan(cost)) continue;
        bandSeries[static_cast<std::size_t>(bands.band(searchFigure(figures.facility_kw)))]->append(
            c.score, cost);
        shown.append({c.score, cost});
    }
    auto* front = new QLineSeries;
    front->setName(QObject::tr("Pareto front"));
    front->setColor(seriesColor(1));
    front->setPointsVisible(true);  // a front of one point is still seen
    front->setMarkerSize(11);
    for (std::size_t i : paretoFront(points))
        front->append(points[i].first, points[i].second);
    for (QScatterSeries* series : bandSeries)
        chart->addSeries(series);
    chart->addSeries(front);
    chart->createDefaultAxes();
    const auto axes = chart->axes();
    if (axes.size() == 2) {
        axes[0]->setTitleText(sentenceCase(result.score_unit));
        axes[1]->setTitleText(QObject::tr("$/M tokens"));
        padSearchAxis(axes[0], shown, &QPointF::x);
        padSearchAxis(axes[1], shown, &QPointF::y);
    }
    return chart;
}

}  // namespace infraplan::ui
