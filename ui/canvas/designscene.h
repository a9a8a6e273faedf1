#pragma once
// The canvas scene: a view of the DesignDocument. It creates, moves and removes graphics
// items when the document says so, and turns user gestures (drops, drags, link drawing,
// deletes, pastes) into document edits. Positions come from the design's layout only.

#include <QGraphicsScene>
#include <QHash>
#include <QPointer>
#include <QSet>
#include <QStringList>
#include <unordered_map>
#include <vector>

#include "ui/canvas/linkload.h"
#include "ui/canvas/partpayload.h"

class QGraphicsLineItem;

namespace infraplan::ui {

class DesignDocument;
class NodeItem;
class GroupNode;
class LinkEdge;

class DesignScene : public QGraphicsScene {
    Q_OBJECT
public:
    enum class Tool { select, connect };
    static constexpr qreal kGrid = 20;

    explicit DesignScene(DesignDocument* document, QObject* parent = nullptr);
    ~DesignScene() override;
    DesignDocument* document() const { return m_document; }

    NodeItem* node(const QString& id) const { return m_nodes.value(id); }
    const std::vector<LinkEdge*>& edges() const { return m_edges; }
    QStringList selectedIds() const;
    std::vector<std::size_t> selectedLinks() const;
    void selectIds(const QStringList& ids);

    Tool tool() const { return m_tool; }
    void setTool(Tool tool);
    // The catalog link new connections use ("" = the one that fits the two ends).
    void setLinkRef(const std::string& ref) { m_linkRef = ref; }
    const std::string& linkRef() const { return m_linkRef; }

    bool snapToGrid() const { return m_snap; }
    void setSnapToGrid(bool on) { m_snap = on; }
    QPointF snap(QPointF p) const;
    bool isDragging() const { return m_dragging; }

    // User actions.
    QString importPart(const PartPayload& payload, QPointF scenePos);
    void highlightDropTarget(QPointF scenePos);  // while a drag hovers; null point clears
    void deleteSelection();
    void copySelection();
    void paste();
    void duplicateSelection();
    void nudgeSelection(QPointF delta);
    void groupSelection();
    void ungroupSelection();
    void toggleCollapsed(const QString& id);
    // Lays the top-level cards out in tiers (ui/canvas/autolayout.h): one undoable move.
    void arrange();
    // Marks the evaluation's bottleneck items.
    // Marks the card `id` ("" = none) as the bottleneck, `why` in its tooltip.
    void setBottleneck(const QString& id, const QString& why);
    // Colours links by the busiest load the network model found between their two items
    // (results `network.links`, keyed by linkKey(from, to)) and says it in their tooltips;
    // unknown links keep their colour.
    void setLinkLoads(const QHash<QString, LinkLoad>& loads);
    static QString linkKey(const std::string& a, const std::string& b);

    // Called by nodes when they move or resize.
    void nodeGeometryChanged(NodeItem* node);

Q_SIGNALS:
    void selectionIdsChanged();
    void message(const QString& text);

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
    void drawBackground(QPainter* painter, const QRectF& rect) override;

private:
    void rebuild();
    NodeItem* createNode(const QString& id);
    void removeNode(const QString& id);
    void refreshNode(const QString& id);
    void placeNode(const QString& id);
    void rebuildEdges();
    void updateEdges();
    NodeItem* nodeAt(QPointF scenePos, const NodeItem* excluding = nullptr) const;
    GroupNode* groupAt(QPointF scenePos, const NodeItem* excluding = nullptr) const;
    NodeItem* visibleNode(const std::string& id) const;
    QPointF defaultPosition(const QString& id) const;
    int defaultSlot(const Item& item) const;
    void numberDefaultSlots();  // every card's default slot, for a rebuild
    QPointF scenePositionOf(const QString& id) const;
    void finishMove(QPointF releasePos);
    // A link the user drew: the link kind and lanes from the catalog's wiring rules; refused,
    // with the validation message, when an end cannot take it.
    void connectDrawn(const QString& fromId, const QString& toId);

    DesignDocument* m_document;
    QHash<QString, NodeItem*> m_nodes;
    QSet<QString> m_creating;  // guards against parent cycles in a hand-edited file
    std::unordered_map<std::string, int> m_defaultSlots;  // during a rebuild
    // During the rebuild of a design whose top level nobody has placed: the tiered layout.
    std::unordered_map<std::string, QPointF> m_tiered;
    std::vector<LinkEdge*> m_edges;
    Tool m_tool = Tool::select;
    std::string m_linkRef;
    bool m_snap = true;
    bool m_dragging = false;
    bool m_rebuilding = false;
    QHash<QString, QPointF> m_pressPositions;
    QPointer<GroupNode> m_dropTarget;
    NodeItem* m_linkFrom = nullptr;
    QGraphicsLineItem* m_rubberLink = nullptr;
    int m_pasteCount = 0;
};

}  // namespace infraplan::ui
