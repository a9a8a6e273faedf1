// The typed design fields in the panels: each is edited through one undoable command, undo
// restores the previous value, and only the fields of the workload's mode are shown.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QTest>
#include <QUndoStack>

#include "catalog/builtin.h"
#include "core/io/design_json.h"
#include "tests/core/example_designs.h"
#include "ui/document/designdocument.h"
#include "ui/panels/servingruntimebox.h"
#include "ui/panels/strategypanel.h"
#include "ui/panels/workloadpanel.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

// What a user does with a combo box: pick the entry holding `value`.
void pick(QComboBox* box, const QString& value) {
    const int index = box->findData(value);
    QVERIFY2(index >= 0, qPrintable(value));
    box->setCurrentIndex(index);
    Q_EMIT box->activated(index);
}

}  // namespace

class TestDesignFields : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void servingFieldsEditAndUndo() {
        DesignDocument doc(catalog::builtinCatalog());
        doc.newDesign(test::example("llama3-70b-inference.json"));
        StrategyPanel panel(&doc);
        ServingRuntimeBox* runtime = panel.servingRuntime();
        const nlohmann::json before = designToJson(doc.design());

        pick(runtime->runtime(), QStringLiteral("vllm-rocm"));
        QCOMPARE(doc.design().strategy.runtime, InferenceRuntime::vllm_rocm);
        pick(runtime->decodeAttention(), QStringLiteral("per-head"));
        QCOMPARE(doc.design().strategy.decode_attention, DecodeAttention::per_head);
        pick(runtime->draftModel(), QStringLiteral("llama3-8b"));
        QVERIFY(doc.design().strategy.speculative);
        QCOMPARE(doc.design().strategy.speculative->draft_model, std::string("llama3-8b"));
        QVERIFY(runtime->draftTokens()->isEnabled());
        runtime->draftTokens()->setValue(6);
        QCOMPARE(doc.design().strategy.speculative->draft_tokens, 6);
        runtime->acceptanceRate()->setValue(0.8);
        QCOMPARE(doc.design().strategy.speculative->acceptance_rate, 0.8);
        runtime->maxStepTokens()->setValue(2048);
        QCOMPARE(doc.design().strategy.max_step_tokens, std::optional<int>(2048));
        runtime->memoryUtilization()->setValue(0.8);
        QCOMPARE(doc.design().strategy.memory_utilization, 0.8);
        runtime->kvBlockTokens()->setValue(32);
        QCOMPARE(doc.design().strategy.kv_block_tokens, 32);
        QVERIFY(doc.undoStack()->undoText().contains(QStringLiteral("KV block")));

        // Each edit was one step; undoing all of them restores the design exactly.
        QCOMPARE(doc.undoStack()->count(), 8);
        while (doc.undoStack()->canUndo())
            doc.undoStack()->undo();
        QVERIFY(designToJson(doc.design()) == before);
        QVERIFY(!doc.design().strategy.speculative);
        // The panel follows: undone values show again.
        QCOMPARE(runtime->decodeAttention()->currentData().toString(), QStringLiteral("grouped"));
        QCOMPARE(runtime->runtime()->currentData().toString(), QStringLiteral("generic"));
        QCOMPARE(runtime->maxStepTokens()->value(), -1);  // "default"
        QVERIFY(!runtime->draftTokens()->isEnabled());
    }

    void nearMemoryAttentionOffersTheDesignsMemoryItems() {
        DesignDocument doc(catalog::builtinCatalog());
        doc.newDesign(test::example("hand-drawn-cxl.json"));
        Workload w = doc.design().workload;
        w.mode = WorkloadMode::inference;
        doc.setWorkload(w, QStringLiteral("serve"));
        StrategyPanel panel(&doc);
        QComboBox* box = panel.servingRuntime()->nearMemory();
        QVERIFY(box->count() >= 2);  // none + the CXL pool
        const QString id = box->itemData(1).toString();
        const Item* item = doc.design().findItem(id.toStdString());
        QVERIFY(item && item->kind == ItemKind::memory);
        pick(box, id);
        QCOMPARE(doc.design().strategy.near_memory_attention, id.toStdString());
        doc.undoStack()->undo();
        QVERIFY(doc.design().strategy.near_memory_attention.empty());
    }

    void trainingFieldsEditAndUndo() {
        DesignDocument doc(catalog::builtinCatalog());
        doc.newDesign(test::example("dgx-h100-training.json"));
        Strategy s = doc.design().strategy;
        s.overlap_tp = true;
        doc.setStrategy(s, QStringLiteral("overlap"));
        StrategyPanel panel(&doc);
        QVERIFY(panel.overlapTpScope()->isEnabled());
        pick(panel.overlapTpScope(), QStringLiteral("backward"));
        QCOMPARE(doc.design().strategy.overlap_tp_scope, OverlapTpScope::backward);
        panel.moeImbalance()->setValue(1.4);
        QCOMPARE(doc.design().strategy.moe_imbalance, 1.4);
        doc.undoStack()->undo();
        QCOMPARE(doc.design().strategy.moe_imbalance, 1.15);
        doc.undoStack()->undo();
        QCOMPARE(doc.design().strategy.overlap_tp_scope, OverlapTpScope::full);
        QCOMPARE(panel.overlapTpScope()->currentData().toString(), QStringLiteral("full"));
    }

    void trainingFrameworkEditsAndUndoes() {
        DesignDocument doc(catalog::builtinCatalog());
        doc.newDesign(test::example("dgx-h100-training.json"));
        StrategyPanel panel(&doc);
        QVERIFY(panel.framework()->isVisibleTo(&panel));
        QCOMPARE(doc.design().strategy.framework, TrainingFramework::megatron_core);
        const int undoSteps = doc.undoStack()->count();
        pick(panel.framework(), QStringLiteral("torchtitan"));
        QCOMPARE(doc.design().strategy.framework, TrainingFramework::torchtitan);
        QCOMPARE(designToJson(doc.design())["strategy"]["framework"].get<std::string>(),
                 std::string("torchtitan"));
        QCOMPARE(doc.undoStack()->count(), undoSteps + 1);
        doc.undoStack()->undo();
        QCOMPARE(doc.design().strategy.framework, TrainingFramework::megatron_core);
        QCOMPARE(panel.framework()->currentData().toString(), QStringLiteral("megatron-core"));
    }

    void onlyTheModesFieldsAreShown() {
        DesignDocument doc(catalog::builtinCatalog());
        doc.newDesign(test::example("dgx-h100-training.json"));
        StrategyPanel strategy(&doc);
        WorkloadPanel workload(&doc);
        QVERIFY(strategy.overlapTpScope()->isVisibleTo(&strategy));
        QVERIFY(strategy.moeImbalance()->isVisibleTo(&strategy));
        QVERIFY(!strategy.servingRuntime()->isVisibleTo(&strategy));
        QVERIFY(!workload.requests()->isVisibleTo(&workload));
        Workload w = doc.design().workload;
        w.mode = WorkloadMode::inference;
        doc.setWorkload(w, QStringLiteral("serve"));
        QVERIFY(!strategy.overlapTpScope()->isVisibleTo(&strategy));
        QVERIFY(!strategy.moeImbalance()->isVisibleTo(&strategy));
        QVERIFY(!strategy.framework()->isVisibleTo(&strategy));
        QVERIFY(strategy.servingRuntime()->isVisibleTo(&strategy));
        QVERIFY(workload.requests()->isVisibleTo(&workload));
        QVERIFY(workload.seed()->isVisibleTo(&workload));
    }

    void requestStreamEditsAndUndoes() {
        DesignDocument doc(catalog::builtinCatalog());
        doc.newDesign(test::example("llama3-70b-inference.json"));
        WorkloadPanel panel(&doc);
        const auto requests = doc.design().workload.requests;
        panel.requests()->setValue(2500);
        QCOMPARE(doc.design().workload.requests, std::optional<long long>(2500));
        panel.seed()->setValue(42);
        QCOMPARE(doc.design().workload.seed, std::uint64_t(42));
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(doc.design().workload.requests, requests);
        QCOMPARE(doc.design().workload.seed, std::uint64_t(1));
        panel.requests()->setValue(0);  // "default": the field is dropped
        QVERIFY(!doc.design().workload.requests);
    }
};

QTEST_MAIN(TestDesignFields)
#include "tst_design_fields.moc"
