// Import and export: a valid file goes in whole, an invalid one not at all (with a message per
// (No apostrophes inside raw strings here: moc does not parse raw string literals.)
// bad row); JSON, CSV and SQLite round-trip the whole built-in catalog; a Hugging Face
// config.json becomes a model; hostile rows (NaN, negative, huge, SQL-ish) are refused.
#include <QtTest>

#include "catalog/builtin.h"
#include "catalog/entry_batch.h"
#include "catalog/hf_config.h"
#include "catalog/import_export.h"
#include "catalog/query.h"
#include "catalog/user_catalog.h"

using namespace infraplan::catalog;
using nlohmann::json;

namespace {

const char* kValid = R"({"format": "infraplan-catalog", "version": 1, "entries": [
  {"id": "acme-x1", "kind": "accelerator", "name": "Acme X1", "vendor": "Acme", "class": "npu",
   "peak_bf16_tflops": 500, "memory_gb": 96, "memory_bw_gb_s": 3000, "tdp_w": 600,
   "scaleup_link": "acme-link", "source": {"document": "Acme X1 datasheet p.2"},
   "field_sources": {"tdp_w": {"document": "Acme press briefing", "provenance": "estimate"}}},
  {"id": "acme-link", "kind": "link", "name": "Acme link", "class": "scale-up",
   "bandwidth_gb_s": 100, "source": "Acme X1 datasheet p.3"},
  {"id": "acme-box", "kind": "node", "name": "Acme box", "accelerator": "acme-x1",
   "accelerators": 16, "scaleup_link": "acme-link", "nic": "nvidia-connectx-7", "nics": 16,
   "nic_link": "ib-ndr-400", "source": "Acme box datasheet"}
]})";

// Every row but the first is wrong in its own way.
const char* kInvalid = R"({"format": "infraplan-catalog", "version": 1, "entries": [
  {"id": "fine-gpu", "kind": "accelerator", "name": "Fine", "class": "gpu", "tdp_w": 300, "source": "x doc"},
  {"id": "neg-gpu", "kind": "accelerator", "name": "Neg", "class": "gpu", "tdp_w": -5, "source": "x doc"},
  {"id": "unit-gpu", "kind": "accelerator", "name": "Unit", "class": "gpu", "memory_tb": 1, "source": "x doc"},
  {"id": "noclass-gpu", "kind": "accelerator", "name": "No class", "source": "x doc"},
  {"id": "huge-gpu", "kind": "accelerator", "name": "Huge", "class": "gpu", "memory_bw_gb_s": 1e300, "source": "x doc"},
  {"id": "Robert); DROP TABLE entry;--", "kind": "link", "name": "x", "class": "scale-out", "bandwidth_gb_s": 1, "source": "x doc"},
  {"id": "orphan-node", "kind": "node", "name": "Orphan", "accelerator": "no-such-gpu", "accelerators": 8, "source": "x doc"},
  {"id": "nosource-link", "kind": "link", "name": "x", "class": "host", "bandwidth_gb_s": 1},
  {"id": "fine-gpu", "kind": "accelerator", "name": "Twice", "class": "gpu", "source": "x doc"}
]})";

std::vector<json> flatAll(const std::vector<AnyEntry>& entries) {
    std::vector<json> out;
    for (const auto& e : entries)
        out.push_back(entryToFlatJson(e));
    return out;
}

}  // namespace

class TestImportExport : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    std::string write(const char* name, const std::string& text) {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write");
        f.write(text.data(), static_cast<qint64>(text.size()));
        return path.toStdString();
    }
    std::string path(const char* name) { return m_dir.filePath(name).toStdString(); }

private slots:
    void validFileIsImportedWhole() {
        const std::string user = path("valid-user.sqlite");
        const ImportReport r = importIntoUserCatalog(write("valid.json", kValid), user);
        QVERIFY2(r.ok, r.diags.toString().c_str());
        QCOMPARE(r.ids.size(), std::size_t(3));
        const Catalog c = loadCatalog(user, nullptr);
        QCOMPARE(c.accelerator("acme-x1")->peak(Precision::bf16), 500.0);
        QCOMPARE(c.accelerator("acme-x1")->sourceOf("tdp_w").provenance, Provenance::estimate);
        QCOMPARE(c.node("acme-box")->accelerators, 16);
        QCOMPARE(c.node("acme-box")->origin, Origin::user);
    }

    void invalidFileWritesNothingAndNamesEveryRow() {
        const std::string user = path("invalid-user.sqlite");
        const ImportReport r = importIntoUserCatalog(write("invalid.json", kInvalid), user);
        QVERIFY(!r.ok);
        const std::string text = r.diags.toString();
        for (const char* expected :
             {"/entries/1/tdp_w", "/entries/2/memory_tb", "/entries/3/class",
              "/entries/4/memory_bw_gb_s", "/entries/5/id", "/entries/6/accelerator",
              "/entries/7/source", "/entries/8/id"})
            QVERIFY2(text.find(expected) != std::string::npos, (expected + ("\n" + text)).c_str());
        QVERIFY(!QFile::exists(QString::fromStdString(user)));  // not even created
        // Into an existing user catalog: its content stays exactly as it was.
        QVERIFY(importIntoUserCatalog(write("valid2.json", kValid), user).ok);
        const std::size_t before = loadCatalog(user, nullptr).size();
        QVERIFY(!importIntoUserCatalog(path("invalid.json"), user).ok);
        const Catalog after = loadCatalog(user, nullptr);
        QCOMPARE(after.size(), before);
        QVERIFY(!after.entry("fine-gpu"));
    }

    void csvHostileCellsAreRefused() {
        const std::string csv =
            "id,kind,name,class,tdp_w,memory_gb,source_document\n"
            "nan-gpu,accelerator,NaN,gpu,nan,80,doc\n"
            "inf-gpu,accelerator,Inf,gpu,inf,80,doc\n"
            "text-gpu,accelerator,Text,gpu,700W,80,doc\n"
            "ok-gpu,accelerator,\"Robert'); DROP TABLE entry;--, \"\"quoted\"\"\",gpu,700,80,doc\n";
        std::vector<AnyEntry> entries;
        ImportReport r = readCatalogFile(write("hostile.csv", csv), builtinCatalog(), {}, &entries);
        QVERIFY(!r.ok);
        QVERIFY(entries.empty());
        const std::string text = r.diags.toString();
        QVERIFY2(text.find("line 2/tdp_w: must be a finite number") != std::string::npos,
                 text.c_str());
        QVERIFY(text.find("line 3/tdp_w") != std::string::npos);
        QVERIFY(text.find("line 4/tdp_w: must be a number") != std::string::npos);
        QVERIFY(text.find("line 5") == std::string::npos);
        // The SQL-ish name alone is just a name: stored and read back verbatim.
        const std::string good =
            "id,kind,name,class,tdp_w,source_document\n"
            "ok-gpu,accelerator,\"Robert'); DROP TABLE entry;--, \"\"q\"\"\",gpu,700,doc\n";
        const std::string user = path("bobby.sqlite");
        r = importIntoUserCatalog(write("bobby.csv", good), user);
        QVERIFY2(r.ok, r.diags.toString().c_str());
        const Catalog c = loadCatalog(user, nullptr);
        QCOMPARE(c.accelerator("ok-gpu")->name,
                 std::string("Robert'); DROP TABLE entry;--, \"q\""));
        QVERIFY(c.accelerator("nvidia-h100-sxm"));
        std::string error;
        QVERIFY(!readCatalogFile(write("open.csv", "id,kind\n\"unterminated,link\n"),
                                 builtinCatalog(), {}, nullptr)
                     .ok);
    }

    void wholeCatalogRoundTripsInEveryFormat() {
        const auto entries = findEntries(builtinCatalog());
        const auto expected = flatAll(entries);
        for (const char* name : {"all.json", "all.csv", "all.sqlite"}) {
            std::string error;
            QVERIFY2(exportEntries(entries, path(name), &error), error.c_str());
            std::vector<AnyEntry> back;
            const ImportReport r = readCatalogFile(path(name), Catalog{}, {}, &back);
            QVERIFY2(r.ok, (name + (": " + r.diags.toString())).c_str());
            QCOMPARE(back.size(), entries.size());
            auto got = flatAll(back);
            std::sort(got.begin(), got.end(),
                      [](const json& a, const json& b) { return a["id"] < b["id"]; });
            auto want = expected;
            std::sort(want.begin(), want.end(),
                      [](const json& a, const json& b) { return a["id"] < b["id"]; });
            for (std::size_t i = 0; i < want.size(); ++i)
                QVERIFY2(got[i] == want[i], (std::string(name) + ": " + want[i]["id"].dump() +
                                             "\n" + got[i].dump() + "\n" + want[i].dump())
                                                .c_str());
        }
    }

    void huggingFaceConfigBecomesAModel() {
        // meta-llama/Meta-Llama-3-8B config.json (abridged).
        const std::string llama = R"({"_name_or_path": "meta-llama/Meta-Llama-3-8B",
          "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_act": "silu",
          "hidden_size": 4096, "intermediate_size": 14336, "num_attention_heads": 32,
          "num_hidden_layers": 32, "num_key_value_heads": 8, "vocab_size": 128256,
          "tie_word_embeddings": false, "rope_theta": 500000.0})";
        std::vector<AnyEntry> entries;
        ImportReport r =
            readCatalogFile(write("config.json", llama), builtinCatalog(), {}, &entries);
        QVERIFY2(r.ok, r.diags.toString().c_str());
        QCOMPARE(r.ids.front(), std::string("meta-llama-meta-llama-3-8b"));
        const Model& m = std::get<Model>(entries.front());
        const Model& ref = *builtinCatalog().model("llama3-8b");
        QCOMPARE(m.layers, ref.layers);
        QCOMPARE(m.hidden, ref.hidden);
        QCOMPARE(m.kv_heads, ref.kv_heads);
        QCOMPARE(m.ffn_hidden, ref.ffn_hidden);
        QCOMPARE(m.ffn, FfnKind::swiglu);
        QCOMPARE(m.vocab, ref.vocab);
        QVERIFY(!m.tied_embeddings);

        const std::string mixtral = R"({"model_type": "mixtral", "hidden_size": 4096,
          "intermediate_size": 14336, "num_attention_heads": 32, "num_hidden_layers": 32,
          "num_key_value_heads": 8, "vocab_size": 32000, "num_local_experts": 8,
          "num_experts_per_tok": 2, "tie_word_embeddings": false})";
        entries.clear();
        ImportOptions options;
        options.model_id = "my-mixtral";
        r = readCatalogFile(write("mixtral.json", mixtral), builtinCatalog(), options, &entries);
        QVERIFY2(r.ok, r.diags.toString().c_str());
        const Model& moe = std::get<Model>(entries.front());
        QCOMPARE(moe.id, std::string("my-mixtral"));
        QVERIFY(moe.moe);
        QCOMPARE(moe.moe->experts, 8);
        QCOMPARE(moe.moe->top_k, 2);
        QCOMPARE(moe.moe->expert_ffn_hidden, 14336);

        const std::string deepseek = R"({"model_type": "deepseek_v3", "hidden_size": 7168,
          "intermediate_size": 18432, "moe_intermediate_size": 2048, "num_attention_heads": 128,
          "num_hidden_layers": 61, "num_key_value_heads": 128, "vocab_size": 129280,
          "n_routed_experts": 256, "n_shared_experts": 1, "num_experts_per_tok": 8,
          "first_k_dense_replace": 3, "q_lora_rank": 1536, "kv_lora_rank": 512,
          "qk_rope_head_dim": 64, "qk_nope_head_dim": 128, "v_head_dim": 128,
          "tie_word_embeddings": false})";
        entries.clear();
        r = readCatalogFile(write("deepseek.json", deepseek), builtinCatalog(), {}, &entries);
        QVERIFY2(r.ok, r.diags.toString().c_str());
        const Model& ds = std::get<Model>(entries.front());
        const Model& dsref = *builtinCatalog().model("deepseek-v3");
        QCOMPARE(ds.id, std::string("deepseek"));  // from the file name
        QCOMPARE(ds.moe->experts, dsref.moe->experts);
        QCOMPARE(ds.moe->shared_experts, 1);
        QCOMPARE(ds.moe->dense_layers, 3);
        QCOMPARE(ds.mla->kv_lora_rank, dsref.mla->kv_lora_rank);
        QCOMPARE(ds.mla->qk_rope_dim, 64);

        // A config without the dimensions is refused with a message naming the field.
        r = readCatalogFile(write("broken.json", R"({"model_type": "llama", "hidden_size": -1})"),
                            builtinCatalog(), {}, nullptr);
        QVERIFY(!r.ok);
        QVERIFY(r.diags.toString().find("num_hidden_layers") != std::string::npos);
    }

    // What the writer emits for an entry with default values, the reader accepts.
    // The planner's "Import Model" reads the file once and accepts a transformers config
    // only: a valid catalog file (or a CSV) is refused with why, and nothing is read in.
    void hfConfigOnlyRefusesCatalogFiles() {
        ImportOptions only;
        only.hf_config_only = true;
        std::vector<AnyEntry> entries;
        for (const std::string& file :
             {write("entries.json", kValid), write("entries.csv", "id,kind\nx,link\n")}) {
            const ImportReport r = readCatalogFile(file, builtinCatalog(), only, &entries);
            QVERIFY(!r.ok);
            QVERIFY(r.ids.empty());
            QVERIFY2(r.diags.toString().find("Hugging Face config.json") != std::string::npos,
                     r.diags.toString().c_str());
        }
        QVERIFY(entries.empty());
        const std::string config = R"({"model_type": "llama", "hidden_size": 1024,
          "intermediate_size": 4096, "num_attention_heads": 8, "num_hidden_layers": 4,
          "vocab_size": 32000})";
        QVERIFY(readCatalogFile(write("config.json", config), builtinCatalog(), only, &entries).ok);
        QCOMPARE(entries.size(), std::size_t{1});
    }

    void defaultEntriesRoundTrip() {
        std::vector<AnyEntry> entries{Accelerator{}, MemoryNode{}, Link{},
                                      Switch{},      Nic{},        Default{}};
        for (auto& e : entries) {
            EntryBase& b = baseOf(e);
            b.id = std::string("x-") + toString(kindOf(e));
            b.name = b.id;
            b.source.document = "test";
            infraplan::Diagnostics diags;
            QVERIFY2(entryFromJson(entryToJson(e), "", diags, Origin::user),
                     diags.toString().c_str());
            QVERIFY2(entryFromJson(entryToFlatJson(e), "", diags, Origin::user),
                     diags.toString().c_str());
        }
    }

    void unknownFormatsAndFilesAreClearErrors() {
        ImportReport r = readCatalogFile(path("missing.json"), builtinCatalog(), {}, nullptr);
        QVERIFY(!r.ok);
        QVERIFY(r.diags.toString().find("cannot read") != std::string::npos);
        r = readCatalogFile(write("x.txt", "hello"), builtinCatalog(), {}, nullptr);
        QVERIFY(!r.ok);
        r = readCatalogFile(write("deep.json", std::string(10000, '[')), builtinCatalog(), {},
                            nullptr);
        QVERIFY(!r.ok);
        r = readCatalogFile(write("garbage.sqlite", "not a database at all"), builtinCatalog(), {},
                            nullptr);
        QVERIFY(!r.ok);
        r = readCatalogFile(write("empty.json", R"({"entries": []})"), builtinCatalog(), {},
                            nullptr);
        QVERIFY(!r.ok);
    }
};

QTEST_GUILESS_MAIN(TestImportExport)
#include "tst_import_export.moc"
