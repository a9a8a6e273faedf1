#include "ui/report/topologyfigure.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <algorithm>
#include <cmath>

#include "ui/report/reportformat.h"

namespace infraplan::report {
namespace {

constexpr double kLevelPt = 26;      // a row of boxes
constexpr double kBandPt = 46;       // the links between two rows
constexpr double kLabelPt = 118;     // level names on the left
constexpr double kBandTextPt = 150;  // link counts on the right
constexpr double kLegendPt = 26;
constexpr int kMaxBoxes = 12;  // boxes drawn per level; more are summarised as "…"

const QColor kBoxFill(0xE8, 0xEE, 0xF5);
const QColor kBoxLine(0x4E, 0x79, 0xA7);
const QColor kUnknown(0xB0, 0xB0, 0xB0);

int boxesOf(const TopologyLevel& level) {
    return static_cast<int>(std::clamp<long long>(level.count, 1, kMaxBoxes));
}

// The centre x of box `i` of `n` across `plot`.
double boxX(const QRectF& plot, int i, int n) {
    return plot.left() + plot.width() * (i + 0.5) / n;
}

double levelTop(const ChartSpec& spec, const QRectF& plot, int level, double pt) {
    const int fromTop = static_cast<int>(spec.levels.size()) - 1 - level;
    return plot.top() + fromTop * (kLevelPt + kBandPt) * pt;
}

void drawLevel(QPainter* p, const ChartSpec& spec, const QRectF& area, const QRectF& plot,
               int index, double pt) {
    const TopologyLevel& level = spec.levels[static_cast<std::size_t>(index)];
    const double top = levelTop(spec, plot, index, pt);
    const int n = boxesOf(level);
    const double slot = plot.width() / n;
    const double w = std::min(slot * 0.8, 46 * pt), h = kLevelPt * pt * 0.62;
    p->setPen(QPen(kBoxLine, 0.8 * pt));
    p->setBrush(kBoxFill);
    for (int i = 0; i < n; ++i) {
        const double cx = boxX(plot, i, n);
        const bool ellipsis = level.count > kMaxBoxes && i == n - 2;
        if (ellipsis) {
            p->drawText(QRectF(cx - w / 2, top, w, h), Qt::AlignCenter, QStringLiteral("…"));
            continue;
        }
        p->drawRoundedRect(QRectF(cx - w / 2, top, w, h), 2 * pt, 2 * pt);
    }
    const QFontMetricsF metrics(p->font(), p->device());
    p->setPen(Qt::black);
    QFont bold = p->font();
    bold.setBold(true);
    p->save();
    p->setFont(bold);
    p->drawText(QRectF(area.left(), top - 2 * pt, kLabelPt * pt, h / 2 + 2 * pt),
                Qt::AlignLeft | Qt::AlignVCenter, level.label);
    p->restore();
    p->drawText(QRectF(area.left(), top + h / 2, kLabelPt * pt - 4 * pt, h),
                Qt::AlignLeft | Qt::AlignTop,
                metrics.elidedText(level.detail, Qt::ElideRight, kLabelPt * pt - 4 * pt));
}

// Lines from every drawn box of the lower level to every drawn box of the upper one (a
// sample of the real links, which the text beside them counts).
void drawBand(QPainter* p, const ChartSpec& spec, const QRectF& plot, const TopologyBand& band,
              double pt) {
    if (band.lower == band.upper) return;
    const TopologyLevel& lower = spec.levels[static_cast<std::size_t>(band.lower)];
    const TopologyLevel& upper = spec.levels[static_cast<std::size_t>(band.upper)];
    const double h = kLevelPt * pt * 0.62;
    const double yLow = levelTop(spec, plot, band.lower, pt);
    const double yHigh = levelTop(spec, plot, band.upper, pt) + h;
    const int nl = boxesOf(lower), nu = boxesOf(upper);
    p->setPen(QPen(utilizationColor(band.utilization), 1.1 * pt));
    for (int i = 0; i < nl; ++i)
        for (int j = 0; j < nu; ++j) {
            if ((lower.count > kMaxBoxes && i == nl - 2) ||
                (upper.count > kMaxBoxes && j == nu - 2))
                continue;  // the "…" boxes
            p->drawLine(QPointF(boxX(plot, i, nl), yLow), QPointF(boxX(plot, j, nu), yHigh));
        }
    p->setPen(Qt::black);
    const double mid = (yLow + yHigh) / 2;
    p->drawText(QRectF(plot.right() + 6 * pt, mid - 12 * pt, kBandTextPt * pt, 24 * pt),
                Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, band.text);
}

void drawLegend(QPainter* p, const QRectF& area, double top, double pt) {
    const double w = 120 * pt, h = 7 * pt;
    const QRectF bar(area.left() + kLabelPt * pt, top + 6 * pt, w, h);
    QLinearGradient gradient(bar.topLeft(), bar.topRight());
    for (double u : {0.0, 0.5, 1.0})
        gradient.setColorAt(u, utilizationColor(u));
    p->fillRect(bar, gradient);
    p->setPen(Qt::black);
    p->drawText(QRectF(area.left(), top + 2 * pt, kLabelPt * pt, 14 * pt),
                Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("Peak link utilization"));
    p->drawText(QRectF(bar.left() - 10 * pt, bar.bottom() + 1 * pt, 20 * pt, 9 * pt),
                Qt::AlignCenter, QStringLiteral("0 %"));
    p->drawText(QRectF(bar.right() - 14 * pt, bar.bottom() + 1 * pt, 28 * pt, 9 * pt),
                Qt::AlignCenter, QStringLiteral("100 %"));
    const QRectF grey(bar.right() + 24 * pt, bar.top(), 14 * pt, h);
    p->fillRect(grey, kUnknown);
    p->drawText(QRectF(grey.right() + 4 * pt, top + 2 * pt, 160 * pt, 14 * pt),
                Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("not loaded by the model"));
}

}  // namespace

QColor utilizationColor(std::optional<double> utilization) {
    if (!utilization || !std::isfinite(*utilization)) return kUnknown;
    const double u = std::clamp(*utilization, 0.0, 1.0);
    const QColor low(0x59, 0xA1, 0x4F), mid(0xED, 0xC9, 0x48), high(0xE1, 0x57, 0x59);
    const QColor& a = u < 0.5 ? low : mid;
    const QColor& b = u < 0.5 ? mid : high;
    const double t = u < 0.5 ? u / 0.5 : (u - 0.5) / 0.5;
    return QColor::fromRgbF(static_cast<float>(a.redF() + (b.redF() - a.redF()) * t),
                            static_cast<float>(a.greenF() + (b.greenF() - a.greenF()) * t),
                            static_cast<float>(a.blueF() + (b.blueF() - a.blueF()) * t));
}

double topologyHeightPt(const ChartSpec& spec) {
    const double n = static_cast<double>(spec.levels.size());
    return n * kLevelPt + std::max(0.0, n - 1) * kBandPt + kLegendPt + 8;
}

void drawTopology(QPainter* p, const ChartSpec& spec, const QRectF& area, double pt) {
    if (spec.levels.empty()) return;
    const QRectF plot(area.left() + kLabelPt * pt, area.top() + 4 * pt,
                      area.width() - (kLabelPt + kBandTextPt + 6) * pt,
                      area.height() - kLegendPt * pt - 8 * pt);
    for (const TopologyBand& band : spec.bands)
        drawBand(p, spec, plot, band, pt);
    for (int i = 0; i < static_cast<int>(spec.levels.size()); ++i)
        drawLevel(p, spec, area, plot, i, pt);
    drawLegend(p, area, area.bottom() - kLegendPt * pt, pt);
}

}  // namespace infraplan::report
