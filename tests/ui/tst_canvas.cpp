// The planner driven as a user drives it: drag parts from the palette onto the canvas (the
// synthetic drag events Qt's own tests use, sent to the view's viewport), draw a link, move,
// delete, copy/paste, change a strategy value, save and reopen, recover after a crash.
#include <QComboBox>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QTreeView>
#include <QUndoStack>

#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "ui/canvas/designscene.h"
#include "ui/canvas/designview.h"
#include "ui/canvas/groupnode.h"
#include "ui/canvas/linkedge.h"
#include "ui/canvas/nodeitem.h"
#include "ui/compare/comparedialog.h"
#include "ui/dashboard/dashboardwidget.h"
#include "ui/dashboard/metriccard.h"
#include "ui/document/designdocument.h"
#include "ui/document/recoverystore.h"
#include "ui/evaluation/evaluator.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/palette/palettemodel.h"
#include "ui/palette/palettewidget.h"
#include "ui/panels/strategypanel.h"
#include "windowtest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

using uitest::dropPart;

void mouse(QWidget* w, QEvent::Type type, QPoint pos, Qt::MouseButtons buttons) {
    QMouseEvent e(type, pos, w->mapToGlobal(pos),
                  type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons,
                  Qt::NoModifier);
    QApplication::sendEvent(w, &e);
}

// Presses on `from`, moves in steps, releases on `to` (scene coordinates).
void drag(MainWindow& w, QPointF from, QPointF to) {
    QWidget* vp = w.view()->viewport();
    const QPoint a = w.view()->mapFromScene(from);
    const QPoint b = w.view()->mapFromScene(to);
    mouse(vp, QEvent::MouseButtonPress, a, Qt::LeftButton);
    for (int i = 1; i <= 5; ++i)
        mouse(vp, QEvent::MouseMove, a + (b - a) * i / 5, Qt::LeftButton);
    mouse(vp, QEvent::MouseButtonRelease, b, Qt::NoButton);
}

QPointF centreOf(MainWindow& w, const QString& id) {
    NodeItem* n = w.scene()->node(id);
    return n ? n->sceneBoundingRect().center() : QPointF();
}

}  // namespace

class TestCanvas : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_dir); }

    void dropFromPaletteThenUndo() {
        MainWindow w;
        QVERIFY(uitest::openEmpty(w));
        const std::size_t before = w.document()->design().hardware.items.size();
        QVERIFY(dropPart(w, QStringLiteral("nvidia-h100-sxm"), QPointF(300, 200)));
        const auto& items = w.document()->design().hardware.items;
        QCOMPARE(items.size(), before + 1);
        QCOMPARE(items.back().ref, std::string("nvidia-h100-sxm"));
        QCOMPARE(items.back().kind, ItemKind::accelerator);
        const QString id = QString::fromStdString(items.back().id);
        QVERIFY(w.scene()->node(id));
        QCOMPARE(w.scene()->selectedIds(), QStringList{id});
        // The card is centred on the drop point, on the grid.
        const QPointF pos = w.document()->position(id.toStdString());
        QCOMPARE(std::fmod(pos.x(), DesignScene::kGrid), 0.0);
        QVERIFY(w.isWindowModified());
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->design().hardware.items.size(), before);
        QVERIFY(!w.scene()->node(id));
        QVERIFY(!w.isWindowModified());
    }

    void dropIntoAGroup() {
        MainWindow w;
        QVERIFY(uitest::openEmpty(w));
        QVERIFY(dropPart(w, QStringLiteral("group:server"), QPointF(300, 200)));
        const QString group = w.scene()->selectedIds().value(0);
        auto* node = qgraphicsitem_cast<GroupNode*>(w.scene()->node(group));
        QVERIFY(node);
        const QPointF inside = node->mapToScene(node->frameRect().center() + QPointF(0, 10));
        QVERIFY(dropPart(w, QStringLiteral("nvidia-connectx-7"), inside));
        const Item& nic = w.document()->design().hardware.items.back();
        QCOMPARE(QString::fromStdString(nic.parent), group);
        QCOMPARE(w.scene()->node(QString::fromStdString(nic.id))->parentItem(), node);
    }

    void drawALinkWithTheLinkTool() {
        MainWindow w;
        QVERIFY(uitest::openEmpty(w));
        QVERIFY(dropPart(w, QStringLiteral("nvidia-h100-sxm"), QPointF(200, 200)));
        QVERIFY(dropPart(w, QStringLiteral("nvidia-nvswitch-gen3"), QPointF(600, 200)));
        const auto& items = w.document()->design().hardware.items;
        const QString a = QString::fromStdString(items[items.size() - 2].id);
        const QString b = QString::fromStdString(items.back().id);
        w.scene()->setTool(DesignScene::Tool::connect);
        drag(w, centreOf(w, a), centreOf(w, b));
        QCOMPARE(w.document()->design().hardware.links.size(), std::size_t(1));
        const DesignLink& link = w.document()->design().hardware.links[0];
        QCOMPARE(QString::fromStdString(link.from), a);
        QCOMPARE(QString::fromStdString(link.to), b);
        QCOMPARE(link.ref, std::string("nvlink-4"));  // the H100's scale-up link to an NVSwitch
        QCOMPARE(w.scene()->edges().size(), std::size_t(1));
        QVERIFY(w.scene()->edges()[0]->isVisible());
        QVERIFY(w.document()->undoStack()->undoText().startsWith(QStringLiteral("Connect")));
        w.document()->undoStack()->undo();
        QVERIFY(w.document()->design().hardware.links.empty());
        QVERIFY(w.scene()->edges().empty());
    }

    // Wiring rules from the catalog (issue #16 item 5): a DGX H100 drawn to a leaf gets its
    // NIC link and its 8 NDR ports as lanes; a bare chip drawn to the node is refused with the
    // validation message; undo removes the link.
    void lanesDefaultFromPorts() {
        MainWindow w;
        QVERIFY(uitest::openEmpty(w));
        QVERIFY(dropPart(w, QStringLiteral("nvidia-dgx-h100"), QPointF(200, 200)));
        QVERIFY(dropPart(w, QStringLiteral("nvidia-quantum-2-qm9700"), QPointF(600, 200)));
        QVERIFY(dropPart(w, QStringLiteral("nvidia-h100-sxm"), QPointF(200, 500)));
        const auto& items = w.document()->design().hardware.items;
        const auto id = [&](std::size_t back) {
            return QString::fromStdString(items[items.size() - back].id);
        };
        const QString dgx = id(3), leaf = id(2), chip = id(1);
        const auto& links = w.document()->design().hardware.links;
        w.scene()->setTool(DesignScene::Tool::connect);
        drag(w, centreOf(w, dgx), centreOf(w, leaf));
        QCOMPARE(links.size(), std::size_t(1));
        QCOMPARE(links[0].ref, std::string("ib-ndr-400"));  // the node's nic_link
        QCOMPARE(links[0].count, 8LL);                      // 8 ConnectX-7 ports
        QCOMPARE(w.scene()->edges().size(), std::size_t(1));
        QSignalSpy messages(w.scene(), &DesignScene::message);
        drag(w, centreOf(w, chip), centreOf(w, dgx));
        QCOMPARE(links.size(), std::size_t(1));  // refused, not silently added
        QCOMPARE(messages.count(), 1);
        const QString said = messages.at(0).at(0).toString();
        QVERIFY2(said.contains(QStringLiteral("/hardware/links/1/from")) &&
                     said.contains(QStringLiteral("has no ib-ndr-400 port")),
                 qPrintable(said));
        w.document()->undoStack()->undo();
        QVERIFY(links.empty());
        QVERIFY(w.scene()->edges().empty());
    }

    void draggingMovesOnlyTheLayout() {
        MainWindow w;
        w.start({uitest::example("hand-drawn-cxl.json"), QString(), true});
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        nlohmann::json semantic = designToJson(w.document()->design());
        semantic.erase("layout");
        const QPointF before = w.document()->position("spine");
        const QPointF from = centreOf(w, QStringLiteral("spine"));
        drag(w, from, from + QPointF(200, 40));
        const QPointF after = w.document()->position("spine");
        QVERIFY(after != before);
        QCOMPARE(std::fmod(after.x(), DesignScene::kGrid), 0.0);  // snapped
        nlohmann::json now = designToJson(w.document()->design());
        now.erase("layout");
        QVERIFY(now == semantic);
        QVERIFY(w.document()->undoStack()->undoText().startsWith(QStringLiteral("Move")));
        w.document()->undoStack()->undo();
        QCOMPARE(w.document()->position("spine"), before);
        QCOMPARE(w.scene()->node(QStringLiteral("spine"))->pos(), before);
    }

    void deleteCopyPasteDuplicate() {
        MainWindow w;
        w.start({uitest::example("hand-drawn-cxl.json"), QString(), true});
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const nlohmann::json before = designToJson(w.document()->design());
        w.scene()->selectIds({QStringLiteral("server")});
        w.scene()->duplicateSelection();
        const QStringList copies = w.scene()->selectedIds();
        QCOMPARE(copies.size(), 1);
        QVERIFY(copies.front() != QStringLiteral("server"));
        // The copy brings its four parts and the links among them.
        int inside = 0;
        for (const Item& i : w.document()->design().hardware.items)
            inside += i.parent == copies.front().toStdString();
        QCOMPARE(inside, 4);
        w.scene()->copySelection();
        w.scene()->paste();
        QCOMPARE(w.document()->design().hardware.items.size(), std::size_t(8 + 5 + 5));
        w.scene()->deleteSelection();
        QCOMPARE(w.document()->design().hardware.items.size(), std::size_t(8 + 5));
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        w.document()->undoStack()->undo();
        QVERIFY(designToJson(w.document()->design()) == before);
    }

    void strategyChangeUpdatesResults() {
        MainWindow w;
        w.start({uitest::example("dgx-h100-training.json"), QString(), true});
        QSignalSpy evaluated(w.evaluator(), &Evaluator::evaluated);
        QTRY_VERIFY(w.evaluator()->latest().has_value());
        const quint64 first = w.evaluator()->latest()->generation;
        const nlohmann::json::json_pointer stepTime("/training/step_time_s");
        const nlohmann::json before = w.evaluator()->latest()->json;
        // The user picks TP = 4 in the strategy panel.
        QComboBox* tp = w.strategyPanel()->tensorParallel();
        const int index = tp->findData(4);
        QVERIFY(index >= 0);
        tp->setCurrentIndex(index);
        Q_EMIT tp->activated(index);
        QCOMPARE(w.document()->design().strategy.tp, 4);
        QTRY_VERIFY(w.evaluator()->latest()->generation > first);
        QVERIFY(!w.evaluator()->isBusy());
        const nlohmann::json& r = w.evaluator()->latest()->json;
        // Halving TP doubles the pipeline stage's work per device: the step time changes.
        if (before.contains(stepTime)) {
            QVERIFY(r.contains(stepTime));
            QVERIFY(r.at(stepTime).get<double>() != before.at(stepTime).get<double>());
        }
        // Changing the node count changes what the dashboard shows.
        MetricCard* devices = w.dashboard()->card(QStringLiteral("devices"));
        QTRY_COMPARE(devices->valueText(), QStringLiteral("256"));
        Item dgx = *w.document()->design().findItem("dgx");
        dgx.count = 16;
        w.document()->setItem(dgx, QStringLiteral("Set count"));
        QTRY_COMPARE(devices->valueText(), QStringLiteral("128"));
        QVERIFY(evaluated.count() >= 2);
        // Cards nobody computes say so instead of showing a number.
        MetricCard* stepCard = w.dashboard()->card(QStringLiteral("training.step_time_s"));
        QCOMPARE(stepCard->hasValue(),
                 r.contains(nlohmann::json::json_pointer("/training/step_time_s")));
    }

    void editSaveReopenIsIdentical() {
        const QString path = m_dir.filePath(QStringLiteral("edited.json"));
        nlohmann::json saved;
        {
            MainWindow w;
            QVERIFY(uitest::openEmpty(w));
            QVERIFY(dropPart(w, QStringLiteral("nvidia-dgx-h100"), QPointF(200, 200)));
            QVERIFY(dropPart(w, QStringLiteral("fabric:fat-tree"), QPointF(200, 500)));
            const auto& items = w.document()->design().hardware.items;
            w.scene()->setTool(DesignScene::Tool::connect);
            drag(w, centreOf(w, QString::fromStdString(items[0].id)),
                 centreOf(w, QString::fromStdString(items[1].id)));
            QCOMPARE(w.document()->design().hardware.links.size(), std::size_t(1));
            QCOMPARE(w.document()->design().hardware.links[0].ref, std::string("ib-ndr-400"));
            QVERIFY(w.saveFile(path));
            saved = designToJson(w.document()->design());
            QVERIFY(w.close());
        }
        MainWindow reopened;
        QVERIFY(reopened.openFile(path));
        QVERIFY(designToJson(reopened.document()->design()) == saved);
        QCOMPARE(reopened.scene()->edges().size(), std::size_t(1));
    }

    void recoveryIsOfferedAfterACrash() {
        nlohmann::json unsaved;
        {
            auto* w = new MainWindow;
            w->start({uitest::example("hand-drawn-cxl.json"), QString(), true});
            w->document()->setName("Work in progress");
            w->autosave();
            QVERIFY(w->recovery()->exists());
            unsaved = designToJson(w->document()->design());
            // A crash: the window goes away without closing.
            w->document()->undoStack()->setClean();
            delete w;
        }
        MainWindow next;
        bool offered = false;
        uitest::answerNextModal([&offered](QWidget* modal) {
            auto* box = qobject_cast<QMessageBox*>(modal);
            if (!box || box->objectName() != QStringLiteral("recoveryPrompt")) return;
            offered = true;
            for (QAbstractButton* b : box->buttons())
                if (b->text() == QStringLiteral("Recover")) b->click();
        });
        next.start({});
        QVERIFY(offered);
        QVERIFY(designToJson(next.document()->design()) == unsaved);
        QVERIFY(next.isWindowModified());
        QCOMPARE(QFileInfo(next.document()->filePath()).fileName(),
                 QStringLiteral("hand-drawn-cxl.json"));
        next.document()->undoStack()->setClean();
        QVERIFY(next.close());
        QVERIFY(!next.recovery()->exists());  // a clean exit leaves nothing behind
    }

    void templatesOpen() {
        const QStringList templates = MainWindow::templates();
        QVERIFY(templates.size() >= 7);
        MainWindow w;
        for (const QString& t : templates) {
            QVERIFY2(w.newFromTemplate(t), qPrintable(t));
            QVERIFY(!w.document()->design().hardware.items.empty());
            QVERIFY(w.document()->filePath().isEmpty());  // a template is never overwritten
            // Every template is a working design with the built-in catalog.
            const Results r = evaluate(w.document()->design(), w.document()->catalog());
            QVERIFY2(r.feasible, qPrintable(t + QStringLiteral(": ") +
                                            QString::fromStdString(
                                                r.reasons.empty() ? std::string() : r.reasons[0])));
        }
    }

    void groupCycleInAFileDoesNotHang() {
        QFile file(m_dir.filePath(QStringLiteral("cycle.json")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "infraplan-design", "version": 1,
            "hardware": {"items": [{"id": "a", "kind": "group", "parent": "b"},
                                   {"id": "b", "kind": "group", "parent": "a"}]},
            "workload": {"mode": "training", "model": "gpt3-175b"}})");
        file.close();
        MainWindow w;
        w.start({file.fileName(), QString(), true});
        QVERIFY(w.scene()->node(QStringLiteral("a")) && w.scene()->node(QStringLiteral("b")));
        QTRY_VERIFY(w.evaluator()->latest().has_value());
        QVERIFY(!w.evaluator()->latest()->results.feasible);  // the engine says why
    }

    void compareTwoDesigns() {
        MainWindow w;
        QVERIFY(w.openFile(uitest::example("dgx-h100-training.json")));
        CompareDialog dialog(w.document()->design(), w.document()->displayName(),
                             w.document()->sharedCatalog());
        QSignalSpy ready(&dialog, &CompareDialog::ready);
        QVERIFY(dialog.loadOther(uitest::example("hand-drawn-cxl.json")));
        QTRY_VERIFY(dialog.isReady());
        // Devices are always there: 256 against 8, B is 3.125 % of A.
        bool found = false;
        for (int row = 0; row < dialog.table()->rowCount(); ++row)
            if (dialog.table()->item(row, 0)->text() == QStringLiteral("Accelerators")) {
                found = true;
                QCOMPARE(dialog.table()->item(row, 1)->text(), QStringLiteral("256"));
                QCOMPARE(dialog.table()->item(row, 2)->text(), QStringLiteral("8"));
                QCOMPARE(dialog.table()->item(row, 3)->text(), QStringLiteral("-96.9 %"));
            }
        QVERIFY(found);
    }

    void paletteSearchFilters() {
        MainWindow w;
        w.palette()->searchField()->setText(QStringLiteral("quantum"));
        QVERIFY(w.palette()->findPart(QStringLiteral("nvidia-quantum-2-qm9700")).isValid());
        QVERIFY(!w.palette()->findPart(QStringLiteral("nvidia-h100-sxm")).isValid());
        w.palette()->searchField()->clear();
        QVERIFY(w.palette()->findPart(QStringLiteral("nvidia-h100-sxm")).isValid());
        const QString tip = w.palette()
                                ->findPart(QStringLiteral("nvidia-h100-sxm"))
                                .data(Qt::ToolTipRole)
                                .toString();
        QVERIFY(tip.contains(QStringLiteral("TFLOP/s")));
        QVERIFY(tip.contains(QStringLiteral("Source")));
    }
};

QTEST_MAIN(TestCanvas)
#include "tst_canvas.moc"
