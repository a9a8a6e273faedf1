// Entries embedded in a design file: the array a design carries for the ids it uses, and the
// overlay that reports differences from the local catalog field by field.
#include <QtTest>

#include <map>

#include "catalog/builtin.h"
#include "catalog/embedded_entries.h"
#include "catalog/entry_json.h"

using namespace infraplan::catalog;
using nlohmann::json;

namespace {
std::set<std::string> idsOf(const json& array) {
    std::set<std::string> ids;
    for (const auto& e : array)
        ids.insert(e["id"].get<std::string>());
    return ids;
}
}  // namespace

class TestEmbedded : public QObject {
    Q_OBJECT

private slots:
    void embedsReferencedEntriesAndWhatTheyReference() {
        const json array = embeddedEntriesFor(
            builtinCatalog(), {"nvidia-dgx-h100", "llama3-70b", "no-such-id", "nvidia-dgx-h100"});
        const auto ids = idsOf(array);
        for (const char* id :
             {"nvidia-dgx-h100", "nvidia-h100-sxm", "nvlink-4", "nvidia-nvswitch-gen3",
              "nvidia-connectx-7", "ib-ndr-400", "llama3-70b"})
            QVERIFY2(ids.count(id), id);
        QCOMPARE(ids.size(), std::size_t(7));
        QVERIFY(!array[0].contains("origin"));
        QVERIFY(array[0].contains("source"));
    }

    void identicalEntriesChangeNothing() {
        Catalog c = builtinCatalog();
        infraplan::Diagnostics diags;
        const auto report =
            overlayEmbedded(c, embeddedEntriesFor(c, {"nvidia-dgx-h100"}), "/catalog", diags);
        QVERIFY2(diags.items.empty(), diags.toString().c_str());
        QVERIFY(report.added.empty() && report.differing.empty());
        QCOMPARE(c.accelerator("nvidia-h100-sxm")->origin, Origin::builtin);
    }

    void differencesAreReportedFieldByField() {
        json array = embeddedEntriesFor(builtinCatalog(), {"nvidia-h100-sxm"});
        array[0]["tdp_w"] = 750;
        array[0]["memory_gb"] = 96;
        json custom = array[0];
        custom["id"] = "their-gpu";
        array.push_back(custom);

        Catalog design_wins = builtinCatalog();
        infraplan::Diagnostics diags;
        auto report = overlayEmbedded(design_wins, array, "/catalog", diags);
        QVERIFY2(diags.items.empty(), diags.toString().c_str());
        QCOMPARE(report.added, std::vector<std::string>{"their-gpu"});
        QCOMPARE(report.differing.size(), std::size_t(1));
        const EntryDifference& d = report.differing.front();
        QCOMPARE(d.id, std::string("nvidia-h100-sxm"));
        QCOMPARE(d.pointer, std::string("/catalog/0"));
        std::map<std::string, std::pair<json, json>> fields;
        for (const FieldDifference& f : d.fields)
            fields[f.field] = {f.file_value, f.local_value};
        QCOMPARE(fields.size(), std::size_t(2));
        QCOMPARE(fields["tdp_w"].first.get<double>(), 750.0);
        QCOMPARE(fields["tdp_w"].second.get<double>(), 700.0);
        QCOMPARE(fields["memory_gb"].first.get<double>(), 96.0);
        const std::string text = describeDifferences(d);
        QVERIFY2(text.find("tdp_w: file 750, local 700") != std::string::npos, text.c_str());
        const Accelerator* used = design_wins.accelerator("nvidia-h100-sxm");
        QCOMPARE(used->tdp_w, 750.0);
        QCOMPARE(used->origin, Origin::embedded);
        QVERIFY(used->overrides_builtin);
        QCOMPARE(design_wins.accelerator("their-gpu")->origin, Origin::embedded);
        QCOMPARE(report.entries.size(), array.size());

        Catalog local_wins = builtinCatalog();
        diags = {};
        report = overlayEmbedded(local_wins, array, "/catalog", diags, EmbeddedPolicy::use_local);
        QCOMPARE(local_wins.accelerator("nvidia-h100-sxm")->tdp_w, 700.0);
        QVERIFY(local_wins.accelerator("their-gpu"));
        QCOMPARE(report.differing.size(), std::size_t(1));
    }

    void invalidEmbeddedEntriesAreNotApplied() {
        json array = embeddedEntriesFor(builtinCatalog(), {"nvidia-h100-sxm"});
        array[0]["tdp_w"] = -1;
        array.push_back({{"id", "n"},
                         {"kind", "node"},
                         {"name", "n"},
                         {"source", "d"},
                         {"accelerator", "missing-gpu"},
                         {"accelerators", 8}});
        Catalog c = builtinCatalog();
        infraplan::Diagnostics diags;
        overlayEmbedded(c, array, "/catalog", diags);
        QVERIFY(diags.hasErrors());
        QVERIFY(diags.toString().find("/catalog/0/tdp_w") != std::string::npos);
        QCOMPARE(c.accelerator("nvidia-h100-sxm")->tdp_w, 700.0);
        QVERIFY(!c.node("n"));
        diags = {};
        overlayEmbedded(c, json::object(), "/catalog", diags);
        QVERIFY(diags.hasErrors());
    }
};

QTEST_GUILESS_MAIN(TestEmbedded)
#include "tst_embedded.moc"
