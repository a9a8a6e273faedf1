// Design file reading and writing: round trips, unknown fields, defaults, every structural
// error reported with its JSON pointer.
#include <QtTest>

#include "catalog/catalog.h"
#include "core/design/validate.h"
#include "core/io/design_json.h"
#include "example_designs.h"

using namespace infraplan;

namespace {

nlohmann::json minimalDocument() {
    return nlohmann::json::parse(R"({
      "format": "infraplan-design", "version": 1,
      "hardware": {"items": [{"id": "gpu", "kind": "accelerator", "ref": "nvidia-h100-sxm", "count": 8}]},
      "workload": {"model": "llama3-70b"}
    })");
}

// The messages of a failed parse, one string, for QVERIFY2 and contains-checks.
std::string messagesOf(const nlohmann::json& document) {
    return designFromJson(document).diagnostics.toString();
}

}  // namespace

class TestDesignIo : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void examplesLoadAndValidate_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("training") << "dgx-h100-training.json";
        QTest::newRow("inference") << "llama3-70b-inference.json";
        QTest::newRow("hand-drawn") << "hand-drawn-cxl.json";
    }
    void examplesLoadAndValidate() {
        QFETCH(QString, file);
        LoadResult loaded = loadDesignFile(test::examplePath(file.toUtf8().constData()));
        QVERIFY2(loaded.ok(), loaded.diagnostics.toString().c_str());
        Diagnostics checks = validateDesign(*loaded.design, catalog::builtinCatalog());
        QVERIFY2(!checks.hasErrors(), checks.toString().c_str());
    }

    void roundTripKeepsEverything_data() { examplesLoadAndValidate_data(); }
    void roundTripKeepsEverything() {
        QFETCH(QString, file);
        LoadResult first = loadDesignFile(test::examplePath(file.toUtf8().constData()));
        QVERIFY(first.ok());
        LoadResult second = parseDesign(serializeDesign(*first.design));
        QVERIFY2(second.ok(), second.diagnostics.toString().c_str());
        QCOMPARE(designToJson(*second.design), designToJson(*first.design));
    }

    void unknownFieldsSurviveRoundTrip() {
        nlohmann::json doc = minimalDocument();
        doc["x_top"] = {{"nested", {1, 2, 3}}};
        doc["hardware"]["items"][0]["x_vendor_sku"] = "ABC-123";
        doc["hardware"]["x_rack_notes"] = "row 4";
        doc["workload"]["x_dataset"] = "fineweb";
        doc["strategy"] = {{"tp", 4}, {"x_future_knob", true}};
        doc["facility"] = {{"pue", 1.1}, {"x_site", "Oslo"}};
        LoadResult loaded = designFromJson(doc);
        QVERIFY2(loaded.ok(), loaded.diagnostics.toString().c_str());
        const nlohmann::json saved = nlohmann::json::parse(serializeDesign(*loaded.design));
        QCOMPARE(saved["x_top"], doc["x_top"]);
        QCOMPARE(saved["hardware"]["items"][0]["x_vendor_sku"],
                 doc["hardware"]["items"][0]["x_vendor_sku"]);
        QCOMPARE(saved["hardware"]["x_rack_notes"], doc["hardware"]["x_rack_notes"]);
        QCOMPARE(saved["workload"]["x_dataset"], doc["workload"]["x_dataset"]);
        QCOMPARE(saved["strategy"]["x_future_knob"], nlohmann::json(true));
        QCOMPARE(saved["facility"]["x_site"], nlohmann::json("Oslo"));
        QCOMPARE(saved["strategy"]["tp"], nlohmann::json(4));
    }

    void defaultsApplyWhenFieldsAreAbsent() {
        LoadResult loaded = designFromJson(minimalDocument());
        QVERIFY(loaded.ok());
        const Design& d = *loaded.design;
        QCOMPARE(d.workload.mode, WorkloadMode::training);
        QCOMPARE(d.workload.precision, catalog::Precision::bf16);
        QCOMPARE(d.strategy.tp, 1);
        QVERIFY(d.strategy.dpIsAuto());
        QCOMPARE(d.strategy.schedule, PipelineSchedule::one_f_one_b);
        QCOMPARE(d.facility.pue, 1.3);
        QCOMPARE(d.economics.lifetime_years, 5.0);
        QCOMPARE(d.hardware.items[0].count, 8LL);
    }

    void inlineModelRoundTrips() {
        nlohmann::json doc = minimalDocument();
        doc["workload"]["model"] = {{"name", "tiny"}, {"layers", 4},
                                    {"hidden", 512},  {"heads", 8},
                                    {"kv_heads", 2},  {"ffn", "swiglu"},
                                    {"vocab", 32000}, {"moe", {{"experts", 8}, {"top_k", 2}}}};
        LoadResult loaded = designFromJson(doc);
        QVERIFY2(loaded.ok(), loaded.diagnostics.toString().c_str());
        const auto& model = std::get<catalog::Model>(loaded.design->workload.model);
        QCOMPARE(model.kvHeads(), 2);
        QCOMPARE(model.ffnHidden(), 2048);
        QVERIFY(model.moe.has_value());
        LoadResult again = parseDesign(serializeDesign(*loaded.design));
        QVERIFY(again.ok());
        QCOMPARE(designToJson(*again.design), designToJson(*loaded.design));
    }

    void structuralErrorsNameThePlace_data() {
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("negative count")
            << "/hardware/items/0/count"
            << "-4"
            << "/hardware/items/0/count: must be a positive integer, got -4";
        QTest::newRow("absurd count")
            << "/hardware/items/0/count"
            << "1e15"
            << "/hardware/items/0/count: must be a positive integer no larger";
        QTest::newRow("fractional count") << "/hardware/items/0/count"
                                          << "2.5"
                                          << "/hardware/items/0/count: must be a positive integer";
        QTest::newRow("count as string")
            << "/hardware/items/0/count"
            << "\"8\""
            << "/hardware/items/0/count: must be a positive integer, got \"8\"";
        QTest::newRow("bad kind") << "/hardware/items/0/kind"
                                  << "\"gpu\""
                                  << "/hardware/items/0/kind: must be one of accelerator";
        QTest::newRow("items not array") << "/hardware/items"
                                         << "{}"
                                         << "/hardware/items: must be an array";
        QTest::newRow("tp zero") << "/strategy"
                                 << R"({"tp": 0})"
                                 << "/strategy/tp: must be a positive integer, got 0";
        QTest::newRow("zero stage") << "/strategy"
                                    << R"({"zero": 4})"
                                    << "/strategy/zero: must be at most 3";
        QTest::newRow("pue") << "/facility"
                             << R"({"pue": 0.5})"
                             << "/facility/pue: must be between 1 and 5";
        QTest::newRow("precision") << "/workload/precision"
                                   << "\"fp7\""
                                   << "/workload/precision: must be one of";
        QTest::newRow("format") << "/format"
                                << "\"other\""
                                << "/format: must be \"infraplan-design\"";
        QTest::newRow("dp word") << "/strategy"
                                 << R"({"dp": "max"})"
                                 << "/strategy/dp: must be a positive integer or \"auto\"";
    }
    void structuralErrorsNameThePlace() {
        QFETCH(QString, pointer);
        QFETCH(QString, value);
        QFETCH(QString, expected);
        nlohmann::json doc = minimalDocument();
        doc[nlohmann::json::json_pointer(pointer.toStdString())] =
            nlohmann::json::parse(value.toStdString());
        LoadResult loaded = designFromJson(doc);
        QVERIFY(!loaded.ok());
        const std::string messages = loaded.diagnostics.toString();
        QVERIFY2(messages.find(expected.toStdString()) != std::string::npos, messages.c_str());
    }

    void missingRequiredSections() {
        nlohmann::json doc = minimalDocument();
        doc.erase("hardware");
        doc.erase("workload");
        const std::string messages = messagesOf(doc);
        QVERIFY2(messages.find("/hardware: is required") != std::string::npos, messages.c_str());
        QVERIFY2(messages.find("/workload: is required") != std::string::npos, messages.c_str());
    }

    void everyErrorIsReportedNotJustTheFirst() {
        nlohmann::json doc = minimalDocument();
        doc["hardware"]["items"][0]["count"] = -1;
        doc["strategy"] = {{"tp", -2}, {"pp", "two"}};
        LoadResult loaded = designFromJson(doc);
        QCOMPARE(loaded.diagnostics.errorCount(), std::size_t(3));
    }

    void newerVersionIsRefused() {
        nlohmann::json doc = minimalDocument();
        doc["version"] = 2;
        const std::string messages = messagesOf(doc);
        QVERIFY2(messages.find("/version: this file was written by a newer Infraplan") !=
                     std::string::npos,
                 messages.c_str());
    }

    void syntaxErrorsGiveLineAndColumn() {
        LoadResult truncated =
            parseDesign("{\"format\": \"infraplan-design\",\n \"version\": 1,\n \"hard");
        QVERIFY(!truncated.ok());
        const std::string messages = truncated.diagnostics.toString();
        QVERIFY2(messages.find("line 3") != std::string::npos, messages.c_str());
        LoadResult nan = parseDesign(R"({"format": "infraplan-design", "version": NaN})");
        QVERIFY(!nan.ok());
        QVERIFY(nan.diagnostics.toString().find("not valid JSON") != std::string::npos);
    }

    void hostileSizesAreRefusedBeforeParsing() {
        const std::string deep(10000, '[');
        LoadResult nested = parseDesign(deep);
        QVERIFY(!nested.ok());
        QVERIFY2(nested.diagnostics.toString().find("nesting deeper than 64") != std::string::npos,
                 nested.diagnostics.toString().c_str());
        LoadOptions small;
        small.max_bytes = 1000;
        LoadResult big = parseDesign(std::string(2000, ' '), small);
        QVERIFY(!big.ok());
        QVERIFY(big.diagnostics.toString().find("the limit is") != std::string::npos);
    }

    void overflowingNumbersAreNotInfinity() {
        nlohmann::json doc = minimalDocument();
        std::string text = doc.dump();
        text.replace(text.find("\"version\":1"), 11, "\"version\":1,\"facility\":{\"pue\":1e999}");
        LoadResult loaded = parseDesign(text);
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.diagnostics.toString().find("line 1, column") != std::string::npos,
                 loaded.diagnostics.toString().c_str());
    }

    void overridesApplyBeforeReading() {
        LoadOptions options;
        options.overrides = {"strategy.tp=4", "/workload/precision=fp8",
                             "hardware.items.0.count=2"};
        LoadResult loaded = loadDesignFile(test::examplePath("dgx-h100-training.json"), options);
        QVERIFY2(loaded.ok(), loaded.diagnostics.toString().c_str());
        QCOMPARE(loaded.design->strategy.tp, 4);
        QCOMPARE(loaded.design->workload.precision, catalog::Precision::fp8);
        QCOMPARE(loaded.design->hardware.items[0].count, 2LL);
        options.overrides = {"strategy.tp"};
        QVERIFY(!loadDesignFile(test::examplePath("dgx-h100-training.json"), options).ok());
        options.overrides = {"nosuch.section.tp=4"};
        QVERIFY(!loadDesignFile(test::examplePath("dgx-h100-training.json"), options).ok());
    }

    void atomicSaveWritesAndReplaces() {
        QTemporaryDir dir;
        const std::string path = dir.filePath("saved.json").toStdString();
        LoadResult loaded = designFromJson(minimalDocument());
        QVERIFY(loaded.ok());
        std::string error;
        QVERIFY2(saveDesignFile(*loaded.design, path, &error), error.c_str());
        loaded.design->name = "renamed";
        QVERIFY(saveDesignFile(*loaded.design, path, &error));
        LoadResult reread = loadDesignFile(path);
        QVERIFY(reread.ok());
        QCOMPARE(reread.design->name, std::string("renamed"));
        QVERIFY(!QFile::exists(QString::fromStdString(path + ".saving")));
        QVERIFY(!saveDesignFile(*loaded.design, dir.filePath("no/such/dir/x.json").toStdString(),
                                &error));
    }
};

QTEST_GUILESS_MAIN(TestDesignIo)
#include "tst_design_io.moc"
