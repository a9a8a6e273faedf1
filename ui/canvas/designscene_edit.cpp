// DesignScene, part two: the user's gestures and commands (drop, drag, connect, delete,
// copy/paste, group). Each becomes one DesignDocument edit.
#include <QClipboard>
#include <QGraphicsLineItem>
#include <QGraphicsSceneMouseEvent>
#include <QGuiApplication>
#include <QMimeData>

#include "core/topology/wiring.h"
#include "ui/app/theme.h"
#include "ui/canvas/autolayout.h"
#include "ui/canvas/clipboard.h"
#include "ui/canvas/designscene.h"
#include "ui/canvas/groupnode.h"
#include "ui/canvas/linkedge.h"
#include "ui/canvas/nodeitem.h"
#include "ui/document/designdocument.h"

namespace infraplan::ui {

QString DesignScene::importPart(const PartPayload& payload, QPointF scenePos) {
    const catalog::Catalog& catalog = m_document->catalog();
    Item item = makeItem(payload, catalog);
    if (!item.ref.empty() && !catalog.entry(item.ref)) {
        Q_EMIT message(tr("The catalog has no part “%1”.").arg(QString::fromStdString(item.ref)));
        return {};
    }
    // The drop point is the card's centre.
    const QPointF half = item.kind == ItemKind::group ? QPointF(130, GroupNode::kHeaderHeight / 2)
                         : item.kind == ItemKind::fabric ? QPointF(130, 36)
                                                         : QPointF(112, 36);
    QPointF pos = scenePos - half;
    if (GroupNode* group = groupAt(scenePos)) {
        item.parent = group->id().toStdString();
        pos = group->freeSlot(QSizeF(2 * half.x(), 2 * half.y()), group->mapFromScene(pos));
    }
    const QString id = m_document->addItem(std::move(item), snap(pos));
    selectIds({id});
    return id;
}

void DesignScene::highlightDropTarget(QPointF scenePos) {
    GroupNode* target = scenePos.isNull() ? nullptr : groupAt(scenePos);
    if (target == m_dropTarget) return;
    if (m_dropTarget) m_dropTarget->setDropTarget(false);
    m_dropTarget = target;
    if (m_dropTarget) m_dropTarget->setDropTarget(true);
}

void DesignScene::deleteSelection() {
    const QStringList ids = selectedIds();
    const std::vector<std::size_t> links = selectedLinks();
    if (ids.isEmpty() && links.empty()) return;
    m_document->removeItems(ids, links);
}

void DesignScene::copySelection() {
    const QByteArray data = copyParts(*m_document, selectedIds(),
                                      [this](const QString& id) { return scenePositionOf(id); });
    if (data.isEmpty()) return;
    auto* mime = new QMimeData;
    mime->setData(QString::fromLatin1(kPartsMimeType), data);
    mime->setText(QString::fromUtf8(data));
    QGuiApplication::clipboard()->setMimeData(mime);
    m_pasteCount = 0;
}

void DesignScene::paste() {
    const QMimeData* mime = QGuiApplication::clipboard()->mimeData();
    if (!mime || !mime->hasFormat(QString::fromLatin1(kPartsMimeType))) return;
    ++m_pasteCount;
    const QStringList ids = pasteParts(*m_document, mime->data(QString::fromLatin1(kPartsMimeType)),
                                       QPointF(40, 40) * m_pasteCount, tr("Paste"));
    selectIds(ids);
}

void DesignScene::duplicateSelection() {
    const QByteArray data = copyParts(*m_document, selectedIds(),
                                      [this](const QString& id) { return scenePositionOf(id); });
    if (data.isEmpty()) return;
    selectIds(pasteParts(*m_document, data, QPointF(40, 40), tr("Duplicate")));
}

void DesignScene::nudgeSelection(QPointF delta) {
    QHash<QString, QPointF> positions;
    for (QGraphicsItem* item : selectedItems()) {
        auto* node = dynamic_cast<NodeItem*>(item);
        if (!node) continue;
        bool ancestorSelected = false;
        for (QGraphicsItem* p = node->parentItem(); p; p = p->parentItem())
            ancestorSelected = ancestorSelected || p->isSelected();
        if (!ancestorSelected) positions.insert(node->id(), node->pos() + delta);
    }
    m_document->moveItems(positions);
}

void DesignScene::groupSelection() {
    QStringList ids;
    for (const QString& id : selectedIds()) {
        bool ancestorSelected = false;
        for (QGraphicsItem* p = m_nodes.value(id)->parentItem(); p; p = p->parentItem())
            ancestorSelected = ancestorSelected || p->isSelected();
        if (!ancestorSelected) ids << id;
    }
    if (ids.isEmpty()) return;
    const QString group = m_document->groupItems(ids, "server");
    if (group.isEmpty())
        Q_EMIT message(tr("Only parts that sit in the same group can be grouped together."));
    else
        selectIds({group});
}

void DesignScene::ungroupSelection() {
    for (const QString& id : selectedIds()) {
        QString error;
        if (qgraphicsitem_cast<GroupNode*>(m_nodes.value(id)) && !m_document->ungroup(id, &error) &&
            !error.isEmpty())
            Q_EMIT message(error);
    }
}

void DesignScene::toggleCollapsed(const QString& id) {
    m_document->setCollapsed(id, !m_document->isCollapsed(id.toStdString()));
}

void DesignScene::arrange() {
    const auto placed = tieredLayout(m_document->design(), [this](const Item& item) {
        const NodeItem* node = m_nodes.value(QString::fromStdString(item.id));
        return node ? node->boundingRect().size() : QSizeF(224, 72);
    });
    QHash<QString, QPointF> positions;
    for (const auto& [id, at] : placed)
        positions.insert(QString::fromStdString(id), at);
    if (!positions.isEmpty()) m_document->moveItems(positions);
}

void DesignScene::setBottleneck(const QString& id, const QString& why) {
    for (NodeItem* n : std::as_const(m_nodes))
        n->setBottleneck(n->id() == id, why);
}

QString DesignScene::linkKey(const std::string& a, const std::string& b) {
    return a < b ? QString::fromStdString(a + '\n' + b) : QString::fromStdString(b + '\n' + a);
}

void DesignScene::setLinkLoads(const QHash<QString, LinkLoad>& loads) {
    const auto& links = m_document->design().hardware.links;
    for (LinkEdge* edge : m_edges) {
        if (edge->index() >= links.size()) continue;
        const DesignLink& l = links[edge->index()];
        const LinkLoad load = loads.value(linkKey(l.from, l.to));
        edge->setLoad(load.utilization, loadText(load));
    }
}

void DesignScene::mousePressEvent(QGraphicsSceneMouseEvent* event) {
    if (m_tool == Tool::connect && event->button() == Qt::LeftButton) {
        m_linkFrom = nodeAt(event->scenePos());
        if (m_linkFrom) {
            m_rubberLink = addLine(QLineF(event->scenePos(), event->scenePos()),
                                   QPen(theme().accent, 2, Qt::DashLine, Qt::RoundCap));
            m_rubberLink->setZValue(100);
        }
        event->accept();
        return;
    }
    QGraphicsScene::mousePressEvent(event);
    if (event->button() != Qt::LeftButton) return;
    m_pressPositions.clear();
    for (QGraphicsItem* item : selectedItems()) {
        auto* node = dynamic_cast<NodeItem*>(item);
        if (!node) continue;
        bool ancestorSelected = false;
        for (QGraphicsItem* p = node->parentItem(); p; p = p->parentItem())
            ancestorSelected = ancestorSelected || p->isSelected();
        if (!ancestorSelected) m_pressPositions.insert(node->id(), node->pos());
    }
    m_dragging = mouseGrabberItem() != nullptr;
}

void DesignScene::mouseMoveEvent(QGraphicsSceneMouseEvent* event) {
    if (m_tool == Tool::connect) {
        if (m_rubberLink) {
            QLineF line = m_rubberLink->line();
            line.setP2(event->scenePos());
            m_rubberLink->setLine(line);
        }
        event->accept();
        return;
    }
    QGraphicsScene::mouseMoveEvent(event);
    if (m_dragging && m_pressPositions.size() == 1) {
        NodeItem* moving = m_nodes.value(m_pressPositions.begin().key());
        GroupNode* target = groupAt(event->scenePos(), moving);
        if (target != m_dropTarget) {
            if (m_dropTarget) m_dropTarget->setDropTarget(false);
            m_dropTarget = target;
            if (target) target->setDropTarget(true);
        }
    }
}

void DesignScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event) {
    if (m_tool == Tool::connect) {
        if (m_rubberLink) {
            delete m_rubberLink;
            m_rubberLink = nullptr;
        }
        NodeItem* to = m_linkFrom ? nodeAt(event->scenePos(), m_linkFrom) : nullptr;
        if (m_linkFrom && to) connectDrawn(m_linkFrom->id(), to->id());
        m_linkFrom = nullptr;
        event->accept();
        return;
    }
    QGraphicsScene::mouseReleaseEvent(event);
    if (event->button() == Qt::LeftButton && m_dragging) {
        m_dragging = false;
        highlightDropTarget({});
        finishMove(event->scenePos());
    }
}

void DesignScene::connectDrawn(const QString& fromId, const QString& toId) {
    const Design& design = m_document->design();
    const catalog::Catalog& catalog = m_document->catalog();
    const Item* a = design.findItem(fromId.toStdString());
    const Item* b = design.findItem(toId.toStdString());
    if (!a || !b || a == b) return;
    DesignLink link;
    link.from = a->id;
    link.to = b->id;
    link.ref = m_linkRef.empty() ? suggestLinkKind(*a, *b, catalog) : m_linkRef;
    if (link.ref.empty()) {
        Q_EMIT message(tr("The catalog has no link type for this connection."));
        return;
    }
    link.count = defaultLanes(*a, *b, link.ref, catalog);
    Diagnostics wiring;
    checkLinkWiring(ItemIndex(design), link, linkPointer(design.hardware.links.size()), catalog,
                    wiring);
    const QString text = QString::fromStdString(wiring.toString()).trimmed();
    if (wiring.hasErrors()) {
        Q_EMIT message(tr("Not connected: %1").arg(text));
        return;
    }
    m_document->connectItems(link);
    if (!text.isEmpty()) Q_EMIT message(text);
}

void DesignScene::finishMove(QPointF releasePos) {
    QHash<QString, QPointF> moved;
    for (auto it = m_pressPositions.begin(); it != m_pressPositions.end(); ++it) {
        NodeItem* node = m_nodes.value(it.key());
        if (node && node->pos() != it.value()) moved.insert(it.key(), node->pos());
    }
    m_pressPositions.clear();
    if (moved.isEmpty()) return;
    if (moved.size() == 1) {
        // One item dropped onto another group (or out onto the canvas) changes its parent.
        const QString id = moved.begin().key();
        NodeItem* node = m_nodes.value(id);
        const Item* item = m_document->findItem(id.toStdString());
        GroupNode* target = groupAt(releasePos, node);
        const QString parent = target ? target->id() : QString();
        if (item && parent != QString::fromStdString(item->parent)) {
            const QPointF pos =
                snap(target ? target->mapFromScene(node->scenePos()) : node->scenePos());
            if (m_document->reparentItem(id, parent, pos)) return;
        }
    }
    m_document->moveItems(moved);
}

}  // namespace infraplan::ui
