#include "ui/canvas/linkedge.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>
#include <cmath>

#include "ui/app/theme.h"
#include "ui/canvas/levelofdetail.h"
#include "ui/canvas/linkload.h"

namespace infraplan::ui {

LinkEdge::LinkEdge(std::size_t index) : m_index(index) {
    setFlags(ItemIsSelectable);
    setZValue(1);  // above group frames, so links inside groups show
    setAcceptHoverEvents(true);
}

void LinkEdge::setAppearance(const QString& label, const QColor& color, long long lanes,
                             const QString& tooltip) {
    prepareGeometryChange();
    m_label = label;
    m_color = color;
    m_lanes = lanes;
    m_tooltip = tooltip;
    setToolTip(tooltip);
    update();
}

void LinkEdge::setEnds(QPointF from, QPointF to) {
    if (from == m_from && to == m_to) return;
    prepareGeometryChange();
    m_from = from;
    m_to = to;
}

void LinkEdge::setLoad(double utilization, const QString& explanation) {
    m_utilization = utilization;
    setToolTip(explanation.isEmpty()
                   ? m_tooltip
                   : m_tooltip + QStringLiteral("<br/>") + explanation.toHtmlEscaped());
    update();
}

QRectF LinkEdge::boundingRect() const {
    // Room for the label pill at the middle.
    return QRectF(m_from, m_to).normalized().adjusted(-90, -16, 90, 16);
}

QPainterPath LinkEdge::shape() const {
    QPainterPath line(m_from);
    line.lineTo(m_to);
    QPainterPathStroker stroker;
    stroker.setWidth(10);
    return stroker.createStroke(line);
}

void LinkEdge::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const Theme& t = theme();
    painter->setRenderHint(QPainter::Antialiasing);
    const bool selected = option->state & QStyle::State_Selected;
    QColor color = m_color;
    if (m_utilization >= 0) {
        const LoadLevel level = loadLevel(m_utilization);
        color = level == LoadLevel::saturated ? t.bad : level == LoadLevel::high ? t.warn : t.good;
    }
    // Thicker for more lanes, logarithmically: 1 lane 1.6 px, 8 lanes ~3.4 px.
    const qreal width = 1.6 + 0.6 * std::log2(double(std::max(1LL, m_lanes)));
    if (selected) {
        QColor halo = t.accent;
        halo.setAlpha(90);
        painter->setPen(QPen(halo, width + 6, Qt::SolidLine, Qt::RoundCap));
        painter->drawLine(m_from, m_to);
    }
    painter->setPen(QPen(color, std::min(width, 5.0), Qt::SolidLine, Qt::RoundCap));
    painter->drawLine(m_from, m_to);
    if (isFarAway(*option, *painter)) return;  // no ends or label to read
    painter->setBrush(color);
    painter->setPen(Qt::NoPen);
    painter->drawEllipse(m_from, 3.5, 3.5);
    painter->drawEllipse(m_to, 3.5, 3.5);

    if (m_label.isEmpty() || QLineF(m_from, m_to).length() < 90) return;
    QFont font = painter->font();
    font.setPointSizeF(7.5);
    painter->setFont(font);
    const QFontMetricsF fm(font);
    const QPointF mid = (m_from + m_to) / 2;
    const qreal w = fm.horizontalAdvance(m_label) + 12;
    const QRectF pill(mid.x() - w / 2, mid.y() - 9, w, 18);
    painter->setBrush(t.card);
    painter->setPen(QPen(selected ? t.accent : color, 1));
    painter->drawRoundedRect(pill, 9, 9);
    painter->setPen(t.text);
    painter->drawText(pill, Qt::AlignCenter, m_label);
}

}  // namespace infraplan::ui
