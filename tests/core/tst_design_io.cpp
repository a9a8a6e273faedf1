// Design file reading and writing: round trips, unknown fields, defaults, every structural
// error reported with its JSON pointer.
#include <QDir>
#include <QtTest>

#include "catalog/catalog.h"
#include "core/design/item_index.h"
#include "core/design/resolve.h"
#include "core/design/validate.h"
#include "core/io/design_json.h"
#include "core/io/input_diff.h"
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
    // The index that keeps validation linear answers as Design::findItem does: the first of
    // two items with one id, nothing for an unknown one, and the same nested counts.
    void itemIndexAnswersAsFindItem() {
        Design d;
        auto add = [&](std::string id, std::string parent, long long count) {
            Item item;
            item.id = std::move(id);
            item.kind = ItemKind::group;
            item.parent = std::move(parent);
            item.count = count;
            d.hardware.items.push_back(item);
        };
        add("pod", "", 4);
        add("rack", "pod", 8);
        add("server", "rack", 2);
        add("rack", "", 100);  // a duplicate id (refused by validation): the first one counts
        const ItemIndex index(d);
        QCOMPARE(index.size(), std::size_t{4});
        QCOMPARE(index.find("rack"), d.findItem("rack"));
        QCOMPARE(index.find("rack"), &d.hardware.items[1]);
        QCOMPARE(index.find("nowhere"), nullptr);
        QCOMPARE(index.find(""), nullptr);
        for (const Item& item : d.hardware.items)
            QCOMPARE(totalInstances(index, item), totalInstances(d, item));
        QCOMPARE(totalInstances(index, d.hardware.items[2]), 64LL);
    }
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

    void typedFieldsRoundTrip() {
        nlohmann::json doc = minimalDocument();
        doc["workload"]["mode"] = "inference";
        doc["workload"]["requests"] = 2500;
        doc["workload"]["seed"] = 123456789012LL;
        doc["strategy"] = {{"overlap_tp_scope", "backward"},
                           {"moe_imbalance", 1.3},
                           {"framework", "torchtitan-eager"},
                           {"speculative", {{"draft_model", "llama3-8b"}, {"draft_tokens", 6}}},
                           {"max_step_tokens", 0},
                           {"memory_utilization", 0.85},
                           {"kv_block_tokens", 32},
                           {"decode_attention", "per-head"},
                           {"runtime", "vllm-rocm"},
                           {"near_memory_attention", "pim"}};
        LoadResult loaded = designFromJson(doc);
        QVERIFY2(loaded.ok(), loaded.diagnostics.toString().c_str());
        const Design& d = *loaded.design;
        QCOMPARE(d.strategy.overlap_tp_scope, OverlapTpScope::backward);
        QCOMPARE(d.strategy.moe_imbalance, 1.3);
        QCOMPARE(d.strategy.framework, TrainingFramework::torchtitan_eager);
        QVERIFY(d.strategy.speculative);
        QCOMPARE(d.strategy.speculative->draft_model, std::string("llama3-8b"));
        QCOMPARE(d.strategy.speculative->draft_tokens, 6);
        QCOMPARE(d.strategy.speculative->acceptance_rate, 0.7);  // its default
        QCOMPARE(d.strategy.maxStepTokens(), 0);
        QCOMPARE(d.strategy.memory_utilization, 0.85);
        QCOMPARE(d.strategy.kv_block_tokens, 32);
        QCOMPARE(d.strategy.decode_attention, DecodeAttention::per_head);
        QCOMPARE(d.strategy.runtime, InferenceRuntime::vllm_rocm);
        QCOMPARE(d.strategy.near_memory_attention, std::string("pim"));
        QCOMPARE(d.workload.requests, std::optional<long long>(2500));
        QCOMPARE(d.workload.seed, std::uint64_t(123456789012LL));
        QVERIFY(d.strategy.extra.empty() && d.workload.extra.empty());  // none left untyped
        LoadResult again = parseDesign(serializeDesign(d));
        QVERIFY2(again.ok(), again.diagnostics.toString().c_str());
        QCOMPARE(designToJson(*again.design), designToJson(d));
    }

    void typedFieldDefaults() {
        LoadResult loaded = designFromJson(minimalDocument());
        QVERIFY(loaded.ok());
        const Strategy& s = loaded.design->strategy;
        QCOMPARE(s.overlap_tp_scope, OverlapTpScope::full);
        QCOMPARE(s.moe_imbalance, 1.15);
        QVERIFY(!s.speculative && !s.max_step_tokens);
        QCOMPARE(s.maxStepTokens(), 8192);
        Strategy batched = s;
        batched.scheduler = BatchScheduler::static_;
        QCOMPARE(batched.maxStepTokens(), 0);
        QCOMPARE(s.memory_utilization, 0.9);
        QCOMPARE(s.kv_block_tokens, 16);
        QCOMPARE(s.decode_attention, DecodeAttention::grouped);
        QCOMPARE(s.runtime, InferenceRuntime::generic);
        QVERIFY(s.near_memory_attention.empty());
        QVERIFY(!loaded.design->workload.requests);
        QCOMPARE(loaded.design->workload.seed, std::uint64_t(1));
    }

    void typedReferencesAreValidated() {
        nlohmann::json doc = minimalDocument();
        doc["strategy"] = {{"speculative", {{"draft_model", "no-such-model"}}},
                           {"near_memory_attention", "gpu"}};
        LoadResult loaded = designFromJson(doc);
        QVERIFY(loaded.ok());
        const std::string text =
            validateDesign(*loaded.design, catalog::builtinCatalog()).toString();
        QVERIFY2(text.find("/strategy/speculative/draft_model: \"no-such-model\" is not in "
                           "the catalog") != std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("/strategy/near_memory_attention: must name a memory item") !=
                     std::string::npos,
                 text.c_str());
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
        QTest::newRow("moe imbalance") << "/strategy"
                                       << R"({"moe_imbalance": 0.5})"
                                       << "/strategy/moe_imbalance: must be between 1 and 64";
        QTest::newRow("overlap scope") << "/strategy"
                                       << R"({"overlap_tp_scope": "sideways"})"
                                       << "/strategy/overlap_tp_scope: must be one of full, "
                                          "backward, forward, got \"sideways\"";
        QTest::newRow("framework") << "/strategy"
                                   << R"({"framework": "deepspeed"})"
                                   << "/strategy/framework: must be one of megatron-core, nemo, "
                                      "nemo-bf16-grads, torchtitan";
        QTest::newRow("decode attention")
            << "/strategy"
            << R"({"decode_attention": "sideways"})"
            << "/strategy/decode_attention: must be one of grouped, per-head";
        QTest::newRow("runtime")
            << "/strategy"
            << R"({"runtime": "tgi"})"
            << "/strategy/runtime: must be one of generic, trt-llm, vllm, sglang, vllm-rocm, "
               "trt-llm-engine";
        QTest::newRow("draft model missing") << "/strategy"
                                             << R"({"speculative": {"draft_tokens": 4}})"
                                             << "/strategy/speculative/draft_model: is required";
        QTest::newRow("draft tokens") << "/strategy"
                                      << R"({"speculative": {"draft_model": "llama3-8b",
                                            "draft_tokens": 40}})"
                                      << "/strategy/speculative/draft_tokens: must be";
        QTest::newRow("acceptance") << "/strategy"
                                    << R"({"speculative": {"draft_model": "llama3-8b",
                                          "acceptance_rate": 1.5}})"
                                    << "/strategy/speculative/acceptance_rate: must be between";
        QTest::newRow("speculative type") << "/strategy"
                                          << R"({"speculative": "yes"})"
                                          << "/strategy/speculative: must be an object";
        QTest::newRow("step tokens") << "/strategy"
                                     << R"({"max_step_tokens": "lots"})"
                                     << "/strategy/max_step_tokens: must be";
        QTest::newRow("memory share") << "/strategy"
                                      << R"({"memory_utilization": 0.05})"
                                      << "/strategy/memory_utilization: must be between 0.1 and 1";
        QTest::newRow("kv block") << "/strategy"
                                  << R"({"kv_block_tokens": 0})"
                                  << "/strategy/kv_block_tokens: must be";
        QTest::newRow("near memory") << "/strategy"
                                     << R"({"near_memory_attention": 5})"
                                     << "/strategy/near_memory_attention: must be a string";
        QTest::newRow("requests") << "/workload/requests"
                                  << "0"
                                  << "/workload/requests: must be";
        QTest::newRow("seed") << "/workload/seed"
                              << "-1"
                              << "/workload/seed: must be";
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
        // Nothing but the saved file: the temporary file was renamed into place.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files),
                 QStringList{QStringLiteral("saved.json")});
        QVERIFY(!saveDesignFile(*loaded.design, dir.filePath("no/such/dir/x.json").toStdString(),
                                &error));
        QVERIFY2(error.find("no/such/dir/x.json: No such file or directory") != std::string::npos,
                 error.c_str());
    }

    // What Compare and the comparison report list: only the inputs that differ, by key, with
    // both values; the rest counted.
    void compareInputsListsOnlyWhatDiffers() {
        const Design a = test::example("dgx-h100-training.json");
        Design b = a;
        QVERIFY(compareInputs(a, b).differences.empty());
        const std::size_t same = compareInputs(a, b).same;
        QVERIFY(same > 10);
        b.strategy.tp = a.strategy.tp * 2;
        b.workload.global_batch = a.workload.global_batch + 1;
        const InputComparison c = compareInputs(a, b);
        QCOMPARE(c.differences.size(), std::size_t(2));
        QCOMPARE(c.differences[0].key, std::string("workload.global_batch"));
        QCOMPARE(c.differences[1].key, std::string("strategy.tp"));
        QCOMPARE(c.differences[1].a.get<int>(), a.strategy.tp);
        QCOMPARE(c.differences[1].b.get<int>(), b.strategy.tp);
        QCOMPARE(c.same, same - 2);
    }
};

QTEST_GUILESS_MAIN(TestDesignIo)
#include "tst_design_io.moc"
