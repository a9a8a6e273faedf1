#include "ui/report/reportchart.h"

#include <QAbstractTextDocumentLayout>
#include <QFontMetricsF>
#include <QPainter>
#include <QPen>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "ui/report/reportformat.h"
#include "ui/report/topologyfigure.h"

namespace infraplan::report {
namespace {

// Sizes in points; converted to device units with the paint device's resolution.
constexpr double kTitlePt = 14;
constexpr double kLimitLabelPt = 10;
constexpr double kRowPt = 13;
constexpr double kBarPt = 8;
constexpr double kStackPt = 14;
constexpr double kAxisPt = 14;
constexpr double kLegendRowPt = 11;
constexpr int kLegendColumns = 3;
constexpr double kValueColumnPt = 78;

// A chart draws at most this many entries: the largest, in their order; a stack adds the rest
// as one "others" segment, bars name the count in the title (10,000 bars took minutes to draw).
constexpr std::size_t kMaxChartEntries = 40;

ChartSpec capped(ChartSpec spec) {
    const std::size_t total = spec.bars.size();
    if (total <= kMaxChartEntries) return spec;
    const std::size_t keep =
        spec.kind == ChartSpec::Kind::stacked ? kMaxChartEntries - 1 : kMaxChartEntries;
    std::vector<std::size_t> order(total);
    for (std::size_t i = 0; i < total; ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return spec.bars[a].value > spec.bars[b].value;
    });
    std::vector<bool> kept(total, false);
    for (std::size_t i = 0; i < keep; ++i)
        kept[order[i]] = true;
    std::vector<ChartBar> bars;
    double rest = 0;
    for (std::size_t i = 0; i < total; ++i) {
        if (kept[i])
            bars.push_back(std::move(spec.bars[i]));
        else
            rest += spec.bars[i].value;
    }
    const QString others = formatPlain(double(total - keep));
    if (spec.kind == ChartSpec::Kind::stacked)
        bars.push_back({QStringLiteral("%1 others").arg(others), rest,
                        formatPlain(rest) + QLatin1Char(' ') + spec.unit});
    else
        spec.title += QStringLiteral(" (the %1 largest; %2 more in the tables)")
                          .arg(formatPlain(double(keep)), others);
    spec.bars = std::move(bars);
    return spec;
}

const QColor kAxisColor(0x88, 0x88, 0x88);
const QColor kGridColor(0xE3, 0xE3, 0xE3);
const QColor kLimitColor(0xC0, 0x39, 0x2B);
const QColor kOverColor(0xE1, 0x57, 0x59);

QColor seriesColor(std::size_t index) {
    static const std::array<QColor, 10> colors = {
        QColor(0x4E, 0x79, 0xA7), QColor(0xF2, 0x8E, 0x2B), QColor(0x59, 0xA1, 0x4F),
        QColor(0x76, 0xB7, 0xB2), QColor(0xED, 0xC9, 0x48), QColor(0xB0, 0x7A, 0xA1),
        QColor(0xFF, 0x9D, 0xA7), QColor(0x9C, 0x75, 0x5F), QColor(0xBA, 0xB0, 0xAC),
        QColor(0xE1, 0x57, 0x59)};
    return colors[index % colors.size()];
}

double pointScale(const QPaintDevice* device) {
    return (device ? device->logicalDpiY() : 96) / 72.0;
}

double total(const ChartSpec& spec) {
    double sum = 0;
    for (const ChartBar& bar : spec.bars)
        sum += std::max(0.0, bar.value);
    return sum;
}

double largest(const ChartSpec& spec) {
    double most = spec.kind == ChartSpec::Kind::stacked ? total(spec) : 0;
    for (const ChartBar& bar : spec.bars)
        most = std::max(most, bar.value);
    if (spec.limit) most = std::max(most, *spec.limit);
    return most;
}

// A round tick step giving about four ticks (1, 2, 2.5 or 5 times a power of ten).
double tickStep(double range) {
    if (!(range > 0) || !std::isfinite(range)) return 1;
    const double raw = range / 4;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (m * power >= raw) return m * power;
    return 10 * power;
}

double heightPt(const ChartSpec& spec) {
    if (spec.kind == ChartSpec::Kind::topology) return topologyHeightPt(spec);
    const double limit = spec.limit ? kLimitLabelPt : 0;
    if (spec.kind == ChartSpec::Kind::bars)
        return kTitlePt + limit + kRowPt * double(spec.bars.size()) + kAxisPt + 4;
    const auto rows = (spec.bars.size() + kLegendColumns - 1) / kLegendColumns;
    return kTitlePt + limit + kStackPt + kAxisPt + kLegendRowPt * double(rows) + 6;
}

QFont chartFont(const QTextDocument* document, double pointSize, bool bold = false) {
    QFont font = document->defaultFont();
    font.setPointSizeF(pointSize);
    font.setBold(bold);
    return font;
}

// The value axis: gridlines over [top, bottom], tick labels under `bottom`.
void drawAxis(QPainter* p, const QRectF& plot, double axisMax, double pt, const QString& unit) {
    const double step = tickStep(axisMax);
    const QFontMetricsF metrics(p->font(), p->device());
    for (double tick = 0; tick <= axisMax * 1.0001; tick += step) {
        const double x = plot.left() + plot.width() * tick / axisMax;
        p->setPen(QPen(tick == 0 ? kAxisColor : kGridColor, 0.5 * pt));
        p->drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        QString label = formatPlain(tick);
        if (tick + step > axisMax * 1.0001 && !unit.isEmpty()) label += QLatin1Char(' ') + unit;
        const double w = metrics.horizontalAdvance(label);
        const double left = std::max(x - w / 2, plot.left());  // "0" at the left edge
        p->setPen(kAxisColor.darker(140));
        p->drawText(QRectF(left, plot.bottom() + 2 * pt, w + 2 * pt, kAxisPt * pt),
                    Qt::AlignLeft | Qt::AlignTop, label);
    }
}

void drawLimit(QPainter* p, const QRectF& plot, double x, double pt, const QString& label) {
    QPen pen(kLimitColor, 1.0 * pt, Qt::DashLine);
    p->setPen(pen);
    p->drawLine(QPointF(x, plot.top() - 2 * pt), QPointF(x, plot.bottom()));
    const QFontMetricsF metrics(p->font(), p->device());
    const double w = metrics.horizontalAdvance(label) + 2 * pt;
    const double left = std::clamp(x - w / 2, plot.left(), plot.right() - w + kValueColumnPt * pt);
    p->drawText(QRectF(left, plot.top() - kLimitLabelPt * pt - 1 * pt, w, kLimitLabelPt * pt),
                Qt::AlignLeft | Qt::AlignVCenter, label);
}

// The axis end: a round number a little beyond the largest value or limit, so that value
// labels and the limit line do not crowd the right edge.
double axisMaximum(const ChartSpec& spec) {
    const double step = tickStep(largest(spec));
    return std::max(step, std::ceil(largest(spec) * 1.08 / step) * step);
}

// A value label on a white ground, so a limit line under it does not strike it through.
void drawValue(QPainter* p, const QRectF& rect, const QString& text, double pt) {
    const QFontMetricsF metrics(p->font(), p->device());
    const double width = std::min(rect.width(), metrics.horizontalAdvance(text) + 2 * pt);
    const double height = metrics.height();
    p->fillRect(QRectF(rect.left() - pt, rect.center().y() - height / 2, width, height), Qt::white);
    p->drawText(rect, Qt::AlignLeft | Qt::AlignVCenter, text);
}

void drawBars(QPainter* p, const ChartSpec& spec, const QRectF& area, double pt) {
    const QFontMetricsF metrics(p->font(), p->device());
    const double labelWidth = std::min(area.width() * 0.34, 170 * pt);
    const double top = area.top() + (spec.limit ? kLimitLabelPt * pt : 0);
    const QRectF plot(area.left() + labelWidth + 4 * pt, top,
                      area.width() - labelWidth - 4 * pt - kValueColumnPt * pt,
                      kRowPt * pt * double(spec.bars.size()));
    const double axisMax = axisMaximum(spec);
    drawAxis(p, plot, axisMax, pt, spec.unit);
    std::vector<QRectF> valueRects;
    for (std::size_t i = 0; i < spec.bars.size(); ++i) {
        const ChartBar& bar = spec.bars[i];
        const double rowTop = plot.top() + kRowPt * pt * double(i);
        const QRectF labelRect(area.left(), rowTop, labelWidth, kRowPt * pt);
        p->setPen(Qt::black);
        p->drawText(labelRect, Qt::AlignRight | Qt::AlignVCenter,
                    metrics.elidedText(bar.label, Qt::ElideRight, labelWidth));
        const double w = plot.width() * std::clamp(bar.value / axisMax, 0.0, 1.0);
        const bool over = spec.limit && bar.value > *spec.limit;
        const QRectF barRect(plot.left(), rowTop + (kRowPt - kBarPt) / 2 * pt, w, kBarPt * pt);
        p->fillRect(barRect, over ? kOverColor : seriesColor(0));
        valueRects.emplace_back(barRect.right() + 3 * pt, rowTop, kValueColumnPt * pt, kRowPt * pt);
    }
    if (spec.limit)
        drawLimit(p, plot, plot.left() + plot.width() * *spec.limit / axisMax, pt,
                  spec.limit_label);
    p->setPen(Qt::black);
    for (std::size_t i = 0; i < spec.bars.size(); ++i)
        drawValue(p, valueRects[i], spec.bars[i].value_text, pt);
}

void drawStacked(QPainter* p, const ChartSpec& spec, const QRectF& area, double pt) {
    const QFontMetricsF metrics(p->font(), p->device());
    const double top = area.top() + (spec.limit ? kLimitLabelPt * pt : 0);
    const QRectF plot(area.left(), top, area.width() - kValueColumnPt * pt, kStackPt * pt);
    const double axisMax = axisMaximum(spec);
    drawAxis(p, plot, axisMax, pt, spec.unit);
    double x = plot.left();
    for (std::size_t i = 0; i < spec.bars.size(); ++i) {
        const double w = plot.width() * std::clamp(spec.bars[i].value / axisMax, 0.0, 1.0);
        p->fillRect(QRectF(x, plot.top() + 2 * pt, w, plot.height() - 4 * pt), seriesColor(i));
        x += w;
    }
    if (spec.limit)
        drawLimit(p, plot, plot.left() + plot.width() * *spec.limit / axisMax, pt,
                  spec.limit_label);
    const bool over = spec.limit && total(spec) > *spec.limit;
    QFont bold = p->font();
    bold.setBold(true);
    p->save();
    p->setPen(over ? kLimitColor : Qt::black);
    p->setFont(bold);
    drawValue(p, QRectF(x + 3 * pt, plot.top(), kValueColumnPt * pt, plot.height()),
              formatPlain(total(spec)) + QLatin1Char(' ') + spec.unit, pt);
    p->restore();
    // Legend: swatch, label and value, three to a row.
    const double legendTop = plot.bottom() + kAxisPt * pt + 2 * pt;
    const double columnWidth = area.width() / kLegendColumns;
    for (std::size_t i = 0; i < spec.bars.size(); ++i) {
        const double left = area.left() + columnWidth * double(i % kLegendColumns);
        const double rowTop = legendTop + kLegendRowPt * pt * double(i / kLegendColumns);
        p->fillRect(QRectF(left, rowTop + 2.5 * pt, 6 * pt, 6 * pt), seriesColor(i));
        const QString text = spec.bars[i].label + QStringLiteral(": ") + spec.bars[i].value_text;
        p->setPen(Qt::black);
        p->drawText(QRectF(left + 9 * pt, rowTop, columnWidth - 11 * pt, kLegendRowPt * pt),
                    Qt::AlignLeft | Qt::AlignVCenter,
                    metrics.elidedText(text, Qt::ElideRight, columnWidth - 11 * pt));
    }
}

}  // namespace

QString chartPlaceholder(std::size_t index) {
    return QStringLiteral("<img src=\"chart:%1\" width=\"1\" height=\"1\">").arg(index);
}

void installCharts(QTextDocument& document, const std::vector<ChartSpec>& charts) {
    document.documentLayout()->registerHandler(ChartObject::kType, new ChartObject(&document));
    std::vector<std::pair<int, std::size_t>> found;  // document position, chart index
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextCharFormat format = it.fragment().charFormat();
            if (!format.isImageFormat()) continue;
            const QString name = format.toImageFormat().name();
            if (!name.startsWith(QLatin1String("chart:"))) continue;
            bool ok = false;
            const auto index = name.mid(6).toULongLong(&ok);
            if (ok && index < charts.size()) found.emplace_back(it.fragment().position(), index);
        }
    // Back to front, so earlier positions stay valid.
    for (auto it = found.rbegin(); it != found.rend(); ++it) {
        QTextCursor cursor(&document);
        cursor.setPosition(it->first);
        cursor.setPosition(it->first + 1, QTextCursor::KeepAnchor);
        QTextCharFormat object;
        object.setObjectType(ChartObject::kType);
        object.setProperty(ChartObject::kSpecProperty,
                           QVariant::fromValue(capped(charts[it->second])));
        cursor.insertText(QString(QChar::ObjectReplacementCharacter), object);
    }
}

QSizeF ChartObject::intrinsicSize(QTextDocument* document, int, const QTextFormat& format) {
    const auto spec = format.property(kSpecProperty).value<ChartSpec>();
    const double pt = pointScale(document->documentLayout()->paintDevice());
    double width = document->pageSize().width();
    if (!(width > 0) || !std::isfinite(width)) width = document->textWidth();
    if (!(width > 0) || !std::isfinite(width)) width = 480 * pt;
    width -= 2 * document->documentMargin() + 1;
    return {std::max(width, 100 * pt), heightPt(spec) * pt};
}

void ChartObject::drawObject(QPainter* painter, const QRectF& rect, QTextDocument* document, int,
                             const QTextFormat& format) {
    const auto spec = format.property(kSpecProperty).value<ChartSpec>();
    const double pt = pointScale(painter->device());
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(chartFont(document, 8.5, true));
    painter->setPen(Qt::black);
    painter->drawText(QRectF(rect.left(), rect.top(), rect.width(), kTitlePt * pt),
                      Qt::AlignLeft | Qt::AlignVCenter, spec.title);
    painter->setFont(chartFont(document, 7));
    const QRectF area(rect.left(), rect.top() + kTitlePt * pt, rect.width(),
                      rect.height() - kTitlePt * pt);
    if (spec.kind == ChartSpec::Kind::bars)
        drawBars(painter, spec, area, pt);
    else if (spec.kind == ChartSpec::Kind::stacked)
        drawStacked(painter, spec, area, pt);
    else
        drawTopology(painter, spec, area, pt);
    painter->restore();
}

}  // namespace infraplan::report
