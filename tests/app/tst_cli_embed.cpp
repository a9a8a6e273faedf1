// Self-contained designs from the command line: `embed` writes the entries a design uses, and
// the copy evaluates with identical results (results JSON) with an empty user catalog and with
// one whose entry differs, the difference named by field; --embedded picks who wins.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "catalog/builtin.h"
#include "catalog/entry_json.h"
#include "tests/cli_runner.h"

using namespace infraplan;

namespace {

using Run = CliRun;

// The user's own accelerator, as a catalog file to import: an H100 with other figures.
QByteArray labGpuCatalog(double tdp_w) {
    catalog::AnyEntry entry = *catalog::builtinCatalog().accelerator("nvidia-h100-sxm");
    nlohmann::json j = catalog::entryToJson(entry);
    j["id"] = "lab-gpu";
    j["name"] = "Lab GPU";
    j["tdp_w"] = tdp_w;
    j.erase("origin");
    const nlohmann::json doc = {{"format", "infraplan-catalog"}, {"version", 1}, {"entries", {j}}};
    return QByteArray::fromStdString(doc.dump());
}

const char* kDesign = R"({"format": "infraplan-design", "version": 1, "name": "lab",
  "hardware": {"items": [{"id": "gpu", "kind": "accelerator", "ref": "lab-gpu", "count": 8}]},
  "workload": {"model": "llama3-8b", "seq_len": 2048, "global_batch": 64},
  "strategy": {"tp": 8}})";

}  // namespace

class TestCliEmbed : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString write(const QString& name, const QByteArray& content) {
        return writeTestFile(m_dir.path(), name, content);
    }

    // A user catalog holding lab-gpu with this TDP.
    QString userCatalog(const QString& name, double tdp_w) {
        const QString path = m_dir.filePath(name);
        const QString entries = write(name + QStringLiteral(".json"), labGpuCatalog(tdp_w));
        Run run = runCli({"--user-catalog", path, "catalog", "import", entries});
        if (run.exit_code != 0) qFatal("import failed: %s", qPrintable(run.err));
        return path;
    }

    static QString evaluateJson(const QString& design, const QString& user,
                                const QStringList& extra = {}, QString* err = nullptr) {
        Run run = runCli(QStringList{"--user-catalog", user, "evaluate", design, "--json"} + extra);
        if (err) *err = run.err;
        if (run.exit_code != 0) qFatal("evaluate failed: %s", qPrintable(run.err));
        return run.out;
    }

private Q_SLOTS:
    void embeddedCopyEvaluatesIdentically() {
        const QString mine = userCatalog(QStringLiteral("mine.sqlite"), 700);
        const QString design = write(QStringLiteral("lab.json"), kDesign);
        const QString shared = m_dir.filePath(QStringLiteral("lab-shared.json"));
        Run embed = runCli({"--user-catalog", mine, "embed", design, "-o", shared});
        QVERIFY2(embed.exit_code == 0, qPrintable(embed.err));
        QVERIFY(embed.out.contains("catalog entries"));
        const QString reference = evaluateJson(design, mine);
        QVERIFY(nlohmann::json::parse(reference.toStdString())["feasible"].get<bool>());

        // A colleague without the entry: nothing to report, same results.
        const QString empty = m_dir.filePath(QStringLiteral("empty.sqlite"));
        QString err;
        QCOMPARE(evaluateJson(shared, empty, {}, &err), reference);
        QVERIFY2(!err.contains("differs"), qPrintable(err));
        // Without the embedded entries the same catalog cannot evaluate the design at all.
        QCOMPARE(runCli({"--user-catalog", empty, "validate", design}).exit_code, 1);

        // A colleague whose lab-gpu differs: the difference is named, the file's values used.
        const QString theirs = userCatalog(QStringLiteral("theirs.sqlite"), 500);
        QCOMPARE(evaluateJson(shared, theirs, {}, &err), reference);
        QVERIFY2(err.contains("\"lab-gpu\" differs from the local catalog"), qPrintable(err));
        QVERIFY2(err.contains("tdp_w: file 700, local 500"), qPrintable(err));

        // --embedded local: their own figures; --embedded import: the file's, into their catalog.
        QVERIFY(evaluateJson(shared, theirs, {"--embedded", "local"}) != reference);
        Run imported =
            runCli({"--user-catalog", theirs, "validate", shared, "--embedded", "import"});
        QVERIFY2(imported.exit_code == 0, qPrintable(imported.err));
        QVERIFY2(imported.err.contains("imported \"lab-gpu\""), qPrintable(imported.err));
        QCOMPARE(evaluateJson(shared, theirs, {}, &err), reference);
        QVERIFY2(!err.contains("differs"), qPrintable(err));
        Run show = runCli({"--user-catalog", theirs, "catalog", "show", "lab-gpu", "--json"});
        QCOMPARE(nlohmann::json::parse(show.out.toStdString())["tdp_w"].get<double>(), 700.0);
    }

    void embedRefusesToOverwriteItsInput() {
        const QString design = write(QStringLiteral("self.json"), kDesign);
        const QByteArray before = [&] {
            QFile f(design);
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }();
        Run run = runCli({"embed", design, "-o", design});
        QCOMPARE(run.exit_code, 2);
        QVERIFY2(run.err.contains("is the input"), qPrintable(run.err));
        QFile f(design);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before);
    }

    void embedOfAnInvalidDesignExitsOne() {
        const QString design = write(QStringLiteral("unknown.json"), kDesign);  // no lab-gpu here
        const QString out = m_dir.filePath(QStringLiteral("unknown-out.json"));
        Run run = runCli({"embed", design, "-o", out});
        QCOMPARE(run.exit_code, 1);
        QVERIFY2(run.err.contains("/hardware/items/0/ref"), qPrintable(run.err));
        QVERIFY(!QFile::exists(out));
    }

    void badEmbeddedChoiceIsAUsageError() {
        const QString design = write(QStringLiteral("usage.json"), kDesign);
        QCOMPARE(runCli({"validate", design, "--embedded", "both"}).exit_code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliEmbed)
#include "tst_cli_embed.moc"
