#include "ui/canvas/nodeitem.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include "ui/app/icons.h"
#include "ui/app/specsummary.h"
#include "ui/app/theme.h"
#include "ui/canvas/designscene.h"
#include "ui/canvas/levelofdetail.h"
#include "ui/document/designdocument.h"

namespace infraplan::ui {

NodeItem::NodeItem(QString id, QGraphicsItem* parent)
    : QGraphicsObject(parent), m_id(std::move(id)) {
    setFlags(ItemIsSelectable | ItemIsMovable | ItemSendsScenePositionChanges |
             ItemSendsGeometryChanges);
    setAcceptHoverEvents(true);
}

void NodeItem::setBottleneck(bool on, const QString& why) {
    const QString reason = on ? why : QString();
    if (on == m_bottleneck && reason == m_why) return;
    m_bottleneck = on;
    m_why = reason;
    composeToolTip();
    update();
}

void NodeItem::setBaseToolTip(const QString& text) {
    m_baseToolTip = text;
    composeToolTip();
}

void NodeItem::composeToolTip() {
    if (m_why.isEmpty()) {
        setToolTip(m_baseToolTip);
        return;
    }
    setToolTip(QStringLiteral("<p><b>%1</b> %2</p>%3")
                   .arg(tr("Bottleneck:"),
                        m_why.toHtmlEscaped().replace(QLatin1Char('\n'), QLatin1String("<br>")),
                        Qt::mightBeRichText(m_baseToolTip) ? m_baseToolTip
                                                           : m_baseToolTip.toHtmlEscaped()));
}

DesignScene* NodeItem::designScene() const {
    return qobject_cast<DesignScene*>(scene());
}

QVariant NodeItem::itemChange(GraphicsItemChange change, const QVariant& value) {
    DesignScene* s = designScene();
    if (change == ItemPositionChange && s && s->isDragging() && isSelected())
        return s->snap(value.toPointF());
    if (change == ItemScenePositionHasChanged && s) s->nodeGeometryChanged(this);
    return QGraphicsObject::itemChange(change, value);
}

QRectF NodeItem::paintBadge(QPainter* painter, QPointF topRight, const QString& text,
                            const QColor& fill, const QColor& textColor) {
    QFont font = painter->font();
    font.setPointSizeF(8.0);
    font.setBold(true);
    const QFontMetricsF fm(font);
    const qreal w = fm.horizontalAdvance(text) + 12;
    const QRectF r(topRight.x() - w, topRight.y(), w, 18);
    painter->save();
    painter->setPen(Qt::NoPen);
    painter->setBrush(fill);
    painter->drawRoundedRect(r, 9, 9);
    painter->setFont(font);
    painter->setPen(textColor);
    painter->drawText(r, Qt::AlignCenter, text);
    painter->restore();
    return r;
}

PartNode::PartNode(QString id, QGraphicsItem* parent)
    : NodeItem(std::move(id), parent), m_rect(0, 0, 224, 72) {
    setZValue(2);
}

QRectF PartNode::boundingRect() const {
    // The top margin holds the bottleneck badge that straddles the top edge (18 px tall from
    // 9 px above it): painting outside the bounding rect left a remnant when it was removed.
    return m_rect.adjusted(-4, -12, 4, 6);
}

QPainterPath PartNode::shape() const {
    QPainterPath path;
    path.addRoundedRect(m_rect, 8, 8);
    return path;
}

void PartNode::refresh(const DesignDocument& document) {
    const Item* item = document.findItem(m_id.toStdString());
    if (!item) return;
    prepareGeometryChange();
    m_kind = int(item->kind);
    m_title = document.label(*item);
    m_count = item->count;
    const catalog::EntryBase* entry = document.catalog().entry(item->ref);
    m_subtitle =
        entry && !item->name.empty() ? QString::fromStdString(entry->name) : kindTitle(item->kind);
    if (!item->ref.empty() && !entry)
        m_subtitle = tr("Unknown part “%1”").arg(QString::fromStdString(item->ref));
    m_detail = itemSummary(document.catalog(), *item);
    m_rect = QRectF(0, 0, item->kind == ItemKind::fabric ? 260 : 224, 72);
    setBaseToolTip(entry ? entryTooltip(document.catalog(), item->ref) : m_title);
    update();
}

void PartNode::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*) {
    const Theme& t = theme();
    const auto kind = static_cast<ItemKind>(m_kind);
    if (isFarAway(*option, *painter)) {  // text a few pixels high: a plain card, 100x cheaper
        painter->fillRect(m_rect, m_bottleneck ? t.bad : kindColor(kind));
        return;
    }
    painter->setRenderHint(QPainter::Antialiasing);
    // Soft shadow, then the card.
    painter->setPen(Qt::NoPen);
    painter->setBrush(QColor(0, 0, 0, t.dark ? 60 : 22));
    painter->drawRoundedRect(m_rect.translated(0, 2), 8, 8);
    QColor border = t.cardBorder;
    qreal width = 1;
    if (m_bottleneck) border = t.bad, width = 2.5;
    if (option->state & QStyle::State_Selected) border = t.accent, width = 2.5;
    painter->setBrush(t.card);
    painter->setPen(QPen(border, width));
    painter->drawRoundedRect(m_rect, 8, 8);
    // Kind stripe on the left edge.
    QPainterPath stripe;
    stripe.addRoundedRect(QRectF(m_rect.left() + 1, m_rect.top() + 10, 3, m_rect.height() - 20),
                          1.5, 1.5);
    painter->fillPath(stripe, kindColor(kind));

    const qreal dpr = painter->device() ? painter->device()->devicePixelRatioF() : 1.0;
    painter->drawPixmap(QPointF(14, 16), kindTile(kind, 40, std::max<qreal>(dpr, 2.0)));

    const qreal textLeft = 66;
    const qreal badgeSpace = m_count != 1 ? 56 : 8;
    QFont title = painter->font();
    title.setPointSizeF(10);
    title.setBold(true);
    painter->setFont(title);
    painter->setPen(t.text);
    const QFontMetricsF tm(title);
    painter->drawText(QPointF(textLeft, 26), tm.elidedText(m_title, Qt::ElideRight,
                                                           m_rect.width() - textLeft - badgeSpace));
    QFont small = painter->font();
    small.setPointSizeF(8);
    small.setBold(false);
    painter->setFont(small);
    const QFontMetricsF sm(small);
    painter->setPen(t.mutedText);
    const qreal textWidth = m_rect.width() - textLeft - 10;
    painter->drawText(QPointF(textLeft, 44), sm.elidedText(m_subtitle, Qt::ElideRight, textWidth));
    painter->drawText(QPointF(textLeft, 60), sm.elidedText(m_detail, Qt::ElideRight, textWidth));
    if (m_count != 1) {
        QColor fill = t.accent;
        fill.setAlpha(t.dark ? 70 : 34);
        paintBadge(painter, QPointF(m_rect.right() - 8, 10), QStringLiteral("×%1").arg(m_count),
                   fill, t.dark ? t.text : t.accent.darker(130));
    }
    if (m_bottleneck)  // straddling the top edge, clear of links that end at the bottom
        paintBadge(painter, QPointF(m_rect.right() - 64, m_rect.top() - 9), tr("bottleneck"), t.bad,
                   Qt::white);
}

}  // namespace infraplan::ui
