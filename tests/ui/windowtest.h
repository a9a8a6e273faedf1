#pragma once
// Helpers for the GUI tests that drive a whole MainWindow: open an example and wait for its
// first evaluation, and drag a palette part onto the canvas with real drag-and-drop events.

#include <QApplication>
#include <QDragEnterEvent>
#include <QMimeData>
#include <QTest>
#include <QTreeView>
#include <memory>

#include "ui/canvas/designview.h"
#include "ui/evaluation/evaluator.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/palette/palettewidget.h"
#include "uitest.h"

namespace uitest {

// Opens the example `name` and waits (up to 30 s) until it is shown and evaluated.
inline bool openEvaluated(infraplan::ui::MainWindow& w, const char* name) {
    w.start({example(name), QString(), true});
    return QTest::qWaitForWindowExposed(&w) &&
           QTest::qWaitFor([&w] { return w.evaluator()->latest().has_value(); }, 30000);
}

// Opens an empty design at 1280x800, zoom 100%, the scene point (400, 300) in the middle.
inline bool openEmpty(infraplan::ui::MainWindow& w) {
    w.resize(1280, 800);
    w.start({QString(), QString(), true});
    if (!QTest::qWaitForWindowExposed(&w)) return false;
    w.view()->resetZoom();
    w.view()->centerOn(400, 300);
    return true;
}

// Drags the palette entry `key` and drops it at the scene position `at`.
inline bool dropPart(infraplan::ui::MainWindow& w, const QString& key, QPointF at) {
    const QModelIndex index = w.palette()->findPart(key);
    if (!index.isValid()) return false;
    std::unique_ptr<QMimeData> mime(w.palette()->tree()->model()->mimeData({index}));
    if (!mime) return false;
    QWidget* viewport = w.view()->viewport();
    const QPoint pos = w.view()->mapFromScene(at);
    QDragEnterEvent enter(pos, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &enter);
    if (!enter.isAccepted()) return false;
    QDragMoveEvent move(pos, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &move);
    QDropEvent drop(pos, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(viewport, &drop);
    return drop.isAccepted();
}

}  // namespace uitest
