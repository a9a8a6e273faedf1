// The export commands as a user runs them: `bom` (BOM and cabling plan CSVs), `export-graph`
// (GraphML and JSON of the expanded graph), and `report --compare` / `--author`: files written,
// contents that match the design, usage errors for bad outputs.
#include <QtTest>

#include <QXmlStreamReader>
#include <nlohmann/json.hpp>

#include "catalog/builtin.h"
#include "catalog/csv.h"
#include "core/topology/graph.h"
#include "tests/cli_runner.h"
#include "tests/core/example_designs.h"

using namespace infraplan;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

QString example(const char* name) {
    return QString::fromStdString(test::examplePath(name));
}

}  // namespace

class TestCliExports : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    QString out(const char* name) { return m_dir.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void bomWritesBothCsvs() {
        const CliRun run = runCli({"bom", example("dgx-h100-training.json"), "-o", out("bom.csv"),
                                   "--cabling", out("cabling.csv")});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        QVERIFY(run.out.contains(QLatin1String("cables")));
        std::string error;
        const auto bom = parseCsvTable(readAll(out("bom.csv")).toStdString(), &error);
        QVERIFY2(bom, error.c_str());
        QVERIFY(bom->hasColumn("extended_price_usd") && bom->hasColumn("price_source"));
        const auto plan = parseCsvTable(readAll(out("cabling.csv")).toStdString(), &error);
        QVERIFY2(plan, error.c_str());
        QVERIFY(plan->hasColumn("side_a_device") && plan->hasColumn("side_b_name"));
        long long cables = 0;
        for (const CsvRow& row : bom->rows)
            if (bom->cell(row, "kind") == "cable") cables += std::stoll(bom->cell(row, "quantity"));
        QCOMPARE(static_cast<long long>(plan->rows.size()), cables);
    }

    void bomRefusesToOverwriteItsInput() {
        const QString design = out("d.json");
        QFile::copy(example("dgx-h100-training.json"), design);
        QCOMPARE(runCli({"bom", design, "-o", design}).exit_code, 2);
        QCOMPARE(runCli({"bom", design, "-o", out("x.csv"), "--cabling", out("x.csv")}).exit_code,
                 2);
    }

    void exportGraphJsonMatchesTheGraph() {
        const CliRun run =
            runCli({"export-graph", example("dgx-h100-training.json"), "-o", out("g.json")});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        const auto j = nlohmann::json::parse(readAll(out("g.json")).toStdString());
        const Design d = test::example("dgx-h100-training.json");
        const ExpandResult expanded = expand(d, catalog::builtinCatalog());
        QCOMPARE(j["vertices"].size(), expanded.graph.vertices.size());
        QCOMPARE(j["edges"].size(), expanded.graph.edges.size());
        const auto& e = j["edges"][0];
        for (const char* key : {"source", "target", "link", "tier", "lanes", "bandwidth_gb_s",
                                "latency_ns", "design_link"})
            QVERIFY2(e.contains(key), key);
        QVERIFY(j["vertices"][e["source"].get<std::size_t>()]["id"] == e["source"]);
    }

    void exportGraphMlIsWellFormed() {
        const CliRun run =
            runCli({"export-graph", example("hand-drawn-cxl.json"), "-o", out("g.graphml")});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        QXmlStreamReader xml(readAll(out("g.graphml")));
        int nodes = 0, edges = 0;
        while (!xml.atEnd()) {
            xml.readNext();
            if (xml.isStartElement() && xml.name() == QLatin1String("node")) ++nodes;
            if (xml.isStartElement() && xml.name() == QLatin1String("edge")) ++edges;
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        const ExpandResult expanded =
            expand(test::example("hand-drawn-cxl.json"), catalog::builtinCatalog());
        QCOMPARE(nodes, int(expanded.graph.vertices.size()));
        QCOMPARE(edges, int(expanded.graph.edges.size()));
    }

    void exportGraphUnknownExtensionIsAUsageError() {
        QCOMPARE(runCli({"export-graph", example("dgx-h100-training.json"), "-o", out("g.txt")})
                     .exit_code,
                 2);
    }

    void comparisonReportIsAPdf() {
        const CliRun run = runCli({"report", example("megatron-gpt3-175b-a100.json"), "--compare",
                                   example("dgx-h100-training.json"), "-o", out("cmp.pdf"),
                                   "--author", "A. Planner"});
        QVERIFY2(run.exit_code == 0, qPrintable(run.err));
        QVERIFY(readAll(out("cmp.pdf")).startsWith("%PDF"));
        QCOMPARE(runCli({"report", example("megatron-gpt3-175b-a100.json"), "--compare",
                         example("dgx-h100-training.json"), "-o", out("cmp.csv")})
                     .exit_code,
                 2);
    }
};

QTEST_GUILESS_MAIN(TestCliExports)
#include "tst_cli_exports.moc"
