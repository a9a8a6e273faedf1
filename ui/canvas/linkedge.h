#pragma once
// A design link drawn between two canvas items. It knows its index in the design's link list
// and what it paints; the scene places its ends.

#include <QGraphicsItem>
#include <QString>

namespace infraplan::ui {

class LinkEdge : public QGraphicsItem {
public:
    enum { Type = QGraphicsItem::UserType + 3 };
    explicit LinkEdge(std::size_t index);
    int type() const override { return Type; }
    std::size_t index() const { return m_index; }

    void setAppearance(const QString& label, const QColor& color, long long lanes,
                       const QString& tooltip);
    void setEnds(QPointF from, QPointF to);
    // The network model's load (< 0 = unknown) and the sentence the tooltip adds for it.
    void setLoad(double utilization, const QString& explanation);
    double utilization() const { return m_utilization; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    std::size_t m_index;
    QPointF m_from;
    QPointF m_to;
    QString m_label;
    QColor m_color;
    long long m_lanes = 1;
    double m_utilization = -1;
    QString m_tooltip;  // the link's own, before the load
};

}  // namespace infraplan::ui
