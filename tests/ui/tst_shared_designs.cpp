// Designs shared between machines whose catalogs differ, as the GUI handles them: a save
// carries the entries the design uses; the copy evaluates with identical results with an empty
// user catalog and with a differing entry; opening it lists the differences by field and the
// dialog's three choices do what they say (import writes to a temporary user catalog).
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include "catalog/builtin.h"
#include "catalog/user_catalog.h"
#include "core/evaluate/evaluate.h"
#include "core/results/results_json.h"
#include "ui/app/sessioncatalog.h"
#include "ui/document/designdocument.h"
#include "ui/evaluation/evaluator.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/palette/palettewidget.h"
#include "ui/widgets/embeddeddialog.h"
#include "uitest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

catalog::Accelerator labGpu(double tdp_w) {
    catalog::Accelerator a = *catalog::builtinCatalog().accelerator("nvidia-h100-sxm");
    a.id = "lab-gpu";
    a.name = "Lab GPU";
    a.tdp_w = tdp_w;
    a.origin = catalog::Origin::user;
    a.overrides_builtin = false;
    return a;
}

const char* kDesign = R"({"format": "infraplan-design", "version": 1, "name": "lab",
  "hardware": {"items": [{"id": "gpu", "kind": "accelerator", "ref": "lab-gpu", "count": 8}]},
  "workload": {"model": "llama3-8b", "seq_len": 2048, "global_batch": 64},
  "strategy": {"tp": 8}})";

EmbeddedEntriesDialog* visibleDialog(const MainWindow& w) {
    for (auto* d : w.findChildren<EmbeddedEntriesDialog*>())
        if (d->isVisible()) return d;
    return nullptr;
}

std::string resultsOf(const DesignDocument& doc) {
    return resultsToJson(evaluate(doc.design(), doc.catalog())).dump();
}

}  // namespace

class TestSharedDesigns : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_shared;         // saved by the GUI on a machine with lab-gpu at 700 W
    std::string m_reference;  // its results there

    // A user catalog file holding lab-gpu at this TDP, and the catalog it gives.
    std::shared_ptr<const catalog::Catalog> userCatalog(const QString& name, double tdp_w,
                                                        std::string* path = nullptr) {
        const std::string file = m_dir.filePath(name).toStdString();
        std::string error;
        if (!catalog::writeUserEntries(file, {labGpu(tdp_w)}, &error)) qFatal("%s", error.c_str());
        if (path) *path = file;
        std::vector<std::string> messages;
        return std::make_shared<const catalog::Catalog>(catalog::loadCatalog(file, &messages));
    }

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        uitest::isolateSettings(m_dir);
        DesignDocument mine(userCatalog(QStringLiteral("mine.sqlite"), 700));
        Diagnostics diagnostics;
        QVERIFY2(mine.openText(kDesign, diagnostics), diagnostics.toString().c_str());
        QVERIFY2(!diagnostics.hasErrors(), diagnostics.toString().c_str());
        m_reference = resultsOf(mine);
        m_shared = m_dir.filePath(QStringLiteral("lab.json"));
        QString error;
        QVERIFY2(mine.save(m_shared, &error), qPrintable(error));
    }

    void saveWritesTheEntriesTheDesignUses() {
        QFile file(m_shared);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto doc = nlohmann::json::parse(file.readAll().toStdString());
        std::set<std::string> ids;
        for (const auto& e : doc["catalog"])
            ids.insert(e["id"].get<std::string>());
        QVERIFY(ids.count("lab-gpu") && ids.count("llama3-8b"));
    }

    void evaluatesIdenticallyWithAnEmptyUserCatalog() {
        DesignDocument doc(catalog::builtinCatalog());
        Diagnostics diagnostics;
        QVERIFY(doc.open(m_shared, diagnostics));
        QVERIFY2(!diagnostics.hasErrors(), diagnostics.toString().c_str());
        QVERIFY(doc.embeddedReport().differing.empty());
        QCOMPARE(resultsOf(doc), m_reference);
    }

    void evaluatesIdenticallyWithADifferingEntry() {
        DesignDocument doc(userCatalog(QStringLiteral("differ.sqlite"), 500));
        Diagnostics diagnostics;
        QVERIFY(doc.open(m_shared, diagnostics));
        QCOMPARE(doc.embeddedReport().differing.size(), std::size_t(1));
        const catalog::EntryDifference& d = doc.embeddedReport().differing.front();
        QCOMPARE(d.fields.size(), std::size_t(1));
        QCOMPARE(d.fields[0].field, std::string("tdp_w"));
        QCOMPARE(resultsOf(doc), m_reference);
        QVERIFY(!doc.isModified());

        // Adopting the local entry evaluates with it and marks the design changed.
        QString error;
        QVERIFY(doc.applyEmbeddedChoice(EmbeddedChoice::adopt_local, {}, &error));
        QCOMPARE(doc.catalog().accelerator("lab-gpu")->tdp_w, 500.0);
        QVERIFY(doc.isModified());
        QVERIFY(resultsOf(doc) != m_reference);
        QVERIFY(doc.applyEmbeddedChoice(EmbeddedChoice::keep_file, {}, &error));
        QCOMPARE(resultsOf(doc), m_reference);
    }

    void importWritesToTheUserCatalog() {
        std::string path;
        DesignDocument doc(userCatalog(QStringLiteral("import.sqlite"), 500, &path));
        Diagnostics diagnostics;
        QVERIFY(doc.open(m_shared, diagnostics));
        QString error;
        QVERIFY2(doc.applyEmbeddedChoice(EmbeddedChoice::import_file, path, &error),
                 qPrintable(error));
        std::vector<std::string> messages;
        QCOMPARE(catalog::loadCatalog(path, &messages).accelerator("lab-gpu")->tdp_w, 700.0);
        QCOMPARE(resultsOf(doc), m_reference);
        QVERIFY(!doc.isModified());
    }

    // The main window: the dialog lists the difference by field, and its buttons decide.
    void openingShowsTheDifferencesAndTheChoices() {
        std::string path;
        userCatalog(QStringLiteral("session.sqlite"), 500, &path);
        qputenv("INFRAPLAN_USER_CATALOG", QByteArray::fromStdString(path));
        reloadSessionCatalog();
        MainWindow w;
        QVERIFY(w.openFile(m_shared));
        auto* dialog = visibleDialog(w);
        QVERIFY(dialog && !dialog->isModal());
        QTreeWidgetItem* entry = dialog->list()->topLevelItem(0);
        QCOMPARE(entry->text(0), QStringLiteral("lab-gpu"));
        QCOMPARE(entry->childCount(), 1);
        QCOMPARE(entry->child(0)->text(0), QStringLiteral("tdp_w"));
        QCOMPARE(entry->child(0)->text(1).toDouble(), 700.0);
        QCOMPARE(entry->child(0)->text(2).toDouble(), 500.0);
        QVERIFY(dialog->button(EmbeddedChoice::keep_file)->isDefault());
        // The file's values are in use from the start: the evaluation matches the reference.
        QTRY_VERIFY(w.evaluator()->latest().has_value() && !w.evaluator()->isBusy());
        QCOMPARE(w.evaluator()->latest()->json.dump(), m_reference);

        dialog->button(EmbeddedChoice::adopt_local)->click();
        QCOMPARE(w.document()->catalog().accelerator("lab-gpu")->tdp_w, 500.0);
        QVERIFY(w.isWindowModified());

        QVERIFY(w.openFile(m_shared));
        dialog = visibleDialog(w);
        QVERIFY(dialog);
        dialog->button(EmbeddedChoice::import_file)->click();
        QCOMPARE(sessionCatalog()->accelerator("lab-gpu")->tdp_w, 700.0);
        QVERIFY(w.palette()->findPart(QStringLiteral("lab-gpu")).isValid());
        QCOMPARE(w.document()->catalog().accelerator("lab-gpu")->tdp_w, 700.0);
        QVERIFY(!w.isWindowModified());
        QVERIFY(!visibleDialog(w));
        // Opened again, the file and the catalog agree: no dialog.
        QVERIFY(w.openFile(m_shared));
        QVERIFY(!visibleDialog(w));
    }
};

QTEST_MAIN(TestSharedDesigns)
#include "tst_shared_designs.moc"
