// The expansion's budget: every vertex kind counts, the counts made before building are within
// 2x of what expand() builds (examples, templates, every fabric generator at several sizes),
// validation refuses what evaluation would refuse, and link counts past a part's ports are
// refused where they are written.
#include <QtTest>

#include <QDir>

#include "catalog/catalog.h"
#include "core/design/validate.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/topology/graph.h"
#include "tests/core/example_designs.h"

using namespace infraplan;

namespace {

Design parse(const std::string& hardware) {
    return test::designWithHardware(hardware, "llama3-8b");
}

// `nodes` DGX H100 attached with all 8 NICs to one fabric of the given topology.
Design fabricDesign(long long nodes, const std::string& fabric) {
    return parse(R"({"items":[{"id":"dgx","kind":"node","ref":"nvidia-dgx-h100","count":)" +
                 std::to_string(nodes) + R"(},
        {"id":"net","kind":"fabric","switch":"nvidia-quantum-2-qm9700","link":"ib-ndr-400",)" +
                 fabric + R"(}],
        "links":[{"from":"dgx","to":"net","ref":"ib-ndr-400","count":8}]})");
}

bool hasError(const Diagnostics& d, const std::string& pointer, const std::string& text) {
    for (const auto& item : d.items)
        if (item.severity == Diagnostic::Severity::error && item.pointer == pointer &&
            item.message.find(text) != std::string::npos)
            return true;
    return false;
}

void compareWithBuilt(const Design& design, const char* name) {
    const auto& catalog = catalog::builtinCatalog();
    const ExpansionCount count = countExpansion(design, catalog);
    const ExpandResult built = expand(design, catalog);
    QVERIFY2(built.ok(), (std::string(name) + ": " + built.diagnostics.toString()).c_str());
    const auto vertices = static_cast<long long>(built.graph.vertices.size());
    const auto edges = static_cast<long long>(built.graph.edges.size());
    const std::string figures = std::string(name) + ": counted " + std::to_string(count.vertices) +
                                " vertices, " + std::to_string(count.edges) + " edges; built " +
                                std::to_string(vertices) + ", " + std::to_string(edges);
    QVERIFY2(count.vertices <= 2 * vertices && vertices <= 2 * count.vertices, figures.c_str());
    QVERIFY2(count.edges <= 2 * edges && edges <= 2 * count.edges, figures.c_str());
}

}  // namespace

class TestExpansionBudget : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void countsOfExamplesAndTemplatesAreWithinTwoTimes() {
        for (const char* folder : {"resources/examples", "resources/templates"}) {
            const QDir dir(QString::fromUtf8(infraplan::test::sourceDir()) + "/" + folder);
            const QStringList files = dir.entryList({"*.json"}, QDir::Files);
            QVERIFY(!files.isEmpty());
            for (const QString& file : files)
                compareWithBuilt(
                    test::repositoryDesign(std::string(folder) + "/" + file.toStdString()),
                    qPrintable(file));
        }
    }

    void countsOfEveryFabricAreWithinTwoTimes_data() {
        QTest::addColumn<QString>("fabric");
        QTest::newRow("fat-tree") << R"("topology":"fat-tree")";
        QTest::newRow("fat-tree 3 tiers") << R"("topology":"fat-tree","tiers":3)";
        QTest::newRow("oversubscribed") << R"("topology":"fat-tree","oversubscription":3)";
        QTest::newRow("rail-optimized") << R"("topology":"rail-optimized","rails":8)";
        QTest::newRow("rail-only") << R"("topology":"rail-only","rails":8)";
        QTest::newRow("torus") << R"("topology":"torus")";
        QTest::newRow("dragonfly") << R"("topology":"dragonfly")";
        QTest::newRow("full mesh") << R"("topology":"full-mesh")";
    }
    void countsOfEveryFabricAreWithinTwoTimes() {
        QFETCH(QString, fabric);
        for (long long nodes : {2, 16, 100, 512}) {
            if (fabric.contains("full-mesh") && nodes > 100) continue;  // n^2 cables
            compareWithBuilt(fabricDesign(nodes, fabric.toStdString()),
                             qPrintable(fabric + " x" + QString::number(nodes)));
        }
    }

    // A million GPUs: about 9 million edges, not the 264 million the old bound claimed.
    void aMillionGpusAreCountedNearTheirRealSize() {
        const ExpansionCount count = countExpansion(
            fabricDesign(125'000, R"("topology":"fat-tree")"), catalog::builtinCatalog());
        QVERIFY2(count.edges > 4'000'000 && count.edges < 18'000'000,
                 std::to_string(count.edges).c_str());
        QVERIFY2(hasError(count.diagnostics, "/hardware/items/0/count", "graph vertices"),
                 count.diagnostics.toString().c_str());
    }

    // Two switch items of 20 million: accelerators were the only thing validate counted.
    void everyVertexKindCountsAndValidateRefusesWhatEvaluateWould() {
        const Design d = parse(R"({"items":[
            {"id":"gpu","kind":"accelerator","ref":"nvidia-h100-sxm","count":8},
            {"id":"sw1","kind":"switch","ref":"nvidia-quantum-2-qm9700","count":20000000},
            {"id":"sw2","kind":"switch","ref":"nvidia-quantum-2-qm9700","count":20000000}]})");
        const Diagnostics validation = validateDesign(d, catalog::builtinCatalog());
        QVERIFY2(hasError(validation, "/hardware/items/1/count", "40,000,008 graph vertices"),
                 validation.toString().c_str());
        const Results results = evaluate(d, catalog::builtinCatalog());
        QVERIFY(!results.feasible);
    }

    void linkCountsPastThePortsAreRefused_data() {
        QTest::addColumn<QString>("hardware");
        QTest::addColumn<QString>("message");
        QTest::newRow("1e9 lanes to a switch") << R"({"items":[
            {"id":"gpu","kind":"accelerator","ref":"nvidia-h100-sxm","count":8},
            {"id":"leaf","kind":"switch","ref":"nvidia-quantum-2-qm9700"}],
            "links":[{"from":"gpu","to":"leaf","ref":"ib-ndr-400","count":1000000000}]})"
                                               << "has 64 ports";
        QTest::newRow("300 NICs on a 64-port switch") << R"({"items":[
            {"id":"nic","kind":"nic","ref":"nvidia-connectx-7","count":300},
            {"id":"leaf","kind":"switch","ref":"nvidia-quantum-2-qm9700"}],
            "links":[{"from":"nic","to":"leaf","ref":"ib-ndr-400"}]})"
                                                      << "300 lanes";
        QTest::newRow("100 NVLinks on an H100") << R"({"items":[
            {"id":"a","kind":"accelerator","ref":"nvidia-h100-sxm"},
            {"id":"b","kind":"accelerator","ref":"nvidia-h100-sxm"}],
            "links":[{"from":"a","to":"b","ref":"nvlink-4","count":100}]})"
                                                << "18 scale-up links";
        QTest::newRow("memory without ports") << R"({"items":[
            {"id":"gpu","kind":"accelerator","ref":"nvidia-h100-sxm"},
            {"id":"pool","kind":"memory","ref":"generic-cxl-pool-1tb"}],
            "links":[{"from":"gpu","to":"pool","ref":"cxl-2","count":100000}]})"
                                              << "more than 4096 ports";
    }
    void linkCountsPastThePortsAreRefused() {
        QFETCH(QString, hardware);
        QFETCH(QString, message);
        const Design d = parse(hardware.toStdString());
        const Diagnostics validation = validateDesign(d, catalog::builtinCatalog());
        QVERIFY2(hasError(validation, "/hardware/links/0/count", message.toStdString()),
                 validation.toString().c_str());
        QVERIFY(!evaluate(d, catalog::builtinCatalog()).feasible);
    }

    // A little past the ports (a drawing that simplifies a cable plan) is only a warning.
    void aFewLanesPastThePortsAreAWarning() {
        const Design d = parse(R"({"items":[
            {"id":"nic","kind":"nic","ref":"nvidia-connectx-7","count":65},
            {"id":"leaf","kind":"switch","ref":"nvidia-quantum-2-qm9700"}],
            "links":[{"from":"nic","to":"leaf","ref":"ib-ndr-400"}]})");
        const Diagnostics validation = validateDesign(d, catalog::builtinCatalog());
        QVERIFY2(!validation.hasErrors(), validation.toString().c_str());
        QVERIFY2(validation.toString().find("/hardware/links/0/count: warning: gives each 'leaf' "
                                            "65 lanes") != std::string::npos,
                 validation.toString().c_str());
    }
};

QTEST_GUILESS_MAIN(TestExpansionBudget)
#include "tst_expansion_budget.moc"
