#pragma once
// The canvas view: zoom (Ctrl+wheel, actions), pan (middle button or Space+drag), fit,
// rubber-band selection, and drops from the palette, which it hands to the scene as
// importPart(payload, scenePos).

#include <QGraphicsView>
#include <QList>

class QAction;

namespace infraplan::ui {

class DesignScene;

class DesignView : public QGraphicsView {
    Q_OBJECT
public:
    explicit DesignView(DesignScene* scene, QWidget* parent = nullptr);
    DesignScene* designScene() const { return m_scene; }

    void zoomIn();
    void zoomOut();
    void resetZoom();
    void fitAll();
    qreal zoom() const;
    void setContextActions(const QList<QAction*>& actions) { m_contextActions = actions; }
    // Centres the view on an item and selects it (from a warning, a search...).
    void revealItem(const QString& id);

Q_SIGNALS:
    void zoomChanged(qreal zoom);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dragLeaveEvent(QDragLeaveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    void cover(const QRectF& itemsRect);
    void setZoom(qreal zoom, QPointF anchorViewPos = {-1, -1});
    void updateDragMode();

    DesignScene* m_scene;
    QList<QAction*> m_contextActions;
    bool m_spaceHeld = false;
    bool m_panning = false;
    QPoint m_panStart;
};

}  // namespace infraplan::ui
