// The comparison report and the report options: better/worse by the results schema's directions,
// inputs that differ listed, author and organisation in the header, extra sections and summary
// lines where the planning and fidelity tools put them.
#include <QtTest>

#include "catalog/catalog.h"
#include "core/design/variants.h"
#include "core/evaluate/evaluate.h"
#include "core/results/results_json.h"
#include "tests/core/example_designs.h"
#include "ui/report/comparisonreport.h"
#include "ui/report/reportdocument.h"
#include "ui/report/reportformat.h"

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

// The verdict cell (the last of the row) of the result labelled `label`; "(no row)" if none.
QString verdictOf(const QString& html, const char* label) {
    const QRegularExpression row(
        QStringLiteral(">%1</td>(.*?)</tr>").arg(QRegularExpression::escape(QLatin1String(label))),
        QRegularExpression::DotMatchesEverythingOption);
    const QRegularExpressionMatch m = row.match(html);
    if (!m.hasMatch()) return QStringLiteral("(no row)");
    const QRegularExpression lastCell(QStringLiteral(">([^<>]*)</td>\\s*$"));
    return lastCell.match(m.captured(1)).captured(1);
}

}  // namespace

class TestComparisonReport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The verdicts come from the results schema's directions, not the units: a longer mean
    // time between interruptions (hours) is better, a longer checkpoint interval (seconds, a
    // choice) neither, a shorter step time better.
    void verdictsFollowTheSchema() {
        const Evaluated a = evaluateExample("megatron-gpt3-175b-a100.json");
        nlohmann::json longer = a.results;
        longer["reliability"]["job_mtbi_h"] =
            a.results["reliability"]["job_mtbi_h"].get<double>() * 2;
        longer["reliability"]["checkpoint_interval_s"] =
            a.results["reliability"]["checkpoint_interval_s"].get<double>() * 2;
        longer["training"]["step_time_s"] = a.results["training"]["step_time_s"].get<double>() / 2;
        const QString html = report::buildComparisonHtml({QStringLiteral("A"), a.design, a.results},
                                                         {QStringLiteral("B"), a.design, longer})
                                 .html;
        QCOMPARE(verdictOf(html, "Mean time between interruptions"), QStringLiteral("better"));
        QCOMPARE(verdictOf(html, "Checkpoint interval"), QString());
        QCOMPARE(verdictOf(html, "Step time"), QStringLiteral("better"));
        const QString reversed =
            report::buildComparisonHtml({QStringLiteral("B"), a.design, longer},
                                        {QStringLiteral("A"), a.design, a.results})
                .html;
        QCOMPARE(verdictOf(reversed, "Mean time between interruptions"), QStringLiteral("worse"));
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

    // A design's variants: a Variants section with a column each, the figures as the variant
    // evaluated alone gives them; one that does not fit says why and shows no figure.
    void variantsAreReportedSideBySide() {
        Evaluated e = evaluateExample("dgx-h100-training.json");
        const QString plain =
            report::buildReportHtml({e.design, catalog::builtinCatalog(), e.results, {}}).html;
        QVERIFY(!plain.contains(QLatin1String("<a name=\"variants\">")));
        Design tp4 = variantOf(e.design, "TP4");
        tp4.strategy.tp = 4;
        Design broken = variantOf(e.design, "TP 3");
        broken.strategy.tp = 3;
        e.design.variants = {tp4, broken};
        const QString html =
            report::buildReportHtml({e.design, catalog::builtinCatalog(), e.results, {}}).html;
        QVERIFY(html.contains(QLatin1String("<a name=\"variants\">")));
        QVERIFY(html.contains(QLatin1String(">TP4<")));
        const nlohmann::json alone =
            resultsToJson(evaluate(standaloneVariant(e.design, tp4), catalog::builtinCatalog()));
        const QString step =
            report::formatField("training.step_time_s", alone["training"]["step_time_s"]);
        QVERIFY2(html.contains(step), qPrintable(step));
        QVERIFY(html.contains(QLatin1String("no: ")));
    }
};

QTEST_MAIN(TestComparisonReport)
#include "tst_comparison_report.moc"
