// A canvas as steady as a diagram editor (issue 16, item 4): the view never jumps when a part
// is dropped or edited, a group's count badge repaints at once, a part dropped on a group's
// header is laid out inside the group clear of the other cards, and one bottleneck marker sits
// at the binding item, painted inside its card's bounds so removing it leaves no remnant.
#include <QFile>
#include <QLabel>
#include <QMimeData>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>
#include <algorithm>

#include "ui/canvas/designscene.h"
#include "ui/canvas/designview.h"
#include "ui/canvas/groupnode.h"
#include "ui/canvas/linkedge.h"
#include "ui/canvas/nodeitem.h"
#include "ui/dashboard/dashboardwidget.h"
#include "ui/document/designdocument.h"
#include "ui/evaluation/evaluator.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/palette/palettewidget.h"
#include "ui/report/reportdocument.h"
#include "ui/report/reportformat.h"
#include "windowtest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

using uitest::dropPart;

int markedNodes(MainWindow& w, QString* which = nullptr) {
    int marked = 0;
    for (QGraphicsItem* item : w.scene()->items())
        if (auto* node = dynamic_cast<NodeItem*>(item); node && node->isBottleneck()) {
            ++marked;
            if (which) *which = node->id();
        }
    return marked;
}

}  // namespace

class TestCanvasSteady : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_dir); }

    void viewNeverJumpsOnDropOrEdit() {
        MainWindow w;
        QVERIFY(uitest::openEmpty(w));
        const QPoint origin = w.view()->mapFromScene(QPointF(0, 0));
        QVERIFY(dropPart(w, QStringLiteral("nvidia-h100-sxm"), QPointF(300, 200)));
        QCoreApplication::processEvents();
        QCOMPARE(w.view()->mapFromScene(QPointF(0, 0)), origin);
        QVERIFY(dropPart(w, QStringLiteral("nvidia-nvswitch-gen3"), QPointF(700, 450)));
        QVERIFY(dropPart(w, QStringLiteral("group:server"), QPointF(120, 500)));
        QCoreApplication::processEvents();
        QCOMPARE(w.view()->mapFromScene(QPointF(0, 0)), origin);
        // An edit (count) and an undo leave the view where it was too.
        Item first = w.document()->design().hardware.items.front();
        first.count = 4;
        w.document()->setItem(first, QStringLiteral("Set count"));
        w.document()->undoStack()->undo();
        QCoreApplication::processEvents();
        QCOMPARE(w.view()->mapFromScene(QPointF(0, 0)), origin);
    }

    void groupCountBadgeRepaintsAtOnce() {
        MainWindow w;
        QVERIFY(uitest::openEmpty(w));
        QVERIFY(dropPart(w, QStringLiteral("group:server"), QPointF(300, 200)));
        const QString id = w.scene()->selectedIds().value(0);
        auto* group = qgraphicsitem_cast<GroupNode*>(w.scene()->node(id));
        QVERIFY(group);
        QCoreApplication::processEvents();
        QSignalSpy repainted(w.scene(), &QGraphicsScene::changed);
        Item item = *w.document()->design().findItem(id.toStdString());
        item.count = 4;
        w.document()->setItem(item, QStringLiteral("Set count"));
        QTRY_VERIFY(!repainted.isEmpty());
        const QRectF header = group->mapRectToScene(
            QRectF(group->frameRect().topLeft(),
                   QSizeF(group->frameRect().width(), GroupNode::kHeaderHeight)));
        bool covered = false;
        for (const QList<QVariant>& signal : repainted)
            for (const QRectF& r : signal.at(0).value<QList<QRectF>>())
                covered |= r.intersects(header);
        QVERIFY(covered);
    }

    void dropOnAGroupHeaderLaysThePartOutInside() {
        MainWindow w;
        QVERIFY(uitest::openEmpty(w));
        QVERIFY(dropPart(w, QStringLiteral("group:server"), QPointF(300, 200)));
        const QString groupId = w.scene()->selectedIds().value(0);
        auto* group = qgraphicsitem_cast<GroupNode*>(w.scene()->node(groupId));
        const QPointF body = group->mapToScene(group->frameRect().center() + QPointF(0, 20));
        QVERIFY(dropPart(w, QStringLiteral("nvidia-h100-sxm"), body));
        const QPointF header = group->mapToScene(
            QPointF(group->frameRect().center().x(), GroupNode::kHeaderHeight / 2));
        QVERIFY(dropPart(w, QStringLiteral("nvidia-connectx-7"), header));
        QList<NodeItem*> children;
        for (QGraphicsItem* child : group->childItems())
            if (auto* node = dynamic_cast<NodeItem*>(child)) children << node;
        QCOMPARE(children.size(), 2);
        const QRectF a = children[0]->mapRectToParent(children[0]->boundingRect());
        const QRectF b = children[1]->mapRectToParent(children[1]->boundingRect());
        QVERIFY(!a.intersects(b));
        for (const QRectF& r : {a, b})
            QVERIFY(r.top() >= GroupNode::kHeaderHeight);
    }

    void oneBottleneckMarkerPaintedInsideItsCard() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "hand-drawn-cxl.json"));
        const Evaluation& e = *w.evaluator()->latest();
        int withItems = 0;
        for (const Bottleneck& b : e.results.bottlenecks)
            withItems += b.item_id.empty() ? 0 : 1;
        QVERIFY(withItems >= 2);  // several bottlenecks name items; one is marked
        QString marked;
        QCOMPARE(markedNodes(w, &marked), 1);
        QCOMPARE(marked, bindingBottleneckItem(e.results.bottlenecks));
        // The badge straddles the card's top edge (from 9 px above it): inside the bounds.
        NodeItem* node = w.scene()->node(marked);
        QVERIFY(node->boundingRect().top() <= -9 - 1);
        // A compute-bound step marks nothing: being compute-bound is where it should be.
        Bottleneck compute;
        compute.phase = BottleneckPhase::compute;
        compute.item_id = "gpu";
        compute.share_of_time = 0.9;
        QVERIFY(bindingBottleneckItem({compute}).isEmpty());
    }

    // The marker and the report's summary read one rule: core's leading bottleneck, the first
    // of the results' list. On this design compute takes the largest share (what the report
    // used to name) while what is worth relieving, and marked, is a warning's item.
    void markerAndReportNameCoresLeadingBottleneck() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        const Evaluation& e = *w.evaluator()->latest();
        const std::vector<Bottleneck>& list = e.results.bottlenecks;
        QVERIFY(list.size() >= 2);
        const auto largest = std::max_element(list.begin(), list.end(),
                                              [](const Bottleneck& a, const Bottleneck& b) {
                                                  return a.share_of_time < b.share_of_time;
                                              });
        QCOMPARE(largest->phase, BottleneckPhase::compute);
        const Bottleneck& leading = list.front();
        QCOMPARE(severityOf(leading), BottleneckSeverity::warning);
        QVERIFY(!leading.item_id.empty());
        QString marked;
        QCOMPARE(markedNodes(w, &marked), 1);
        QCOMPARE(marked, QString::fromStdString(leading.item_id));
        const report::ReportHtml r = report::buildReportHtml(
            {w.document()->design(), w.document()->catalog(), e.json, QString()});
        const QString named =
            QStringLiteral("<b>Leading bottleneck:</b> %1 (%2)")
                .arg(report::escaped(leading.resource), report::escaped(toString(leading.phase)));
        QVERIFY2(r.html.contains(named), qPrintable(named));
        // Hovering the marked card says why it is red before what it is.
        const QString tip = w.scene()->node(marked)->toolTip();
        QVERIFY2(tip.startsWith(QStringLiteral("<p><b>Bottleneck:</b> ") +
                                QString::fromStdString(leading.resource)),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QLatin1String("of the time")), qPrintable(tip));
    }

    // A design nobody drew (no layout) opens in tiers: the spine above the leaf, the leaf
    // above the server group, the memory pool at the bottom; View > Arrange Automatically lays
    // a drawn one out so, as one undo step.
    void undrawnDesignsOpenInTiersAndArrangeIsUndoable() {
        QFile source(uitest::example("hand-drawn-cxl.json"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        nlohmann::json undrawn = nlohmann::json::parse(source.readAll().toStdString());
        undrawn.erase("layout");
        const QString path = m_dir.filePath(QStringLiteral("undrawn.json"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QByteArray::fromStdString(undrawn.dump()));
        out.close();
        MainWindow w;
        QVERIFY(w.openFile(path));
        auto y = [&w](const char* id) {
            return w.scene()->node(QString::fromLatin1(id))->scenePos().y();
        };
        QVERIFY(y("spine") < y("leaf"));
        QVERIFY(y("leaf") < y("server"));
        QVERIFY(y("server") < y("pool"));
        QVERIFY(!w.scene()
                     ->node(QStringLiteral("server"))
                     ->sceneBoundingRect()
                     .intersects(w.scene()->node(QStringLiteral("pool"))->sceneBoundingRect()));
        QVERIFY(!w.document()->isModified());  // laid out, not edited

        QVERIFY(w.openFile(uitest::example("hand-drawn-cxl.json")));
        const std::string first = "spine";
        const QPointF before = w.document()->position(first);
        QAction* arrange = w.findChild<QAction*>(QStringLiteral("arrange"));
        QVERIFY(arrange);
        const int steps = w.document()->undoStack()->count();
        arrange->trigger();
        QCOMPARE(w.document()->undoStack()->count(), steps + 1);
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->position(first), before);
    }

    void linkTooltipAndInspectorExplainTheLoad() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        LinkEdge* loaded = nullptr;
        for (QGraphicsItem* item : w.scene()->items())
            if (auto* edge = qgraphicsitem_cast<LinkEdge*>(item); edge && edge->utilization() >= 0)
                loaded = edge;
        QVERIFY(loaded);
        // The tooltip says how busy, during which collective, and why the colour.
        QVERIFY2(loaded->toolTip().contains(QLatin1String("busy during")),
                 qPrintable(loaded->toolTip()));
        if (loaded->utilization() > 0.85) QVERIFY(loaded->toolTip().contains(QLatin1String("Red")));
        w.scene()->clearSelection();
        loaded->setSelected(true);
        auto* utilization = w.findChild<QLabel*>(QStringLiteral("linkUtilization"));
        QTRY_VERIFY(utilization);
        QVERIFY2(utilization->text().endsWith(QLatin1String("%")), qPrintable(utilization->text()));
    }
};

QTEST_MAIN(TestCanvasSteady)
#include "tst_canvas_steady.moc"
