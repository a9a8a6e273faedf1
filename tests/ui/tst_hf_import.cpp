// File -> Import Model from Hugging Face config.json: the config lands in the user catalog as a
// model, the design's workload selects it in one undoable step, and a file that is not a
// config is refused with a message and nothing changed. The workload panel's model picker
// offers the new model at once.
#include <QComboBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "tests/cli_runner.h"
#include "tests/core/example_designs.h"
#include "ui/document/designdocument.h"
#include "ui/mainwindow/hfmodelimport.h"
#include "ui/panels/workloadpanel.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

// A small Llama-style config: the fields catalog/hf_config maps.
const char* kConfig = R"({"_name_or_path": "lab/tiny-llama", "architectures": ["LlamaForCausalLM"],
  "num_hidden_layers": 4, "hidden_size": 512, "num_attention_heads": 8,
  "num_key_value_heads": 8, "intermediate_size": 1376, "vocab_size": 32000,
  "max_position_embeddings": 2048, "tie_word_embeddings": false})";

std::string modelId(const Design& d) {
    const auto* id = std::get_if<std::string>(&d.workload.model);
    return id ? *id : std::string();
}

}  // namespace

class TestHfImport : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void importSelectsTheModelUndoably() {
        const QString config = writeTestFile(m_dir.path(), "config.json", kConfig);
        const std::string user = m_dir.filePath("user.sqlite").toStdString();
        DesignDocument doc(catalog::builtinCatalog());
        doc.newDesign(test::example("dgx-h100-training.json"));
        WorkloadPanel panel(&doc);
        const std::string before = modelId(doc.design());
        QString error;
        QVERIFY2(importHfModel(config, user, doc, &error), qPrintable(error));
        const std::string id = modelId(doc.design());
        QVERIFY(!id.empty() && id != before);
        QVERIFY(doc.catalog().model(id));
        // The picker lists the imported model and shows it selected, not a blank entry.
        QComboBox* picker = panel.modelPicker();
        QVERIFY(picker->findData(QString::fromStdString(id)) >= 0);
        QCOMPARE(picker->currentData().toString(), QString::fromStdString(id));
        doc.undoStack()->undo();
        QCOMPARE(modelId(doc.design()), before);
    }

    void notAConfigIsRefused() {
        const QString bad = writeTestFile(m_dir.path(), "bad.json", R"({"hello": 1})");
        const std::string user = m_dir.filePath("user2.sqlite").toStdString();
        DesignDocument doc(catalog::builtinCatalog());
        doc.newDesign(test::example("dgx-h100-training.json"));
        const std::string before = modelId(doc.design());
        QString error;
        QVERIFY(!importHfModel(bad, user, doc, &error));
        QVERIFY2(error.startsWith(bad + QStringLiteral(": ")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("Hugging Face config.json")), qPrintable(error));
        QCOMPARE(modelId(doc.design()), before);
        QCOMPARE(doc.undoStack()->count(), 0);
    }
};

QTEST_MAIN(TestHfImport)
#include "tst_hf_import.moc"
