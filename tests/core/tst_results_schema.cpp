// The results contract holds both ways on every example and template: every key the results
// JSON has is described by the schema (core/results/schema.h), and every schema field is
// present wherever its parent is (or says when it is not); docs/results.md is what the schema
// generates. A key renamed on either side fails here.
#include <QDir>
#include <QFile>
#include <QtTest>

#include <map>
#include <set>

#include "catalog/catalog.h"
#include "catalog/embedded_entries.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/results/results_json.h"
#include "core/results/schema.h"
#include "tests/support/test_paths.h"

using namespace infraplan;

namespace {

struct Evaluated {
    std::string name;  // "examples/dgx-h100-training.json"
    WorkloadMode mode;
    nlohmann::json results;
};

// Fields no example or template exercises, and why; every other field must appear in one.
const std::set<std::string> kNotInExamples = {
    "cancelled",  // only a cancelled evaluation has it (tst_evaluate_cancel)
};

std::vector<Evaluated> evaluateAll() {
    std::vector<Evaluated> out;
    for (const char* folder : {"examples", "templates"}) {
        const QDir dir(QString::fromUtf8(test::sourceDir()) + QStringLiteral("/resources/") +
                       folder);
        const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
        if (files.isEmpty()) qFatal("no designs in %s", qPrintable(dir.path()));
        for (const QString& file : files) {
            const LoadResult loaded = loadDesignFile(dir.filePath(file).toStdString());
            if (!loaded.ok()) qFatal("cannot load %s", qPrintable(file));
            catalog::Catalog catalog = catalog::builtinCatalog();
            Diagnostics overlay;
            if (!loaded.design->catalog.empty())
                catalog::overlayEmbedded(catalog, loaded.design->catalog, "/catalog", overlay);
            out.push_back({std::string(folder) + "/" + file.toStdString(),
                           loaded.design->workload.mode,
                           resultsToJson(evaluate(*loaded.design, catalog))});
        }
    }
    return out;
}

const std::vector<Evaluated>& designs() {
    static const std::vector<Evaluated> all = evaluateAll();
    return all;
}

bool appliesTo(const ResultField& field, WorkloadMode mode) {
    return field.modes == Modes::both ||
           (field.modes == Modes::training) == (mode == WorkloadMode::training);
}

bool kindMatches(const ResultField& field, const nlohmann::json& v) {
    switch (field.kind) {
        case FieldKind::number:
            return v.is_number() || (v.is_null() && !field.when.empty());
        case FieldKind::integer:
            return v.is_number_integer();
        case FieldKind::flag:
            return v.is_boolean();
        case FieldKind::text:
            return v.is_string();
        case FieldKind::texts:
            return v.is_array() &&
                   std::all_of(v.begin(), v.end(), [](const auto& e) { return e.is_string(); });
        case FieldKind::object:
            return v.is_object() || (v.is_null() && !field.when.empty());
        case FieldKind::map:
            return v.is_object();
        case FieldKind::records:
            return v.is_array();
    }
    return false;
}

// The values at a schema key's path: "training.breakdown" -> the one object, "network.links[]"
// -> every element of the array.
std::vector<const nlohmann::json*> valuesAt(const nlohmann::json& root, const std::string& path) {
    std::vector<const nlohmann::json*> current = {&root};
    std::size_t start = 0;
    while (start < path.size()) {
        const std::size_t dot = std::min(path.find('.', start), path.size());
        std::string name = path.substr(start, dot - start);
        start = dot + 1;
        const bool elements = name.ends_with("[]");
        if (elements) name.resize(name.size() - 2);
        std::vector<const nlohmann::json*> next;
        for (const nlohmann::json* v : current) {
            if (!v->is_object() || !v->contains(name)) continue;
            const nlohmann::json& child = (*v)[name];
            if (!elements)
                next.push_back(&child);
            else if (child.is_array())
                for (const auto& e : child)
                    next.push_back(&e);
        }
        current = std::move(next);
    }
    return current;
}

// The objects a field's key is looked up in: the root for "feasible", each element of every
// `bottlenecks` array for "bottlenecks[].advice", the `training` object for "training.mfu".
std::vector<const nlohmann::json*> containers(const nlohmann::json& root, const std::string& key) {
    const auto last = key.rfind('.');
    return last == std::string::npos ? std::vector<const nlohmann::json*>{&root}
                                     : valuesAt(root, key.substr(0, last));
}

std::string lastSegment(const std::string& key) {
    return key.substr(key.rfind('.') + 1);
}

std::string readFile(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
    return file.readAll().toStdString();
}

}  // namespace

class TestResultsSchema : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void schemaIsWellFormed() {
        std::set<std::string> keys;
        for (const ResultField& f : resultsSchema()) {
            QVERIFY2(keys.insert(f.key).second, f.key.c_str());
            QVERIFY2(!f.label.empty() && !f.meaning.empty(), f.key.c_str());
            QVERIFY2(f.meaning.find('\n') == std::string::npos, f.key.c_str());
            const bool container = f.kind == FieldKind::object || f.kind == FieldKind::records ||
                                   f.kind == FieldKind::map;
            if (container || f.kind == FieldKind::text || f.kind == FieldKind::flag)
                QVERIFY2(f.unit == Unit::none, f.key.c_str());
            if (f.kind == FieldKind::integer) QVERIFY2(f.unit == Unit::count, f.key.c_str());
            // Its parent is described, and is the kind of container the key says.
            const auto dot = f.key.rfind('.');
            if (dot == std::string::npos) continue;
            std::string parent = f.key.substr(0, dot);
            FieldKind expected = FieldKind::object;
            if (parent.ends_with("[]")) {
                parent.resize(parent.size() - 2);
                expected = FieldKind::records;
            } else if (lastSegment(f.key) == "*") {
                expected = FieldKind::map;
            }
            const ResultField* p = findResultField(parent);
            QVERIFY2(p && p->key == parent && p->kind == expected, f.key.c_str());
            QVERIFY2(p->modes == Modes::both || p->modes == f.modes, f.key.c_str());
        }
    }

    void concreteKeysFindTheirField() {
        auto keyOf = [](const char* key) {
            const ResultField* field = findResultField(key);
            return field ? field->key : std::string("(none)");
        };
        QCOMPARE(keyOf("network.links.3.bytes"), std::string("network.links[].bytes"));
        QCOMPARE(keyOf("inventory.peak_tflops.bf16"), std::string("inventory.peak_tflops.*"));
        QCOMPARE(keyOf("training.step_time_s"), std::string("training.step_time_s"));
        QCOMPARE(resultLabel("inventory.peak_tflops.bf16"), std::string("Peak compute (bf16)"));
        QVERIFY(!findResultField("training.step_time"));
        QVERIFY(!findResultField("training.breakdown.*"));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, resultField("training.step_s"));
        const nlohmann::json r = {{"training", {{"step_time_s", 13.5714}}},
                                  {"network", {{"links", {{{"bytes", 1}}, {{"bytes", 2e9}}}}}}};
        QCOMPARE(formatResult(r, "training.step_time_s"), std::string("13.57 s"));
        QCOMPARE(formatResult(r, "network.links.1.bytes"), std::string("2 GB"));
        QCOMPARE(formatResult(r, "training.mfu"), std::string("–"));
    }

    // What resultsToJson() reports as an internal error: each key outside the contract, once.
    void undescribedKeysAreFound() {
        const nlohmann::json r = {
            {"feasible", true},
            {"training", {{"step_time_s", 1.0}, {"step_s", 2.0}, {"extra", {{"a", 1}, {"b", 2}}}}},
            {"network", {{"links", {{{"bytes", 1}, {"speed", 2}}, {{"bytes", 1}, {"speed", 2}}}}}}};
        QCOMPARE(undescribedKeys(r),
                 (std::vector<std::string>{"network.links[].speed", "training.extra",
                                           "training.step_s"}));
        QVERIFY(undescribedKeys(designs().front().results).empty());
    }

    // (a) Every key the results of every example and template hold is in the schema, with the
    // kind it says, for a workload mode it applies to.
    void everyEmittedKeyIsDescribed() {
        for (const Evaluated& d : designs()) {
            QVERIFY2(d.results.value("feasible", false), (d.name + ": not feasible").c_str());
            forEachResult(d.results, [&](const ResultVisit& v) {
                const std::string where = d.name + ": " + v.key + " (" + v.schema_key + ")";
                if (!v.field) QFAIL(("not in the results schema: " + where).c_str());
                QVERIFY2(kindMatches(*v.field, v.value), ("wrong kind: " + where).c_str());
                QVERIFY2(appliesTo(*v.field, d.mode), ("not for this mode: " + where).c_str());
            });
        }
    }

    // (b) Every field is present wherever its parent is, for its modes, unless it says when it
    // is; and every field appears in some example or template (or is listed as exercised
    // elsewhere).
    void everyFieldResolves() {
        std::set<std::string> seen;
        for (const Evaluated& d : designs())
            forEachResult(d.results, [&](const ResultVisit& v) {
                if (!v.value.is_null()) seen.insert(v.schema_key);
            });
        for (const ResultField& f : resultsSchema()) {
            QVERIFY2(seen.count(f.key) != kNotInExamples.count(f.key),
                     ("no example or template has " + f.key +
                      (kNotInExamples.count(f.key) ? " (listed as absent, yet present)" : ""))
                         .c_str());
            if (!f.when.empty() || lastSegment(f.key) == "*") continue;
            for (const Evaluated& d : designs()) {
                if (!appliesTo(f, d.mode)) continue;
                for (const nlohmann::json* c : containers(d.results, f.key)) {
                    const std::string member = lastSegment(f.key);
                    const bool present = c->contains(member) && !(*c)[member].is_null();
                    QVERIFY2(present, (d.name + ": missing " + f.key).c_str());
                }
            }
        }
    }

    void sectionsOfEachModeArePresent() {
        for (const Evaluated& d : designs())
            for (const char* key : {"inventory", "memory", "power", "cooling", "cost", "energy",
                                    d.mode == WorkloadMode::training ? "training" : "inference"})
                QVERIFY2(d.results.contains(key), (d.name + ": no " + key).c_str());
    }

    // (c) docs/results.md holds the tables the schema generates.
    void docsMatchTheSchema() {
        const std::string doc =
            readFile(QString::fromUtf8(test::sourceDir()) + QStringLiteral("/docs/results.md"));
        const std::string begin = "<!-- BEGIN schema: infraplan-cli schema --markdown -->\n";
        const std::string end = "<!-- END schema -->";
        const auto from = doc.find(begin);
        const auto to = doc.find(end);
        QVERIFY2(from != std::string::npos && to != std::string::npos && from < to,
                 "docs/results.md: the generated tables' markers are missing");
        const std::string inDoc = doc.substr(from + begin.size(), to - from - begin.size());
        const std::string generated = resultsSchemaMarkdown();
        if (inDoc != generated) {
            std::size_t line = 1;
            std::size_t i = 0;
            for (; i < std::min(inDoc.size(), generated.size()) && inDoc[i] == generated[i]; ++i)
                line += inDoc[i] == '\n';
            auto lineAt = [i](const std::string& text) {
                const auto start = i == 0 ? 0 : text.rfind('\n', i - 1) + 1;
                return text.substr(start, text.find('\n', start) - start);
            };
            qWarning(
                "docs/results.md differs from the schema at table line %zu:\n  doc:    %s\n"
                "  schema: %s\nRegenerate the part between the markers with "
                "`build/app/infraplan-cli schema --markdown`.",
                line, lineAt(inDoc).c_str(), lineAt(generated).c_str());
            QFAIL("docs/results.md is not what the results schema generates");
        }
    }
};

QTEST_MAIN(TestResultsSchema)
#include "tst_results_schema.moc"
