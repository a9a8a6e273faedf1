#include "ui/canvas/groupnode.h"

#include <QFontMetricsF>
#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QStyleOptionGraphicsItem>
#include <algorithm>
#include <cmath>

#include "ui/app/icons.h"
#include "ui/app/theme.h"
#include "ui/canvas/designscene.h"
#include "ui/document/designdocument.h"

namespace infraplan::ui {
namespace {
constexpr qreal kPad = 20;
constexpr qreal kMinWidth = 260;
constexpr qreal kMinHeight = 130;
}  // namespace

GroupNode::GroupNode(QString id, QGraphicsItem* parent)
    : NodeItem(std::move(id), parent), m_rect(0, 0, kMinWidth, kMinHeight) {
    setZValue(0);
}

QRectF GroupNode::boundingRect() const {
    return m_rect.adjusted(-3, -3, 3, 3);
}

QRectF GroupNode::toggleRect() const {
    return QRectF(m_rect.left() + 8, m_rect.top() + 8, 18, 18);
}

void GroupNode::setDropTarget(bool on) {
    if (on == m_dropTarget) return;
    m_dropTarget = on;
    update();
}

void GroupNode::refresh(const DesignDocument& document) {
    const Item* item = document.findItem(m_id.toStdString());
    if (!item) return;
    m_title = document.label(*item);
    m_role = QString::fromStdString(item->role);
    m_count = item->count;
    m_collapsed = document.isCollapsed(item->id);
    m_inside = 0;
    for (const Item& i : document.design().hardware.items)
        if (i.parent == item->id) ++m_inside;
    for (QGraphicsItem* child : childItems())
        child->setVisible(!m_collapsed);
    setBaseToolTip(tr("%1 (%2) ×%3 — drop parts here to put them inside; double-click the header "
                      "to collapse or expand")
                       .arg(m_title, m_role.isEmpty() ? tr("group") : m_role)
                       .arg(m_count));
    fitToChildren();
    update();  // the header's count badge, even when the frame keeps its size
}

QPointF GroupNode::freeSlot(QSizeF size, QPointF wanted) const {
    constexpr qreal kGrid = 20, kGap = 20;
    auto onGrid = [](qreal v) { return std::ceil(v / kGrid) * kGrid; };
    const QPointF origin(onGrid(kPad), onGrid(kHeaderHeight + kPad));
    auto clear = [&](QPointF at) {
        const QRectF r(at, size);
        for (QGraphicsItem* child : childItems())
            if (auto* node = dynamic_cast<NodeItem*>(child);
                node && node->mapRectToParent(node->boundingRect()).intersects(r))
                return false;
        return true;
    };
    const QPointF asked(std::round(wanted.x() / kGrid) * kGrid,
                        std::round(wanted.y() / kGrid) * kGrid);
    if (asked.x() >= origin.x() && asked.y() >= origin.y() && clear(asked)) return asked;
    const qreal stepX = onGrid(size.width() + kGap), stepY = onGrid(size.height() + kGap);
    const int columns = std::max(1, int((m_rect.width() - 2 * kPad + kGap) / stepX));
    QPointF at = origin;
    for (int slot = 0; slot < 100000; ++slot) {  // a row below the children is always clear
        at = origin + QPointF((slot % columns) * stepX, (slot / columns) * stepY);
        if (clear(at)) break;
    }
    return at;
}

void GroupNode::fitToChildren() {
    QRectF rect(0, 0, kMinWidth, m_collapsed ? kHeaderHeight + 22 : kMinHeight);
    if (!m_collapsed) {
        for (QGraphicsItem* child : childItems()) {
            if (!child->isVisible()) continue;
            if (auto* node = dynamic_cast<NodeItem*>(child)) {
                const QRectF r = node->mapRectToParent(node->boundingRect());
                rect = rect.united(r.adjusted(-kPad, -kPad - kHeaderHeight, kPad, kPad));
            }
        }
    }
    if (rect != m_rect) {
        prepareGeometryChange();
        m_rect = rect;
    }
    if (auto* parentGroup = dynamic_cast<GroupNode*>(parentItem())) parentGroup->fitToChildren();
}

void GroupNode::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const Theme& t = theme();
    painter->setRenderHint(QPainter::Antialiasing);
    QColor border = t.cardBorder;
    qreal width = 1.2;
    if (m_dropTarget) border = t.accent, width = 2.5;
    if (m_bottleneck) border = t.bad, width = 2.5;
    if (option->state & QStyle::State_Selected) border = t.accent, width = 2.5;
    QPen pen(border, width);
    if (m_count > 1 && !(option->state & QStyle::State_Selected)) {
        // Replicas drawn as a stack behind the frame.
        painter->setPen(QPen(t.cardBorder, 1));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(m_rect.translated(6, 6), 10, 10);
        painter->drawRoundedRect(m_rect.translated(3, 3), 10, 10);
    }
    painter->setPen(pen);
    painter->setBrush(m_dropTarget ? t.groupFill.darker(110) : t.groupFill);
    painter->drawRoundedRect(m_rect, 10, 10);
    // Header band.
    QPainterPath header;
    header.addRoundedRect(QRectF(m_rect.left(), m_rect.top(), m_rect.width(), kHeaderHeight), 10,
                          10);
    header.addRect(
        QRectF(m_rect.left(), m_rect.top() + kHeaderHeight / 2, m_rect.width(), kHeaderHeight / 2));
    painter->setPen(Qt::NoPen);
    painter->fillPath(header.simplified(), t.groupHeader);
    painter->setPen(pen);
    painter->setBrush(Qt::NoBrush);
    painter->drawRoundedRect(m_rect, 10, 10);

    // Collapse chevron.
    const QRectF toggle = toggleRect();
    painter->setPen(QPen(t.mutedText, 1.6, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    QPolygonF chevron;
    const QPointF c = toggle.center();
    if (m_collapsed)
        chevron << c + QPointF(-2.5, -4.5) << c + QPointF(2.5, 0) << c + QPointF(-2.5, 4.5);
    else
        chevron << c + QPointF(-4.5, -2) << c + QPointF(0, 2.5) << c + QPointF(4.5, -2);
    painter->drawPolyline(chevron);

    const qreal dpr = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
    painter->drawPixmap(QPointF(m_rect.left() + 32, m_rect.top() + 7),
                        kindTile(ItemKind::group, 20, std::max<qreal>(dpr, 2.0)));
    QFont font = painter->font();
    font.setPointSizeF(9.5);
    font.setBold(true);
    painter->setFont(font);
    painter->setPen(t.text);
    const QFontMetricsF fm(font);
    const qreal textLeft = m_rect.left() + 60;
    const QString title = fm.elidedText(m_title, Qt::ElideRight, m_rect.width() - 160);
    painter->drawText(QPointF(textLeft, m_rect.top() + 22), title);
    if (!m_role.isEmpty()) {
        QFont small = font;
        small.setBold(false);
        small.setPointSizeF(8);
        painter->setFont(small);
        painter->setPen(t.mutedText);
        painter->drawText(QPointF(textLeft + fm.horizontalAdvance(title) + 8, m_rect.top() + 22),
                          m_role);
    }
    QColor fill = t.accent;
    fill.setAlpha(t.dark ? 70 : 34);
    paintBadge(painter, QPointF(m_rect.right() - 8, m_rect.top() + 8),
               QStringLiteral("×%1").arg(m_count), fill, t.dark ? t.text : t.accent.darker(130));
    if (m_collapsed) {
        QFont small = painter->font();
        small.setPointSizeF(8);
        small.setBold(false);
        painter->setFont(small);
        painter->setPen(t.mutedText);
        painter->drawText(
            QRectF(m_rect.left() + 12, m_rect.top() + kHeaderHeight, m_rect.width() - 24, 20),
            Qt::AlignVCenter, tr("%n part(s) inside", nullptr, m_inside));
    }
}

void GroupNode::mousePressEvent(QGraphicsSceneMouseEvent* event) {
    if (event->button() == Qt::LeftButton &&
        toggleRect().adjusted(-4, -4, 4, 4).contains(event->pos())) {
        if (DesignScene* s = designScene()) s->toggleCollapsed(m_id);
        event->accept();
        return;
    }
    NodeItem::mousePressEvent(event);
}

void GroupNode::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) {
    if (event->pos().y() < m_rect.top() + kHeaderHeight) {
        if (DesignScene* s = designScene()) s->toggleCollapsed(m_id);
        event->accept();
        return;
    }
    NodeItem::mouseDoubleClickEvent(event);
}

}  // namespace infraplan::ui
