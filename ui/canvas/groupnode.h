#pragma once
// A group (server, rack, pod): a container whose children are the items inside it. Its frame
// follows its children; it can be collapsed to its header, and replicated with a count.

#include "ui/canvas/nodeitem.h"

namespace infraplan::ui {

class GroupNode : public NodeItem {
    Q_OBJECT
public:
    enum { Type = UserType + 2 };
    static constexpr qreal kHeaderHeight = 34;

    explicit GroupNode(QString id, QGraphicsItem* parent = nullptr);
    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    void refresh(const DesignDocument& document) override;

    bool isCollapsed() const { return m_collapsed; }
    // Recomputes the frame around the visible children (and up through enclosing groups).
    void fitToChildren();
    QRectF frameRect() const { return m_rect; }
    // Where a click toggles collapse.
    QRectF toggleRect() const;
    void setDropTarget(bool on);
    // Where a part of `size` goes inside the group (group coordinates, on the 20 px grid):
    // `wanted` when that is below the header and clear of the other children, else the first
    // free slot, row by row, so a drop on the header or on a card never lands on top of one.
    QPointF freeSlot(QSizeF size, QPointF wanted) const;

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;

private:
    QRectF m_rect;
    QString m_title;
    QString m_role;
    long long m_count = 1;
    int m_inside = 0;
    bool m_collapsed = false;
    bool m_dropTarget = false;
};

}  // namespace infraplan::ui
