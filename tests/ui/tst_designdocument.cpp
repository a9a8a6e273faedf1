// DesignDocument and its undo commands: every edit undoes to the exact previous document,
// removals own what they removed, moves merge and touch only the layout.
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include "core/io/design_json.h"
#include "tests/core/example_designs.h"
#include "ui/document/commands.h"
#include "ui/document/designdocument.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

nlohmann::json withoutLayout(const Design& d) {
    nlohmann::json j = designToJson(d);
    j.erase("layout");
    return j;
}

}  // namespace

class TestDesignDocument : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void addThenUndoRestores() {
        DesignDocument doc(catalog::builtinCatalog());
        doc.newDesign(test::example("hand-drawn-cxl.json"));
        const nlohmann::json before = designToJson(doc.design());
        Item gpu;
        gpu.kind = ItemKind::accelerator;
        gpu.ref = "nvidia-h100-sxm";
        const QString id = doc.addItem(gpu, QPointF(40, 60));
        QCOMPARE(id, QStringLiteral("nvidia-h100-sxm"));
        QVERIFY(doc.design().findItem(id.toStdString()));
        QCOMPARE(doc.position(id.toStdString()), QPointF(40, 60));
        QVERIFY(doc.undoStack()->undoText().contains(QStringLiteral("NVIDIA H100")));
        doc.undoStack()->undo();
        QVERIFY(designToJson(doc.design()) == before);
        // A second add of the same part gets a fresh id.
        doc.undoStack()->redo();
        QCOMPARE(doc.addItem(gpu, {}), QStringLiteral("nvidia-h100-sxm-2"));
    }

    void removeOwnsWhatItRemoved() {
        DesignDocument doc(catalog::builtinCatalog());
        doc.newDesign(test::example("hand-drawn-cxl.json"));
        const nlohmann::json before = designToJson(doc.design());
        QSignalSpy removed(&doc, &DesignDocument::itemRemoved);
        doc.removeItems({QStringLiteral("server")});
        // The group, the five parts inside it and every link touching them are gone.
        QCOMPARE(removed.count(), 5);
        QVERIFY(!doc.design().findItem("gpu"));
        QCOMPARE(doc.design().hardware.links.size(), std::size_t(1));  // leaf-spine stays
        QVERIFY(!doc.design().layout.contains("server"));
        const auto* cmd = dynamic_cast<const RemoveCommand*>(doc.undoStack()->command(0));
        QVERIFY(cmd);
        QCOMPARE(cmd->removedItemCount(), std::size_t(5));
        QCOMPARE(cmd->removedLinkCount(), std::size_t(5));
        QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Delete “GPU server”"));
        doc.undoStack()->undo();
        QVERIFY(designToJson(doc.design()) == before);
        doc.undoStack()->redo();
        doc.undoStack()->undo();
        QVERIFY(designToJson(doc.design()) == before);
    }

    void movesTouchOnlyTheLayoutAndMerge() {
        DesignDocument doc(catalog::builtinCatalog());
        doc.newDesign(test::example("hand-drawn-cxl.json"));
        const nlohmann::json semantic = withoutLayout(doc.design());
        doc.moveItems({{QStringLiteral("leaf"), QPointF(0, 340)}});
        doc.moveItems({{QStringLiteral("leaf"), QPointF(0, 360)}});
        QCOMPARE(doc.undoStack()->count(), 1);  // merged
        QCOMPARE(doc.position("leaf"), QPointF(0, 360));
        QVERIFY(withoutLayout(doc.design()) == semantic);
        doc.undoStack()->undo();
        QCOMPARE(doc.position("leaf"), QPointF(0, 320));
        // A move of other items does not merge.
        doc.moveItems({{QStringLiteral("leaf"), QPointF(0, 340)}});
        doc.moveItems({{QStringLiteral("spine"), QPointF(0, 500)}});
        QCOMPARE(doc.undoStack()->count(), 2);
    }

    void moveDoesNotTriggerEvaluation() {
        DesignDocument doc(catalog::builtinCatalog());
        doc.newDesign(test::example("dgx-h100-training.json"));
        QSignalSpy content(&doc, &DesignDocument::contentChanged);
        doc.moveItems({{QStringLiteral("dgx"), QPointF(100, 100)}});
        QCOMPARE(content.count(), 0);
        Strategy s = doc.design().strategy;
        s.tp = 4;
        doc.setStrategy(s, QStringLiteral("Set tensor parallel to 4"));
        QCOMPARE(content.count(), 1);
        QCOMPARE(doc.undoStack()->undoText(), QStringLiteral("Set tensor parallel to 4"));
        doc.undoStack()->undo();
        QCOMPARE(doc.design().strategy.tp, 8);
    }

    void groupAndUngroup() {
        DesignDocument doc(catalog::builtinCatalog());
        doc.newDesign(test::example("hand-drawn-cxl.json"));
        const nlohmann::json before = designToJson(doc.design());
        const QString group =
            doc.groupItems({QStringLiteral("leaf"), QStringLiteral("spine")}, "rack");
        QCOMPARE(group, QStringLiteral("rack"));
        QCOMPARE(doc.design().findItem("leaf")->parent, std::string("rack"));
        QCOMPARE(doc.undoStack()->count(), 1);  // one macro
        // Positions become relative to the group, which sits around them.
        const QPointF scene = doc.position("rack") + doc.position("leaf");
        QCOMPARE(scene, QPointF(0, 320));
        QString error;
        QVERIFY(doc.ungroup(group, &error));
        QVERIFY(!doc.design().findItem("rack"));
        QCOMPARE(doc.design().findItem("leaf")->parent, std::string());
        QCOMPARE(doc.position("leaf"), QPointF(0, 320));
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QVERIFY(designToJson(doc.design()) == before);
        // A replicated group cannot be flattened without changing what it means.
        QVERIFY(!doc.ungroup(QStringLiteral("server"), &error));
        QVERIFY(!error.isEmpty());
    }

    void reparentRefusesCycles() {
        DesignDocument doc(catalog::builtinCatalog());
        doc.newDesign(test::example("hand-drawn-cxl.json"));
        const QString outer = doc.groupItems({QStringLiteral("server")}, "rack");
        QVERIFY(!outer.isEmpty());
        QVERIFY(!doc.reparentItem(outer, QStringLiteral("server"), {}));  // into its own child
        QVERIFY(
            doc.reparentItem(QStringLiteral("pool"), QStringLiteral("server"), QPointF(20, 240)));
        QCOMPARE(doc.design().findItem("pool")->parent, std::string("server"));
        QVERIFY(doc.undoStack()->undoText().contains(QStringLiteral("into")));
    }
};

QTEST_GUILESS_MAIN(TestDesignDocument)
#include "tst_designdocument.moc"
