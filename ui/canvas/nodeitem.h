#pragma once
// Canvas items for design items. Like QtNodes' graphics objects they hold the item's id and
// the strings they paint, nothing of the model: the scene refreshes them from the document.

#include <QGraphicsObject>
#include <QString>

namespace infraplan::ui {

class DesignDocument;
class DesignScene;

class NodeItem : public QGraphicsObject {
    Q_OBJECT
public:
    NodeItem(QString id, QGraphicsItem* parent = nullptr);
    const QString& id() const { return m_id; }
    // Re-reads what it shows (label, count, catalog name) from the document.
    virtual void refresh(const DesignDocument& document) = 0;
    // Marked as the evaluated design's bottleneck; `why` leads its tooltip.
    void setBottleneck(bool on, const QString& why = {});
    bool isBottleneck() const { return m_bottleneck; }

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;
    DesignScene* designScene() const;
    // A rounded pill with text, right-aligned at `topRight`; returns its rectangle.
    static QRectF paintBadge(QPainter* painter, QPointF topRight, const QString& text,
                             const QColor& fill, const QColor& textColor);

    // The tooltip of what the card is (specs, role); the bottleneck's reason goes before it.
    void setBaseToolTip(const QString& text);

    QString m_id;
    bool m_bottleneck = false;
    QString m_why;
    QString m_baseToolTip;

private:
    void composeToolTip();
};

// Any item that is not a group: a card with the kind's icon, its label and ×count.
class PartNode : public NodeItem {
    Q_OBJECT
public:
    enum { Type = UserType + 1 };
    explicit PartNode(QString id, QGraphicsItem* parent = nullptr);
    int type() const override { return Type; }
    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;
    void refresh(const DesignDocument& document) override;

    QRectF cardRect() const { return m_rect; }
    const QString& title() const { return m_title; }
    long long count() const { return m_count; }

private:
    QRectF m_rect;
    QString m_title;
    QString m_subtitle;
    QString m_detail;
    long long m_count = 1;
    int m_kind = 0;
};

}  // namespace infraplan::ui
