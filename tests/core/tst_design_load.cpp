// Core's one loading path and self-contained designs: a design built on a user's own parts,
// saved with the entries it uses, evaluates identically where the catalog lacks them and where
// it has them with other figures; differences are named by field; the three choices do what
// they say (import writes to a temporary user catalog).
#include <QtTest>

#include "catalog/builtin.h"
#include "catalog/user_catalog.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_embed.h"
#include "core/io/design_load.h"
#include "core/results/results_json.h"

using namespace infraplan;
using catalog::Catalog;

namespace {

// A user's own accelerator (an H100 with other figures) and a node template built on it.
catalog::Accelerator labGpu(double tdp_w, double memory_gb) {
    catalog::Accelerator a = *catalog::builtinCatalog().accelerator("nvidia-h100-sxm");
    a.id = "lab-gpu";
    a.name = "Lab GPU";
    a.tdp_w = tdp_w;
    a.memory_gb = memory_gb;
    a.origin = catalog::Origin::user;
    a.overrides_builtin = false;
    return a;
}

catalog::NodeTemplate labNode() {
    catalog::NodeTemplate n = *catalog::builtinCatalog().node("nvidia-dgx-h100");
    n.id = "lab-node";
    n.name = "Lab node";
    n.accelerator = "lab-gpu";
    n.origin = catalog::Origin::user;
    n.overrides_builtin = false;
    return n;
}

// Two lab nodes training Llama 3 8B.
const char* kDesign = R"({
  "format": "infraplan-design", "version": 1, "name": "lab",
  "hardware": {"items": [{"id": "nodes", "kind": "node", "ref": "lab-node", "count": 2}]},
  "workload": {"model": "llama3-8b", "seq_len": 2048, "global_batch": 64},
  "strategy": {"tp": 8}
})";

Catalog withUserEntries(const std::vector<catalog::AnyEntry>& entries) {
    Catalog c = catalog::builtinCatalog();
    for (const catalog::AnyEntry& e : entries)
        catalog::putEntry(c, e);
    return c;
}

nlohmann::json resultsOf(const DesignLoad& load) {
    if (!load.valid()) qFatal("invalid design: %s", load.allDiagnostics().toString().c_str());
    return resultsToJson(evaluate(*load.design, *load.catalog));
}

}  // namespace

class TestDesignLoad : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    Catalog m_lab = withUserEntries({labGpu(700, 80), labNode()});
    Catalog m_differing = withUserEntries({labGpu(500, 40)});  // no lab-node here
    std::string m_saved;                                       // the design saved with its entries
    nlohmann::json m_reference;                                // its results where it was made

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        DesignLoad made = parseDesignForEvaluation(kDesign, m_lab);
        QVERIFY2(made.valid(), made.allDiagnostics().toString().c_str());
        m_reference = resultsOf(made);
        QVERIFY(m_reference["feasible"].get<bool>());
        embedCatalogEntries(*made.design, *made.catalog);
        m_saved = serializeDesign(*made.design);
    }

    void savedDesignCarriesWhatItUses() {
        const auto doc = nlohmann::json::parse(m_saved);
        std::set<std::string> ids;
        for (const auto& e : doc["catalog"])
            ids.insert(e["id"].get<std::string>());
        // The node, its accelerator, and what the node references; the model.
        for (const char* id : {"lab-node", "lab-gpu", "llama3-8b", "nvlink-4",
                               "nvidia-nvswitch-gen3", "nvidia-connectx-7", "ib-ndr-400"})
            QVERIFY2(ids.count(id), id);
        QVERIFY(!ids.count("nvidia-h100-sxm"));  // not used: lab-node names lab-gpu
    }

    void evaluatesIdenticallyWithoutTheEntries() {
        DesignLoad load = parseDesignForEvaluation(m_saved, catalog::builtinCatalog());
        QVERIFY2(load.valid(), load.allDiagnostics().toString().c_str());
        QVERIFY(load.embedded.differing.empty());
        QVERIFY(std::count(load.embedded.added.begin(), load.embedded.added.end(), "lab-gpu"));
        QCOMPARE(resultsOf(load).dump(), m_reference.dump());
    }

    void evaluatesIdenticallyWhereTheEntryDiffers() {
        DesignLoad load = parseDesignForEvaluation(m_saved, m_differing);
        QVERIFY2(load.valid(), load.allDiagnostics().toString().c_str());
        QCOMPARE(load.embedded.differing.size(), std::size_t(1));
        const catalog::EntryDifference& d = load.embedded.differing.front();
        QCOMPARE(d.id, std::string("lab-gpu"));
        std::map<std::string, std::pair<double, double>> fields;
        for (const catalog::FieldDifference& f : d.fields)
            fields[f.field] = {f.file_value.get<double>(), f.local_value.get<double>()};
        QCOMPARE(fields.size(), std::size_t(2));
        QCOMPARE(fields["tdp_w"], std::make_pair(700.0, 500.0));
        QCOMPARE(fields["memory_gb"], std::make_pair(80.0, 40.0));
        QCOMPARE(load.catalog->accelerator("lab-gpu")->tdp_w, 700.0);
        QCOMPARE(resultsOf(load).dump(), m_reference.dump());
        const std::string notes = embeddedDifferenceNotes(load).toString();
        QVERIFY2(notes.find("tdp_w: file 700, local 500") != std::string::npos, notes.c_str());
        QVERIFY2(notes.find("the file's entry is used") != std::string::npos, notes.c_str());
    }

    void adoptingTheLocalCatalogUsesItsEntries() {
        DesignLoadOptions options;
        options.embedded = EmbeddedChoice::adopt_local;
        DesignLoad load = parseDesignForEvaluation(m_saved, m_differing, options);
        QVERIFY2(load.valid(), load.allDiagnostics().toString().c_str());
        QCOMPARE(load.catalog->accelerator("lab-gpu")->tdp_w, 500.0);
        QVERIFY(load.catalog->node("lab-node"));  // missing locally: the file's fills it
        QCOMPARE(load.embedded.differing.size(), std::size_t(1));
        QVERIFY(resultsOf(load).dump() != m_reference.dump());
        QVERIFY(embeddedDifferenceNotes(load).toString().find("the local entry is used") !=
                std::string::npos);
    }

    void importingWritesTheFilesEntriesToTheUserCatalog() {
        const std::string userPath = m_dir.filePath(QStringLiteral("import.sqlite")).toStdString();
        std::string error;
        QVERIFY2(catalog::writeUserEntries(userPath, {labGpu(500, 40)}, &error), error.c_str());
        std::vector<std::string> messages;
        const Catalog before = catalog::loadCatalog(userPath, &messages);
        QCOMPARE(before.accelerator("lab-gpu")->tdp_w, 500.0);

        DesignLoadOptions options;
        options.embedded = EmbeddedChoice::import_file;
        options.user_catalog = userPath;
        DesignLoad load = parseDesignForEvaluation(m_saved, before, options);
        QVERIFY2(load.valid(), load.allDiagnostics().toString().c_str());
        QCOMPARE(load.choice, EmbeddedChoice::import_file);
        QVERIFY(std::count(load.imported.begin(), load.imported.end(), "lab-gpu"));
        QVERIFY(std::count(load.imported.begin(), load.imported.end(), "lab-node"));
        QCOMPARE(load.catalog->accelerator("lab-gpu")->origin, catalog::Origin::user);
        QCOMPARE(resultsOf(load).dump(), m_reference.dump());

        const Catalog after = catalog::loadCatalog(userPath, &messages);
        QCOMPARE(after.accelerator("lab-gpu")->tdp_w, 700.0);
        QCOMPARE(after.accelerator("lab-gpu")->memory_gb, 80.0);
        QVERIFY(after.node("lab-node"));
        DesignLoad again = parseDesignForEvaluation(m_saved, after);
        QVERIFY(again.embedded.differing.empty() && again.embedded.added.empty());
    }

    void aFailedImportIsAnErrorAndKeepsTheFilesValues() {
        DesignLoadOptions options;
        options.embedded = EmbeddedChoice::import_file;
        options.user_catalog = "/proc/no-such-dir/user.sqlite";
        DesignLoad load = parseDesignForEvaluation(m_saved, m_differing, options);
        QVERIFY(load.readable());
        QVERIFY(!load.valid());
        QCOMPARE(load.choice, EmbeddedChoice::keep_file);
        const std::string text = load.diagnostics.toString();
        QVERIFY2(text.find("/catalog: could not import") != std::string::npos, text.c_str());
        QCOMPARE(load.catalog->accelerator("lab-gpu")->tdp_w, 700.0);
    }

    void guardsOverridesAndValidationApply() {
        DesignLoadOptions options;
        options.read.overrides = {"strategy.tp=4"};
        DesignLoad load = parseDesignForEvaluation(m_saved, catalog::builtinCatalog(), options);
        QVERIFY2(load.valid(), load.allDiagnostics().toString().c_str());
        QCOMPARE(load.design->strategy.tp, 4);

        options = {};
        options.read.max_bytes = 100;
        load = parseDesignForEvaluation(m_saved, catalog::builtinCatalog(), options);
        QVERIFY(!load.readable());
        QVERIFY(load.catalog);  // always set, so a caller never dereferences null

        // Without its entries the design names parts the catalog lacks: readable, not valid.
        load = parseDesignForEvaluation(kDesign, catalog::builtinCatalog());
        QVERIFY(load.readable() && !load.valid());
        QVERIFY(load.validation.toString().find("/hardware/items/0/ref") != std::string::npos);

        options = {};
        options.validate.max_devices = 8;
        load = parseDesignForEvaluation(m_saved, catalog::builtinCatalog(), options);
        QVERIFY(!load.valid());
    }

    void invalidEmbeddedEntriesAreErrorsWithTheirPointer() {
        auto doc = nlohmann::json::parse(m_saved);
        for (auto& e : doc["catalog"])
            if (e["id"] == "lab-gpu") e["tdp_w"] = -5;
        DesignLoad load = parseDesignForEvaluation(doc.dump(), catalog::builtinCatalog());
        QVERIFY(!load.valid());
        const std::string text = load.diagnostics.toString();
        QVERIFY2(text.find("/tdp_w") != std::string::npos, text.c_str());
        QVERIFY(!load.catalog->accelerator("lab-gpu"));  // nothing half-applied
    }

    void loadsFromAFileLikeFromBytes() {
        const QString path = m_dir.filePath(QStringLiteral("saved.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(m_saved.data(), qint64(m_saved.size()));
        file.close();
        DesignLoad load = loadDesignForEvaluation(path.toStdString(), m_differing);
        QVERIFY(load.valid());
        QCOMPARE(resultsOf(load).dump(), m_reference.dump());
        load = loadDesignForEvaluation(m_dir.filePath(QStringLiteral("absent.json")).toStdString(),
                                       m_differing);
        QVERIFY(!load.readable());
    }

    void choiceNamesRoundTrip() {
        for (EmbeddedChoice c :
             {EmbeddedChoice::keep_file, EmbeddedChoice::adopt_local, EmbeddedChoice::import_file})
            QCOMPARE(embeddedChoiceFromString(toString(c)), std::optional<EmbeddedChoice>(c));
        QVERIFY(!embeddedChoiceFromString("both"));
    }
};

QTEST_GUILESS_MAIN(TestDesignLoad)
#include "tst_design_load.moc"
