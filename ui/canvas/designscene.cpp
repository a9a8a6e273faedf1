#include "ui/canvas/designscene.h"

#include <QClipboard>
#include <QGraphicsLineItem>
#include <QGraphicsSceneMouseEvent>
#include <QGuiApplication>
#include <QMimeData>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "ui/app/theme.h"
#include "ui/canvas/autolayout.h"
#include "ui/canvas/clipboard.h"
#include "ui/canvas/groupnode.h"
#include "ui/canvas/linkedge.h"
#include "ui/canvas/nodeitem.h"
#include "ui/document/designdocument.h"

namespace infraplan::ui {
namespace {

QColor linkColor(const catalog::Link* link) {
    if (!link) return QColor(0x8a, 0x93, 0xa0);
    switch (link->cls) {
        case catalog::LinkClass::scale_up:
            return QColor(0x2e, 0x9e, 0x5b);
        case catalog::LinkClass::scale_out:
            return QColor(0x1f, 0x78, 0xd1);
        case catalog::LinkClass::host:
            return QColor(0x7a, 0x84, 0x92);
        case catalog::LinkClass::memory:
            return QColor(0x8a, 0x4f, 0xd8);
    }
    return Qt::gray;
}

QRectF nodeSceneRect(const NodeItem* node) {
    if (const auto* g = qgraphicsitem_cast<const GroupNode*>(node))
        return g->mapRectToScene(g->frameRect());
    if (const auto* p = qgraphicsitem_cast<const PartNode*>(node))
        return p->mapRectToScene(p->cardRect());
    return node->sceneBoundingRect();
}

// Where the line from the rectangle's centre towards `target` leaves the rectangle.
QPointF borderPoint(const QRectF& rect, QPointF target, QPointF shift) {
    const QPointF c = rect.center() + shift;
    const QPointF d = target - c;
    if (std::abs(d.x()) < 1e-9 && std::abs(d.y()) < 1e-9) return c;
    const qreal sx = std::abs(d.x()) > 1e-9 ? (rect.width() / 2) / std::abs(d.x()) : 1e9;
    const qreal sy = std::abs(d.y()) > 1e-9 ? (rect.height() / 2) / std::abs(d.y()) : 1e9;
    return c + d * std::min({sx, sy, 1.0});
}

}  // namespace

DesignScene::DesignScene(DesignDocument* document, QObject* parent)
    : QGraphicsScene(parent), m_document(document) {
    setItemIndexMethod(QGraphicsScene::NoIndex);  // few, often-moving items
    connect(document, &DesignDocument::designReset, this, &DesignScene::rebuild);
    connect(document, &DesignDocument::itemAdded, this, [this](const QString& id) {
        createNode(id);
        updateEdges();
    });
    connect(document, &DesignDocument::itemRemoved, this, &DesignScene::removeNode);
    connect(document, &DesignDocument::itemChanged, this, &DesignScene::refreshNode);
    connect(document, &DesignDocument::itemMoved, this, &DesignScene::placeNode);
    connect(document, &DesignDocument::linksChanged, this, &DesignScene::rebuildEdges);
    connect(this, &QGraphicsScene::selectionChanged, this, &DesignScene::selectionIdsChanged);
    rebuild();
}

DesignScene::~DesignScene() {
    // Items die with the scene; their selection changes must not reach half-destroyed views.
    blockSignals(true);
    m_rebuilding = true;
    clear();
}

QStringList DesignScene::selectedIds() const {
    QStringList ids;
    for (QGraphicsItem* item : selectedItems())
        if (auto* node = dynamic_cast<NodeItem*>(item)) ids << node->id();
    return ids;
}

std::vector<std::size_t> DesignScene::selectedLinks() const {
    std::vector<std::size_t> links;
    for (QGraphicsItem* item : selectedItems())
        if (auto* edge = qgraphicsitem_cast<LinkEdge*>(item)) links.push_back(edge->index());
    return links;
}

void DesignScene::selectIds(const QStringList& ids) {
    QSignalBlocker blocker(this);
    clearSelection();
    for (const QString& id : ids)
        if (NodeItem* n = m_nodes.value(id)) n->setSelected(true);
    blocker.unblock();
    Q_EMIT selectionIdsChanged();
}

void DesignScene::setTool(Tool tool) {
    m_tool = tool;
    for (NodeItem* n : std::as_const(m_nodes))
        n->setFlag(QGraphicsItem::ItemIsMovable, tool == Tool::select);
}

QPointF DesignScene::snap(QPointF p) const {
    if (!m_snap) return p;
    return {std::round(p.x() / kGrid) * kGrid, std::round(p.y() / kGrid) * kGrid};
}

void DesignScene::rebuild() {
    m_rebuilding = true;
    m_linkFrom = nullptr;
    m_rubberLink = nullptr;
    clear();
    m_nodes.clear();
    m_edges.clear();
    numberDefaultSlots();
    for (const Item& item : m_document->design().hardware.items)
        createNode(QString::fromStdString(item.id));
    m_defaultSlots.clear();
    m_tiered.clear();
    m_rebuilding = false;
    // Each group once, now that its cards are in: per card, refreshing it is quadratic.
    for (NodeItem* n : std::as_const(m_nodes))
        if (auto* g = qgraphicsitem_cast<GroupNode*>(n)) g->refresh(*m_document);
    rebuildEdges();
}

NodeItem* DesignScene::createNode(const QString& id) {
    if (NodeItem* existing = m_nodes.value(id)) return existing;
    const Item* item = m_document->findItem(id.toStdString());
    if (!item) return nullptr;
    GroupNode* parentNode = nullptr;
    m_creating.insert(id);
    const QString parentId = QString::fromStdString(item->parent);
    if (!parentId.isEmpty() && !m_creating.contains(parentId))
        parentNode = qgraphicsitem_cast<GroupNode*>(createNode(parentId));
    m_creating.remove(id);
    NodeItem* node = item->kind == ItemKind::group ? static_cast<NodeItem*>(new GroupNode(id))
                                                   : static_cast<NodeItem*>(new PartNode(id));
    node->setFlag(QGraphicsItem::ItemIsMovable, m_tool == Tool::select);
    m_nodes.insert(id, node);
    if (parentNode)
        node->setParentItem(parentNode);
    else
        addItem(node);
    node->refresh(*m_document);
    placeNode(id);
    if (parentNode && !m_rebuilding) parentNode->refresh(*m_document);
    return node;
}

void DesignScene::removeNode(const QString& id) {
    NodeItem* node = m_nodes.take(id);
    if (!node) return;
    auto* parentGroup = dynamic_cast<GroupNode*>(node->parentItem());
    for (auto it = m_nodes.begin(); it != m_nodes.end();) {
        if (node->isAncestorOf(it.value()))
            it = m_nodes.erase(it);
        else
            ++it;
    }
    if (m_linkFrom == node) m_linkFrom = nullptr;
    delete node;
    if (parentGroup) parentGroup->refresh(*m_document);
    updateEdges();
}

void DesignScene::refreshNode(const QString& id) {
    NodeItem* node = m_nodes.value(id);
    const Item* item = m_document->findItem(id.toStdString());
    if (!node || !item) return;
    GroupNode* wanted =
        item->parent.empty()
            ? nullptr
            : qgraphicsitem_cast<GroupNode*>(m_nodes.value(QString::fromStdString(item->parent)));
    auto* current = dynamic_cast<GroupNode*>(node->parentItem());
    if (wanted != current) {
        if (wanted)
            node->setParentItem(wanted);
        else {
            node->setParentItem(nullptr);
        }
        if (current) current->refresh(*m_document);
        placeNode(id);
    }
    node->refresh(*m_document);
    if (wanted) wanted->refresh(*m_document);
    rebuildEdges();
}

void DesignScene::placeNode(const QString& id) {
    NodeItem* node = m_nodes.value(id);
    if (!node) return;
    const std::string key = id.toStdString();
    const QPointF pos =
        m_document->hasPosition(key) ? m_document->position(key) : defaultPosition(id);
    if (node->pos() != pos) node->setPos(pos);
    if (m_rebuilding) return;  // the rebuild fits each group once, at the end
    if (auto* g = dynamic_cast<GroupNode*>(node->parentItem())) g->fitToChildren();
    updateEdges();
}

QPointF DesignScene::defaultPosition(const QString& id) const {
    // Items the layout does not place go on a grid, in design order among their siblings.
    const Item* item = m_document->findItem(id.toStdString());
    if (!item) return {};
    if (const auto it = m_tiered.find(item->id); it != m_tiered.end()) return it->second;
    const int index = defaultSlot(*item);
    if (item->parent.empty()) return {(index % 4) * 300.0, 400.0 + (index / 4) * 140.0};
    return {20.0 + (index % 2) * 244.0, GroupNode::kHeaderHeight + 20.0 + (index / 2) * 92.0};
}

int DesignScene::defaultSlot(const Item& item) const {
    // A rebuild numbers every card in one pass; a single new card counts its siblings.
    if (auto it = m_defaultSlots.find(item.id); it != m_defaultSlots.end()) return it->second;
    int index = 0;
    for (const Item& other : m_document->design().hardware.items) {
        if (&other == &item) break;
        if (other.parent == item.parent && !m_document->hasPosition(other.id)) ++index;
    }
    return index;
}

void DesignScene::numberDefaultSlots() {
    m_defaultSlots.clear();
    std::unordered_map<std::string, int> unplacedUnder;  // parent id -> siblings so far
    for (const Item& item : m_document->design().hardware.items) {
        int& siblings = unplacedUnder[item.parent];
        m_defaultSlots.emplace(item.id, siblings);
        if (!m_document->hasPosition(item.id)) ++siblings;
    }
    // A design nobody has drawn (imported, generated, hand-written) is laid out in tiers; the
    // cards' sizes are estimated as defaultPosition() places a group's children.
    const auto& items = m_document->design().hardware.items;
    const bool undrawn = std::none_of(items.begin(), items.end(), [this](const Item& i) {
        return i.parent.empty() && m_document->hasPosition(i.id);
    });
    if (!undrawn || unplacedUnder[""] < 2) return;
    m_tiered = tieredLayout(m_document->design(), [&unplacedUnder](const Item& item) {
        if (item.kind != ItemKind::group)
            return QSizeF(item.kind == ItemKind::fabric ? 260 : 224, 72);
        const int children = unplacedUnder[item.id];
        return QSizeF(20.0 + std::clamp(children, 1, 2) * 244.0,
                      GroupNode::kHeaderHeight + 20.0 + ((children + 1) / 2) * 92.0);
    });
}

void DesignScene::rebuildEdges() {
    for (LinkEdge* edge : m_edges)
        delete edge;
    m_edges.clear();
    const auto& links = m_document->design().hardware.links;
    const catalog::Catalog& catalog = m_document->catalog();
    for (std::size_t i = 0; i < links.size(); ++i) {
        const DesignLink& l = links[i];
        auto* edge = new LinkEdge(i);
        const catalog::Link* entry = catalog.link(l.ref);
        const QString ref = QString::fromStdString(l.ref);
        const QString label = l.count > 1 ? QStringLiteral("%1 ×%2").arg(ref).arg(l.count) : ref;
        QString tip =
            tr("<b>%1</b> → <b>%2</b><br/>%3, %4 lane(s)")
                .arg(QString::fromStdString(l.from), QString::fromStdString(l.to),
                     entry ? QString::fromStdString(entry->name) : tr("unknown link “%1”").arg(ref))
                .arg(l.count);
        edge->setAppearance(label, linkColor(entry), l.count, tip);
        addItem(edge);
        m_edges.push_back(edge);
    }
    updateEdges();
}

NodeItem* DesignScene::visibleNode(const std::string& id) const {
    QGraphicsItem* item = m_nodes.value(QString::fromStdString(id));
    // Inside a collapsed group: attach to the outermost collapsed ancestor.
    NodeItem* visible = item ? static_cast<NodeItem*>(item) : nullptr;
    for (QGraphicsItem* p = item ? item->parentItem() : nullptr; p; p = p->parentItem())
        if (auto* g = qgraphicsitem_cast<GroupNode*>(p); g && g->isCollapsed()) visible = g;
    return visible;
}

void DesignScene::updateEdges() {
    if (m_rebuilding) return;
    const auto& links = m_document->design().hardware.links;
    QHash<QPair<NodeItem*, NodeItem*>, int> total;
    QHash<QPair<NodeItem*, NodeItem*>, int> seen;
    std::vector<QPair<NodeItem*, NodeItem*>> ends(m_edges.size());
    for (std::size_t k = 0; k < m_edges.size(); ++k) {
        const std::size_t i = m_edges[k]->index();
        if (i >= links.size()) continue;
        NodeItem* a = visibleNode(links[i].from);
        NodeItem* b = visibleNode(links[i].to);
        if (a > b) std::swap(a, b);
        ends[k] = {a, b};
        ++total[ends[k]];
    }
    for (std::size_t k = 0; k < m_edges.size(); ++k) {
        LinkEdge* edge = m_edges[k];
        const std::size_t i = edge->index();
        NodeItem* a = i < links.size() ? visibleNode(links[i].from) : nullptr;
        NodeItem* b = i < links.size() ? visibleNode(links[i].to) : nullptr;
        if (!a || !b || a == b) {
            edge->hide();
            continue;
        }
        edge->show();
        const QRectF ra = nodeSceneRect(a);
        const QRectF rb = nodeSceneRect(b);
        // Parallel links between the same two items fan out side by side.
        const int n = total.value(ends[k]);
        const int idx = seen[ends[k]]++;
        QLineF axis(ra.center(), rb.center());
        QPointF normal =
            axis.length() > 0 ? QPointF(-axis.dy(), axis.dx()) / axis.length() : QPointF();
        if (a > b) normal = -normal;
        const QPointF shift = normal * ((idx - (n - 1) / 2.0) * 18.0);
        edge->setEnds(borderPoint(ra, rb.center() + shift, shift),
                      borderPoint(rb, ra.center() + shift, shift));
    }
}

void DesignScene::nodeGeometryChanged(NodeItem* node) {
    if (m_rebuilding) return;
    if (auto* g = dynamic_cast<GroupNode*>(node->parentItem())) g->fitToChildren();
    updateEdges();
}

NodeItem* DesignScene::nodeAt(QPointF scenePos, const NodeItem* excluding) const {
    for (QGraphicsItem* item : items(scenePos)) {
        auto* node = dynamic_cast<NodeItem*>(item);
        if (node && node != excluding && node->isVisible()) return node;
    }
    return nullptr;
}

GroupNode* DesignScene::groupAt(QPointF scenePos, const NodeItem* excluding) const {
    for (QGraphicsItem* item : items(scenePos)) {
        auto* g = qgraphicsitem_cast<GroupNode*>(item);
        if (!g || !g->isVisible() || g->isCollapsed()) continue;
        if (excluding && (g == excluding || excluding->isAncestorOf(g))) continue;
        return g;
    }
    return nullptr;
}

QPointF DesignScene::scenePositionOf(const QString& id) const {
    NodeItem* n = m_nodes.value(id);
    return n ? n->scenePos() : QPointF();
}

void DesignScene::drawBackground(QPainter* painter, const QRectF& rect) {
    const Theme& t = theme();
    painter->fillRect(rect, t.canvas);
    const qreal scale = painter->worldTransform().m11();
    const auto drawGrid = [&](qreal step, const QColor& color) {
        if (step * scale < 6) return;  // too dense to help at this zoom
        painter->setPen(QPen(color, 0));
        const qreal left = std::floor(rect.left() / step) * step;
        const qreal top = std::floor(rect.top() / step) * step;
        QVector<QLineF> lines;
        for (qreal x = left; x < rect.right(); x += step)
            lines << QLineF(x, rect.top(), x, rect.bottom());
        for (qreal y = top; y < rect.bottom(); y += step)
            lines << QLineF(rect.left(), y, rect.right(), y);
        painter->drawLines(lines);
    };
    drawGrid(kGrid, t.gridMinor);
    drawGrid(kGrid * 5, t.gridMajor);
}

}  // namespace infraplan::ui
