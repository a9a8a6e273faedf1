// Named variants (scenarios) inside one design file: read and written whole, every problem at
// its pointer inside /variants, one variant read alone (FILE#NAME) with overrides applied to
// it, the saved catalog carrying the parts the variants use, and the swap the GUI undoes.
#include <QtTest>

#include <algorithm>
#include <fstream>

#include "catalog/builtin.h"
#include "core/design/variants.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_embed.h"
#include "core/io/design_json.h"
#include "core/io/design_load.h"

using namespace infraplan;
using nlohmann::json;

namespace {

json gpus(const char* ref) {
    return {{"items", {{{"id", "gpu"}, {"kind", "accelerator"}, {"ref", ref}, {"count", 8}}}}};
}

// A Llama 3 8B training design on 8 H100 with two variants: TP 4, and the same on H200.
json documentWithVariants() {
    const json workload = {{"model", "llama3-8b"}, {"seq_len", 2048}, {"global_batch", 64}};
    return {{"format", "infraplan-design"},
            {"version", 1},
            {"name", "base"},
            {"hardware", gpus("nvidia-h100-sxm")},
            {"workload", workload},
            {"strategy", {{"tp", 8}}},
            {"variants",
             {{{"name", "TP4"},
               {"hardware", gpus("nvidia-h100-sxm")},
               {"workload", workload},
               {"strategy", {{"tp", 4}, {"dp", 2}}}},
              {{"name", "H200 instead"},
               {"description", "the same strategy on H200"},
               {"hardware", gpus("nvidia-h200-sxm")},
               {"workload", workload},
               {"strategy", {{"tp", 8}}}}}}};
}

std::string problemsOf(const json& document) {
    return designFromJson(document).diagnostics.toString();
}

}  // namespace

class TestDesignVariants : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void variantsAreReadAndWrittenWhole() {
        const LoadResult read = designFromJson(documentWithVariants());
        QVERIFY2(read.ok(), read.diagnostics.toString().c_str());
        const Design& d = *read.design;
        QCOMPARE(d.variants.size(), std::size_t{2});
        QCOMPARE(d.variants[0].name, std::string("TP4"));
        QCOMPARE(d.variants[0].strategy.tp, 4);
        QCOMPARE(d.variants[1].description, std::string("the same strategy on H200"));
        QCOMPARE(d.variants[1].hardware.items[0].ref, std::string("nvidia-h200-sxm"));
        QVERIFY(d.extra.empty());  // not kept as an unknown field

        const json written = designToJson(d);
        QVERIFY(written.contains("variants"));
        for (const json& v : written["variants"])
            for (const char* key : {"format", "version", "catalog", "variants"})
                QVERIFY2(!v.contains(key), key);
        const LoadResult again = parseDesign(serializeDesign(d));
        QVERIFY2(again.ok(), again.diagnostics.toString().c_str());
        QCOMPARE(designToJson(*again.design), written);
        // A design without variants writes none.
        QVERIFY(!designToJson(Design{}).contains("variants"));
    }

    void problemsInVariantsNameTheirPlace_data() {
        QTest::addColumn<QString>("path");  // a JSON pointer to set
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not an array") << "/variants"
                                      << R"({"a": 1})"
                                      << "/variants: must be an array of designs";
        QTest::newRow("entry not an object") << "/variants/0"
                                             << "3"
                                             << "/variants/0: must be an object";
        QTest::newRow("no name") << "/variants/0/name"
                                 << "null"
                                 << "/variants/0/name: is required";
        QTest::newRow("empty name") << "/variants/0/name"
                                    << R"("")"
                                    << "/variants/0/name: is required";
        QTest::newRow("duplicate name") << "/variants/1/name"
                                        << R"("TP4")"
                                        << "/variants/1/name: \"TP4\" names an earlier variant too";
        QTest::newRow("nested variants") << "/variants/0/variants"
                                         << "[]"
                                         << "/variants/0/variants: a variant holds no variants";
        QTest::newRow("own catalog") << "/variants/1/catalog"
                                     << "[]"
                                     << "/variants/1/catalog: the file's catalog";
        QTest::newRow("bad field inside") << "/variants/0/strategy/tp"
                                          << "0"
                                          << "/variants/0/strategy/tp:";
        QTest::newRow("missing section") << "/variants/1/hardware"
                                         << "null"
                                         << "/variants/1/hardware";
    }
    void problemsInVariantsNameTheirPlace() {
        QFETCH(QString, path);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        json document = documentWithVariants();
        const json::json_pointer pointer(path.toStdString());
        const json v = json::parse(value.toStdString());
        if (v.is_null())
            document[pointer.parent_pointer()].erase(pointer.back());
        else
            document[pointer] = v;
        const std::string problems = problemsOf(document);
        QVERIFY2(problems.find(expected.toStdString()) != std::string::npos, problems.c_str());
    }

    void tooManyVariantsAreRefused() {
        json document = documentWithVariants();
        const json one = document["variants"][0];
        document["variants"] = json::array();
        for (std::size_t k = 0; k <= kMaxVariants; ++k) {
            json v = one;
            v["name"] = "v" + std::to_string(k);
            document["variants"].push_back(v);
        }
        const std::string problems = problemsOf(document);
        QVERIFY2(problems.find("/variants: holds 101 variants; at most 100") != std::string::npos,
                 problems.c_str());
    }

    // FILE#NAME: the variant read alone, the file's catalog kept, --set applied to the variant.
    void oneVariantIsReadAlone() {
        json document = documentWithVariants();
        document["catalog"] = json::array();
        LoadOptions options;
        options.variant = "TP4";
        options.overrides = {"strategy.dp=1"};
        const LoadResult read = parseDesign(document.dump(), options);
        QVERIFY2(read.ok(), read.diagnostics.toString().c_str());
        QCOMPARE(read.design->name, std::string("TP4"));
        QCOMPARE(read.design->strategy.tp, 4);
        QCOMPARE(read.design->strategy.dp, 1);
        QVERIFY(read.design->variants.empty());

        options.variant = "TP2";
        const std::string problems = parseDesign(document.dump(), options).diagnostics.toString();
        QVERIFY2(problems.find("/variants: the design has no variant named \"TP2\"; it holds "
                               "\"TP4\", \"H200 instead\"") != std::string::npos,
                 problems.c_str());
        document.erase("variants");
        QVERIFY(
            parseDesign(document.dump(), options).diagnostics.toString().find("it holds none") !=
            std::string::npos);
    }

    void aReferenceNamesAVariantOnlyWhereTheFileExists() {
        QTemporaryDir dir;
        const std::string file = dir.filePath(QStringLiteral("a.json")).toStdString();
        const std::string hashed = dir.filePath(QStringLiteral("b#c.json")).toStdString();
        for (const std::string& path : {file, hashed}) {
            std::ofstream out(path);
            out << documentWithVariants().dump();
        }
        DesignReference r = splitDesignReference(file + "#H200 instead");
        QCOMPARE(r.path, file);
        QCOMPARE(r.variant, std::string("H200 instead"));
        r = splitDesignReference(hashed);  // a file whose name holds '#'
        QCOMPARE(r.path, hashed);
        QVERIFY(r.variant.empty());
        QVERIFY(splitDesignReference(file + "#").variant.empty());
        QVERIFY(splitDesignReference(file + "x#TP4").variant.empty());  // no such file

        const DesignLoad load =
            loadDesignForEvaluation(file + "#H200 instead", catalog::builtinCatalog());
        QVERIFY2(load.valid(), load.allDiagnostics().toString().c_str());
        QCOMPARE(load.design->hardware.items[0].ref, std::string("nvidia-h200-sxm"));
    }

    // The GUI's create/apply/undo: a snapshot has no variants or catalog; two swaps restore.
    void aSnapshotAndItsSwapRestoreTheDesign() {
        Design d = *designFromJson(documentWithVariants()).design;
        d.catalog = json::array({json{{"id", "x"}}});
        const json before = designToJson(d);
        const Design snapshot = variantOf(d, uniqueVariantName(d, "TP4"));
        QCOMPARE(snapshot.name, std::string("TP4 (2)"));
        QVERIFY(snapshot.variants.empty());
        QVERIFY(snapshot.catalog.empty());
        QCOMPARE(snapshot.strategy.tp, 8);
        QCOMPARE(uniqueVariantName(d, "TP 2"), std::string("TP 2"));

        Design state = d.variants[0];
        swapVariantState(d, state);
        QCOMPARE(d.strategy.tp, 4);
        QCOMPARE(d.name, std::string("base"));
        QCOMPARE(d.variants.size(), std::size_t{2});
        swapVariantState(d, state);
        QCOMPARE(designToJson(d), before);
    }

    // A save embeds what the variants use, and a variant made standalone evaluates.
    void variantsTravelWithTheirParts() {
        const catalog::Catalog& catalog = catalog::builtinCatalog();
        const Design d = *designFromJson(documentWithVariants()).design;
        const std::vector<std::string> ids = catalogIdsUsedBy(d, catalog);
        QVERIFY(std::find(ids.begin(), ids.end(), "nvidia-h200-sxm") != ids.end());
        const Design h200 = standaloneVariant(d, *findVariant(d, "H200 instead"));
        QVERIFY(h200.variants.empty());
        const Results results = evaluate(h200, catalog);
        QVERIFY2(results.feasible, results.reasons.empty() ? "" : results.reasons[0].c_str());
        QVERIFY(findVariant(d, "nothing") == nullptr);
    }
};

QTEST_GUILESS_MAIN(TestDesignVariants)
#include "tst_design_variants.moc"
