// The report renderer (ui/report): sections follow the results (a training design has no
// inference section), the numbers are the results' numbers, and the PDF has real pages.
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextDocument>
#include <QtTest>
#include <algorithm>
#include <cmath>

#include "catalog/catalog.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/results/results_json.h"
#include "tests/core/example_designs.h"
#include "ui/report/reportdocument.h"
#include "ui/report/reportexport.h"
#include "ui/report/reportformat.h"

using namespace infraplan;

namespace {

struct Evaluated {
    Design design;
    nlohmann::json results;
    QString file;
};

Evaluated evaluateExample(const char* name) {
    Evaluated e{test::example(name), {}, QString::fromStdString(test::examplePath(name))};
    e.results = resultsToJson(evaluate(e.design, catalog::builtinCatalog()));
    return e;
}

report::ReportHtml html(const Evaluated& e) {
    return report::buildReportHtml({e.design, catalog::builtinCatalog(), e.results, e.file});
}

bool hasChart(const report::ReportHtml& r, const char* title) {
    return std::any_of(r.charts.begin(), r.charts.end(),
                       [&](const report::ChartSpec& c) { return c.title == QLatin1String(title); });
}

bool hasSection(const report::ReportHtml& r, const char* anchor) {
    return r.html.contains(QStringLiteral("<a name=\"%1\">").arg(QLatin1String(anchor)));
}

// Pages of a PDF by its page objects ("/Type /Page", not "/Type /Pages").
int pdfPages(const QByteArray& pdf) {
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![s\\w])"));
    return int(QString::fromLatin1(pdf).count(page));
}

}  // namespace

class TestReport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void trainingReportHasNoInferenceSection() {
        const Evaluated e = evaluateExample("megatron-gpt3-175b-a100.json");
        QVERIFY(e.results.contains("training"));
        QVERIFY(!e.results.contains("inference"));
        const report::ReportHtml r = html(e);
        QVERIFY(hasSection(r, "training"));
        QVERIFY(!hasSection(r, "inference"));
        QVERIFY(!hasChart(r, "Time to first token"));
        QVERIFY(hasChart(r, "Memory per device against capacity"));
        QVERIFY(!r.html.contains(QLatin1String("Inference serving")));
    }

    void inferenceReportHasNoTrainingSection() {
        const report::ReportHtml r = html(evaluateExample("llama3-70b-inference.json"));
        QVERIFY(hasSection(r, "inference"));
        QVERIFY(!hasSection(r, "training"));
        QVERIFY(hasChart(r, "Time to first token"));
        QVERIFY(r.html.contains(QLatin1String("TTFT")));
    }

    // A section is in the report exactly when its results section is.
    void sectionsFollowTheResults_data() {
        QTest::addColumn<QString>("file");
        for (const char* name : {"dgx-h100-training.json", "hand-drawn-cxl.json",
                                 "llama3-70b-inference.json", "megatron-gpt3-175b-a100.json"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }
    void sectionsFollowTheResults() {
        QFETCH(QString, file);
        const Evaluated e = evaluateExample(file.toLatin1().constData());
        const report::ReportHtml r = html(e);
        for (const char* key : {"training", "inference", "memory", "network", "power", "cost"})
            QCOMPARE(hasSection(r, key), e.results.contains(key));
        for (const char* always : {"summary", "hardware", "workload", "sources"})
            QVERIFY2(hasSection(r, always), always);
        const double offloaded = e.results.value("/memory/offloaded_bytes"_json_pointer, 0.0);
        QCOMPARE(r.html.contains(QLatin1String("offloaded to the memory pool")), offloaded > 0);
    }

    void numbersAreTheResultsNumbers() {
        Evaluated e = evaluateExample("megatron-gpt3-175b-a100.json");
        const QString mfu = report::formatField("training.mfu", e.results["training"]["mfu"]);
        QVERIFY(html(e).html.contains(mfu));
        e.results["training"]["mfu"] = 0.0789;
        e.results["feasible"] = false;
        e.results["reasons"] = {"a reason the test made up"};
        const report::ReportHtml r = html(e);
        QVERIFY(r.html.contains(QLatin1String("7.89 %")));
        QVERIFY(!r.html.contains(mfu));
        QVERIFY(r.html.contains(QLatin1String("NOT FEASIBLE")));
        QVERIFY(r.html.contains(QLatin1String("a reason the test made up")));
    }

    // Labels and units come from the results schema, by the field's key.
    void fieldsPrintWithTheirUnits() {
        using report::fieldLabel;
        using report::formatField;
        QCOMPARE(formatField("training.step_time_s", 13.57), QStringLiteral("13.57 s"));
        QCOMPARE(formatField("training.step_time_s", 0.25), QStringLiteral("250 ms"));
        QCOMPARE(formatField("training.mfu", 0.52), QStringLiteral("52.0 %"));
        QCOMPARE(formatField("bottlenecks[].share_of_time", 0.09999), QStringLiteral("10.0 %"));
        QCOMPARE(formatField("cost.capex_usd", 3.214e6), QStringLiteral("$3.214 M"));
        QCOMPARE(formatField("cost.usd_per_device_hour", 2.2433), QStringLiteral("$2.24/h"));
        QCOMPARE(formatField("memory.per_device_bytes", 8e10), QStringLiteral("80 GB"));
        QCOMPARE(formatField("inference.kv_bytes_per_token", 163840.0),
                 QStringLiteral("163.8 kB/token"));
        QCOMPARE(formatField("power.facility_kw", 1530.0), QStringLiteral("1.53 MW"));
        QCOMPARE(formatField("network.links.7.utilization", 0.5), QStringLiteral("50.0 %"));
        QCOMPARE(formatField("training.step_time_s", std::nan("")), QStringLiteral("–"));
        QCOMPARE(formatField("inference.overloaded", nlohmann::json(false)), QStringLiteral("no"));
        QVERIFY_THROWS_EXCEPTION(std::out_of_range, formatField("training.step_time", 1.0));
        QCOMPARE(fieldLabel("training.time_to_train_days"), QStringLiteral("Time to train"));
        QCOMPARE(fieldLabel("power.it_kw"), QStringLiteral("IT power"));
        QCOMPARE(fieldLabel("inference.ttft_ms.p99"), QStringLiteral("TTFT p99"));
        QCOMPARE(fieldLabel("energy.annual_co2_t"), QStringLiteral("Annual emissions"));
    }

    // Rows of one source (a full and a partial rack of DGX) carry distinct names, and the rack
    // table and the rack warnings use those names.
    void rackRowsAndWarningsNameEachRackOnce() {
        Evaluated e{test::example("dgx-h100-training.json"), {}, {}};
        e.design.facility.extra["nodes_per_rack"] = 20;  // a rack of 20 and one of 12, over 40 kW
        e.results = resultsToJson(evaluate(e.design, catalog::builtinCatalog()));
        const report::ReportHtml r = html(e);
        const QString text = r.html;
        QSet<QString> names;
        int dgxRows = 0;
        for (const auto& row : e.results["power"]["per_rack"]) {
            const std::string name = row.value("name", std::string());
            QVERIFY2(!names.contains(QString::fromStdString(name)), name.c_str());
            names.insert(QString::fromStdString(name));
            QVERIFY2(text.contains(report::escaped(name)), name.c_str());
            if (name.find("'dgx'") == std::string::npos) continue;
            ++dgxRows;
            QVERIFY(row.value("over_limit", false));
            bool warned = false;
            for (const auto& w : e.results["warnings"])
                warned |=
                    w.get<std::string>().find(" of " + name + " draw up to") != std::string::npos;
            QVERIFY2(warned, name.c_str());
            QVERIFY(text.contains(report::escaped("1 rack of " + name + " draw up to")));
        }
        QCOMPARE(dgxRows, 2);
        QVERIFY(names.contains(QStringLiteral("'dgx' (20 per rack) #2")));
    }

    // The summary names core's leading bottleneck (the first of the list, which the canvas
    // marks), not the largest share: on this design compute takes the most time but is healthy.
    void summaryNamesCoresLeadingBottleneck() {
        const Evaluated e = evaluateExample("dgx-h100-training.json");
        const nlohmann::json& list = e.results["bottlenecks"];
        QVERIFY(list.is_array() && list.size() >= 2);
        const auto largest =
            std::max_element(list.begin(), list.end(), [](const auto& x, const auto& y) {
                return x.value("share_of_time", 0.0) < y.value("share_of_time", 0.0);
            });
        QCOMPARE(largest->value("resource", std::string()), std::string("compute"));
        QVERIFY(largest != list.begin());  // the old "largest share" rule named another one
        const nlohmann::json& leading = list.front();
        const QString sentence = QStringLiteral("<b>Leading bottleneck:</b> %1 (%2)")
                                     .arg(report::escaped(leading.value("resource", std::string())),
                                          report::escaped(leading.value("phase", std::string())));
        QVERIFY2(html(e).html.contains(sentence), qPrintable(sentence));
    }

    void chartsAreVectorObjectsInTheDocument() {
        const report::ReportHtml r = html(evaluateExample("megatron-gpt3-175b-a100.json"));
        QVERIFY(r.charts.size() >= 5);
        const auto document = report::buildReportDocument(r);
        std::size_t objects = 0;
        for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
            for (auto it = block.begin(); !it.atEnd(); ++it)
                objects += it.fragment().charFormat().objectType() == report::ChartObject::kType;
        QCOMPARE(objects, r.charts.size());
        QVERIFY(!document->toHtml().contains(QLatin1String("chart:")));
    }

    void pdfHasPages() {
        int pages = 0;
        const QByteArray pdf =
            report::renderReportPdf(html(evaluateExample("llama3-70b-inference.json")), &pages);
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY(pdf.size() > 20000);
        QVERIFY(pages >= 2);
        QCOMPARE(pdfPages(pdf), pages);
    }

    // Results with nothing in them (an evaluation that failed early) still make a report.
    void bareResultsStillRender() {
        const Evaluated e = evaluateExample("hand-drawn-cxl.json");
        const nlohmann::json bare = {{"feasible", false}, {"reasons", {"nothing evaluated"}}};
        const report::ReportHtml r =
            report::buildReportHtml({e.design, catalog::builtinCatalog(), bare, {}});
        QVERIFY(!hasSection(r, "training"));
        QVERIFY(!hasSection(r, "power"));
        QVERIFY(r.html.contains(QLatin1String("nothing evaluated")));
        int pages = 0;
        QVERIFY(report::renderReportPdf(r, &pages).startsWith("%PDF-"));
        QVERIFY(pages >= 1);
    }

    void exportWritesByExtension() {
        const Evaluated e = evaluateExample("dgx-h100-training.json");
        const report::ReportInput input{e.design, catalog::builtinCatalog(), e.results, e.file};
        QTemporaryDir dir;
        QString error;
        for (const char* name : {"r.pdf", "r.JSON", "r.csv"}) {
            QVERIFY2(report::exportReport(input, dir.filePath(QLatin1String(name)), "test", &error),
                     qPrintable(error));
        }
        QFile json(dir.filePath(QStringLiteral("r.JSON")));
        QVERIFY(json.open(QIODevice::ReadOnly));
        const auto parsed = nlohmann::json::parse(json.readAll().toStdString());
        QCOMPARE(parsed["results"], e.results);
        QVERIFY(
            !report::exportReport(input, dir.filePath(QStringLiteral("r.docx")), "test", &error));
        QVERIFY2(error.contains(QLatin1String(".pdf, .json or .csv")), qPrintable(error));
        const QString unwritable = dir.filePath(QStringLiteral("no/such/folder/r.pdf"));
        QVERIFY(!report::exportReport(input, unwritable, "test", &error));
        QVERIFY2(error.contains(QLatin1String("cannot write")) && error.contains(unwritable),
                 qPrintable(error));
        QVERIFY(!QFile::exists(unwritable));
    }
};

QTEST_MAIN(TestReport)
#include "tst_report.moc"
