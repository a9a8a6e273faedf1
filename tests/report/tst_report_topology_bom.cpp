// The report's Topology and Bill of materials sections: the figure's levels and cables are the
// expanded graph's, the BOM's totals are the Cost section's capex classes, its cable and optics
// counts the graph's, and both sections render into the PDF.
#include <QtTest>
#include <algorithm>

#include "catalog/catalog.h"
#include "core/evaluate/evaluate.h"
#include "core/facility/bom.h"
#include "core/results/results_json.h"
#include "tests/core/example_designs.h"
#include "ui/report/reportdocument.h"
#include "ui/report/reportformat.h"

using namespace infraplan;

namespace {

struct Evaluated {
    Design design;
    nlohmann::json results;
};

Evaluated evaluateDesign(const std::string& relativePath) {
    Evaluated e{test::repositoryDesign(relativePath), {}};
    e.results = resultsToJson(evaluate(e.design, catalog::builtinCatalog()));
    return e;
}

report::ReportHtml html(const Evaluated& e) {
    return report::buildReportHtml({e.design, catalog::builtinCatalog(), e.results, {}});
}

const report::ChartSpec* topologyFigure(const report::ReportHtml& r) {
    for (const report::ChartSpec& c : r.charts)
        if (c.kind == report::ChartSpec::Kind::topology) return &c;
    return nullptr;
}

}  // namespace

class TestReportTopologyBom : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void designs_data() {
        QTest::addColumn<QString>("path");
        QTest::newRow("dgx") << QStringLiteral("resources/examples/dgx-h100-training.json");
        QTest::newRow("hand-drawn") << QStringLiteral("resources/examples/hand-drawn-cxl.json");
        QTest::newRow("nvl72") << QStringLiteral("resources/templates/2-gb200-nvl72.json");
        QTest::newRow("tpu") << QStringLiteral("resources/templates/5-tpu-v5p-slice.json");
    }

    void designs() {
        QFETCH(QString, path);
        const Evaluated e = evaluateDesign(path.toStdString());
        const report::ReportHtml r = html(e);
        QVERIFY(r.html.contains(QLatin1String("<a name=\"topology\">")));
        QVERIFY(r.html.contains(QLatin1String("<a name=\"bom\">")));
        const ExpandResult expanded = expand(e.design, catalog::builtinCatalog());
        const Bom bom = buildBom(e.design, catalog::builtinCatalog(), expanded.graph);

        // The figure: one level per kind of equipment, its cables the BOM's cables.
        const report::ChartSpec* figure = topologyFigure(r);
        QVERIFY(figure);
        QVERIFY(!figure->levels.empty());
        long long nodes = 0;
        for (const report::TopologyLevel& level : figure->levels)
            if (level.label == QLatin1String("Nodes")) nodes = level.count;
        if (expanded.graph.nodes > 0) QCOMPARE(nodes, expanded.graph.nodes);
        for (const report::TopologyBand& band : figure->bands) {
            QVERIFY(band.lower >= 0 && band.upper >= band.lower);
            QVERIFY(band.upper < int(figure->levels.size()));
        }

        // BOM: the Cost section's capex classes, the graph's cables and optics, read in the
        // bill of materials section itself (the Cost section prints the same capex figures).
        const qsizetype start = r.html.indexOf(QLatin1String("<a name=\"bom\">"));
        QVERIFY(start >= 0);
        const qsizetype end = r.html.indexOf(QLatin1String("<a name="), start + 1);
        const QString bomHtml = r.html.mid(start, end < 0 ? -1 : end - start);
        const nlohmann::json& capex = e.results["cost"]["capex_breakdown"];
        for (const char* key : {"compute_usd", "network_usd"})
            QVERIFY2(bomHtml.contains(report::quantity(capex[key].get<double>(), Unit::usd)), key);
        QVERIFY(bomHtml.contains(report::quantity(double(bom.cables), Unit::count)));
        QVERIFY(bomHtml.contains(report::quantity(double(bom.optics), Unit::count)));
    }

    void fabricFigureHasSwitchTiersAndUtilization() {
        const Evaluated e = evaluateDesign("resources/examples/dgx-h100-training.json");
        const report::ReportHtml r = html(e);
        const report::ChartSpec* figure = topologyFigure(r);
        QVERIFY(figure);
        QVERIFY(figure->levels.size() >= 3);  // nodes, leaf, spine
        QCOMPARE(figure->levels.front().label, QStringLiteral("Nodes"));
        const bool loaded = std::any_of(
            figure->bands.begin(), figure->bands.end(),
            [](const report::TopologyBand& b) { return b.utilization && *b.utilization > 0; });
        QVERIFY(loaded);
    }

    // The sections expand under the evaluation's limits (`report --max-devices`), not under a
    // default of their own: below the design's device count there is no graph to draw.
    void sectionsUseTheEvaluationsExpandLimits() {
        const Evaluated e = evaluateDesign("resources/examples/dgx-h100-training.json");
        report::ReportInput input{e.design, catalog::builtinCatalog(), e.results, {}};
        input.expand.max_devices = 8;
        const report::ReportHtml small = report::buildReportHtml(input);
        QVERIFY(!topologyFigure(small));
        QVERIFY(!small.html.contains(QLatin1String("<a name=\"bom\">")));
        input.expand.max_devices = 1'000'000;
        QVERIFY(topologyFigure(report::buildReportHtml(input)));
    }

    void pdfRendersBothSections() {
        const Evaluated e = evaluateDesign("resources/examples/dgx-h100-training.json");
        int pages = 0;
        const QByteArray pdf = report::renderReportPdf(html(e), &pages);
        QVERIFY(pages > 3);
        QVERIFY(pdf.size() > 10000);
    }
};

QTEST_MAIN(TestReportTopologyBom)
#include "tst_report_topology_bom.moc"
