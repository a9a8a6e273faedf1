// The comparison report and the report options: better/worse by the results' units, inputs
// that differ listed, author and organisation in the header, extra sections and summary lines
// where the planning and fidelity tools put them.
#include <QtTest>

#include "catalog/catalog.h"
#include "core/evaluate/evaluate.h"
#include "core/results/results_json.h"
#include "tests/core/example_designs.h"
#include "ui/report/comparisonreport.h"
#include "ui/report/reportdocument.h"

using namespace infraplan;

namespace {

struct Evaluated {
    Design design;
    nlohmann::json results;
};

Evaluated evaluateExample(const char* name) {
    Evaluated e{test::example(name), {}};
    e.results = resultsToJson(evaluate(e.design, catalog::builtinCatalog()));
    return e;
}

}  // namespace

class TestComparisonReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void directionsFollowTheUnits() {
        QCOMPARE(report::betterDirection("training.step_time_s"), -1);
        QCOMPARE(report::betterDirection("cost.tco_usd"), -1);
        QCOMPARE(report::betterDirection("training.tokens_per_s"), 1);
        QCOMPARE(report::betterDirection("training.mfu"), 1);
        QCOMPARE(report::betterDirection("devices"), 0);
        QCOMPARE(report::betterDirection("no.such.key"), 0);
    }

    void sideBySideWithVerdicts() {
        const Evaluated a = evaluateExample("megatron-gpt3-175b-a100.json");
        Evaluated b = a;
        b.design.strategy.tp = a.design.strategy.tp * 2;  // a variant: its own results
        b.results = resultsToJson(evaluate(b.design, catalog::builtinCatalog()));
        report::ReportOptions options;
        options.author = QStringLiteral("A. Planner");
        const report::ReportHtml r =
            report::buildComparisonHtml({QStringLiteral("baseline"), a.design, a.results},
                                        {QStringLiteral("tp x2"), b.design, b.results}, options);
        QVERIFY(r.html.contains(QLatin1String("baseline")));
        QVERIFY(r.html.contains(QLatin1String("tp x2")));
        QVERIFY(r.html.contains(QLatin1String("A. Planner")));
        QVERIFY(r.html.contains(QLatin1String("strategy.tp")));  // the input that differs
        // A verdict cell, not the legend's words: doubling tp changes the step time either way.
        QVERIFY(r.html.contains(QRegularExpression(QStringLiteral(">(better|worse)</td>"))));
        int pages = 0;
        report::renderReportPdf(r, &pages);
        QVERIFY(pages >= 1);
    }

    void optionsReachTheReport() {
        const Evaluated e = evaluateExample("dgx-h100-training.json");
        report::ReportInput in{e.design, catalog::builtinCatalog(), e.results, {}};
        in.options.author = QStringLiteral("Jo <Planner>");
        in.options.organisation = QStringLiteral("Infra Team");
        in.options.summary_lines.emplace_back(QStringLiteral("Step time error band"),
                                              QStringLiteral("±9 %"));
        report::ExtraSection search;
        search.anchor = QStringLiteral("search");
        search.title = QStringLiteral("Strategy search");
        search.headers = {QStringLiteral("Strategy"), QStringLiteral("Days")};
        search.rows = {{QStringLiteral("tp=8 pp=4"), QStringLiteral("12.5")}};
        in.options.sections.push_back(search);
        const QString html = report::buildReportHtml(in).html;
        QVERIFY(html.contains(QLatin1String("Jo &lt;Planner&gt;")));
        QVERIFY(html.contains(QLatin1String("Infra Team")));
        QVERIFY(html.contains(QLatin1String("Step time error band")));
        QVERIFY(html.contains(QLatin1String("<a name=\"search\">")));
        QVERIFY(html.contains(QLatin1String("tp=8 pp=4")));
        // Without options: none of it.
        const QString plain =
            report::buildReportHtml({e.design, catalog::builtinCatalog(), e.results, {}}).html;
        QVERIFY(!plain.contains(QLatin1String("Prepared by")));
        QVERIFY(!plain.contains(QLatin1String("<a name=\"search\">")));
    }
};

QTEST_MAIN(TestComparisonReport)
#include "tst_comparison_report.moc"
