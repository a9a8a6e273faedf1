#include "ui/canvas/designview.h"

#include <QContextMenuEvent>
#include <QDragEnterEvent>
#include <QMenu>
#include <QMimeData>
#include <QScrollBar>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

#include "ui/canvas/designscene.h"
#include "ui/canvas/nodeitem.h"

namespace infraplan::ui {
namespace {
constexpr qreal kMinZoom = 0.1;
constexpr qreal kMaxZoom = 4.0;
constexpr qreal kCanvasHalfExtent = 50000;
}  // namespace

DesignView::DesignView(DesignScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent), m_scene(scene) {
    setObjectName(QStringLiteral("designView"));
    setAccessibleName(tr("Design canvas"));
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing |
                   QPainter::SmoothPixmapTransform);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setAcceptDrops(true);
    setFrameShape(QFrame::NoFrame);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    // A canvas far larger than any design: with the scene rect following the items, each drop
    // grew it and the view re-centred (a small scene is centred in the viewport), so the
    // design jumped under the mouse. It only ever grows, and then without moving the view.
    setSceneRect(-kCanvasHalfExtent, -kCanvasHalfExtent, 2 * kCanvasHalfExtent,
                 2 * kCanvasHalfExtent);
    connect(scene, &QGraphicsScene::sceneRectChanged, this, &DesignView::cover);
    updateDragMode();
}

void DesignView::cover(const QRectF& itemsRect) {
    // The scene's own rect: the largest extent its items ever had.
    const QRectF items = itemsRect.adjusted(-2000, -2000, 2000, 2000);
    if (sceneRect().contains(items)) return;
    const QPointF centre = mapToScene(viewport()->rect().center());
    setSceneRect(sceneRect().united(items));
    centerOn(centre);
}

qreal DesignView::zoom() const {
    return transform().m11();
}

void DesignView::setZoom(qreal zoom, QPointF anchor) {
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    const qreal factor = zoom / this->zoom();
    if (std::abs(factor - 1) < 1e-6) return;
    const auto oldAnchor = transformationAnchor();
    if (anchor.x() < 0) setTransformationAnchor(QGraphicsView::AnchorViewCenter);
    scale(factor, factor);
    setTransformationAnchor(oldAnchor);
    Q_EMIT zoomChanged(this->zoom());
}

void DesignView::zoomIn() {
    setZoom(zoom() * 1.25);
}
void DesignView::zoomOut() {
    setZoom(zoom() / 1.25);
}
void DesignView::resetZoom() {
    setZoom(1.0);
}

void DesignView::fitAll() {
    QRectF bounds;
    for (QGraphicsItem* item : m_scene->items())
        if (dynamic_cast<NodeItem*>(item) && item->isVisible()) bounds |= item->sceneBoundingRect();
    if (bounds.isEmpty()) {
        resetTransform();
        centerOn(0, 0);
        Q_EMIT zoomChanged(zoom());
        return;
    }
    bounds.adjust(-60, -60, 60, 60);
    fitInView(bounds, Qt::KeepAspectRatio);
    if (zoom() > 1.0) setZoom(1.0);
    centerOn(bounds.center());
    Q_EMIT zoomChanged(zoom());
}

void DesignView::revealItem(const QString& id) {
    NodeItem* node = m_scene->node(id);
    if (!node) return;
    m_scene->selectIds({id});
    ensureVisible(node, 80, 80);
}

void DesignView::updateDragMode() {
    if (m_spaceHeld)
        setDragMode(QGraphicsView::ScrollHandDrag);
    else
        setDragMode(m_scene->tool() == DesignScene::Tool::select ? QGraphicsView::RubberBandDrag
                                                                 : QGraphicsView::NoDrag);
    viewport()->setCursor(m_scene->tool() == DesignScene::Tool::connect ? Qt::CrossCursor
                                                                        : Qt::ArrowCursor);
}

void DesignView::wheelEvent(QWheelEvent* event) {
    if (event->modifiers() & Qt::ControlModifier) {
        const qreal steps = event->angleDelta().y() / 120.0;
        setZoom(zoom() * std::pow(1.15, steps), event->position());
        event->accept();
        return;
    }
    QGraphicsView::wheelEvent(event);
}

void DesignView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::MiddleButton) {
        m_panning = true;
        m_panStart = event->pos();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    updateDragMode();
    QGraphicsView::mousePressEvent(event);
}

void DesignView::mouseMoveEvent(QMouseEvent* event) {
    if (m_panning) {
        const QPoint delta = event->pos() - m_panStart;
        m_panStart = event->pos();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void DesignView::mouseReleaseEvent(QMouseEvent* event) {
    if (m_panning && event->button() == Qt::MiddleButton) {
        m_panning = false;
        updateDragMode();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void DesignView::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = true;
        updateDragMode();
        return;
    }
    const qreal step = (event->modifiers() & Qt::ShiftModifier) ? 1 : DesignScene::kGrid;
    QPointF delta;
    switch (event->key()) {
        case Qt::Key_Left:
            delta = {-step, 0};
            break;
        case Qt::Key_Right:
            delta = {step, 0};
            break;
        case Qt::Key_Up:
            delta = {0, -step};
            break;
        case Qt::Key_Down:
            delta = {0, step};
            break;
        default:
            break;
    }
    if (!delta.isNull() && !m_scene->selectedIds().isEmpty()) {
        m_scene->nudgeSelection(delta);
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void DesignView::keyReleaseEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = false;
        updateDragMode();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void DesignView::dragEnterEvent(QDragEnterEvent* event) {
    if (PartPayload::fromMime(event->mimeData())) {
        event->acceptProposedAction();
        return;
    }
    event->ignore();
}

void DesignView::dragMoveEvent(QDragMoveEvent* event) {
    if (PartPayload::fromMime(event->mimeData())) {
        m_scene->highlightDropTarget(mapToScene(event->position().toPoint()));
        event->acceptProposedAction();
        return;
    }
    event->ignore();
}

void DesignView::dragLeaveEvent(QDragLeaveEvent* event) {
    m_scene->highlightDropTarget({});
    event->accept();
}

void DesignView::dropEvent(QDropEvent* event) {
    m_scene->highlightDropTarget({});
    const auto payload = PartPayload::fromMime(event->mimeData());
    if (!payload) {
        event->ignore();
        return;
    }
    m_scene->importPart(*payload, mapToScene(event->position().toPoint()));
    event->acceptProposedAction();
    setFocus();
}

void DesignView::contextMenuEvent(QContextMenuEvent* event) {
    if (m_contextActions.isEmpty()) return;
    QGraphicsItem* item = itemAt(event->pos());
    if (item && !item->isSelected()) {
        m_scene->clearSelection();
        item->setSelected(true);
    }
    QMenu menu(this);
    menu.addActions(m_contextActions);
    menu.exec(event->globalPos());
}

}  // namespace infraplan::ui
