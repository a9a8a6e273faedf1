// The planning tools' results as report sections: a search, sizing or sensitivity run in the
// GUI is kept for the open design (ui/plan/planrecord.h) and goes into its report while the
// design's inputs are still the ones it was computed for.
#include <QAction>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include "catalog/builtin.h"
#include "core/evaluate/evaluate.h"
#include "core/results/results_json.h"
#include "core/search/strategy_text.h"
#include "ui/document/designdocument.h"
#include "ui/export/reportexporter.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/plan/planrecord.h"
#include "ui/plan/searchdialog.h"
#include "ui/plan/sensitivitydialog.h"
#include "ui/report/reportdocument.h"
#include "windowtest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

QStringList titles(const std::vector<report::ExtraSection>& sections) {
    QStringList out;
    for (const report::ExtraSection& s : sections)
        out << s.title;
    return out;
}

QString reportHtml(const DesignDocument& document, std::size_t* charts = nullptr) {
    const nlohmann::json results = resultsToJson(evaluate(document.design(), document.catalog()));
    report::ReportInput input{document.design(), document.catalog(), results, QString()};
    input.options = reportOptionsFor(document);
    const report::ReportHtml html = report::buildReportHtml(input);
    if (charts) *charts = html.charts.size();
    return html.html;
}

SizingResult oneSizedDesign(const Design& design) {
    SizingResult r;
    r.candidates = 12;
    r.searched = 3;
    r.strategies_evaluated = 900;
    SizedDesign d;
    d.candidate = {"nvidia-dgx-h100", 32, 1};
    d.cooling = Cooling::direct_liquid;
    d.design = design;
    d.results.inventory.devices = 256;
    d.days_to_train = 41.5;
    d.facility_mw = 0.61;
    d.facility_capacity_mw = 0.8;
    d.capex_usd = 123e6;
    d.tco_usd = 234e6;
    r.designs.push_back(d);
    return r;
}

}  // namespace

class TestPlanReport : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_dir); }

    void searchRunInTheDialogIsASectionWhileCurrent() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        DesignDocument& doc = *w.document();
        QVERIFY(reportOptionsFor(doc).sections.empty());  // nothing run yet

        auto* action = w.findChild<QAction*>(QStringLiteral("searchStrategies"));
        QVERIFY(action);
        action->trigger();
        auto* dialog = w.findChild<SearchDialog*>();
        QVERIFY(dialog);
        dialog->setBudgets(400, 60);
        QSignalSpy done(dialog, &SearchDialog::finished);
        dialog->start();
        QVERIFY(done.wait(uitest::kPlanningWaitMs));
        QVERIFY(dialog->result() && !dialog->result()->best.empty());
        const std::string best = describeStrategy(dialog->result()->best.front().strategy, false);
        delete dialog;  // the result outlives its dialog

        QCOMPARE(titles(reportOptionsFor(doc).sections), QStringList{"Strategy search"});
        const report::ExtraSection section = reportOptionsFor(doc).sections.front();
        QCOMPARE(section.rows.front().value(1), QString::fromStdString(best));
        QVERIFY(section.chart && !section.chart->bars.empty());
        std::size_t charts = 0, chartsBefore = 0;
        const QString html = reportHtml(doc, &charts);
        QVERIFY(html.contains(QLatin1String("Strategy search")));
        QVERIFY(html.contains(QString::fromStdString(best).toHtmlEscaped()));

        // The strategy is what the search varies: changing it keeps the section.
        Strategy strategy = doc.design().strategy;
        strategy.microbatch = 2;
        doc.setStrategy(strategy, QStringLiteral("micro-batch"));
        QCOMPARE(reportOptionsFor(doc).sections.size(), std::size_t{1});
        // The facility is not: the search is left out, and back when the edit is undone.
        Facility facility = doc.design().facility;
        facility.pue = 1.5;
        doc.setFacility(facility, QStringLiteral("PUE"));
        QVERIFY(reportOptionsFor(doc).sections.empty());
        QVERIFY(!reportHtml(doc, &chartsBefore).contains(QLatin1String("Strategy search")));
        QCOMPARE(chartsBefore + 1, charts);  // the section's chart went with it
        doc.undoStack()->undo();
        QCOMPARE(reportOptionsFor(doc).sections.size(), std::size_t{1});
    }

    void sensitivityRunInTheDialogIsASectionWithItsChart() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "llama3-70b-inference.json"));
        DesignDocument& doc = *w.document();
        auto* action = w.findChild<QAction*>(QStringLiteral("sensitivity"));
        QVERIFY(action);
        action->trigger();  // starts the analysis
        auto* dialog = w.findChild<SensitivityDialog*>();
        QVERIFY(dialog);
        QSignalSpy done(dialog, &SensitivityDialog::finished);
        QVERIFY(!dialog->isRunning() || done.wait(uitest::kPlanningWaitMs));
        QVERIFY(dialog->result() && !dialog->result()->inputs.empty());
        const SensitivityResult result = *dialog->result();
        dialog->close();

        const auto sections = reportOptionsFor(doc).sections;
        QCOMPARE(titles(sections), QStringList{"Sensitivity"});
        const report::ExtraSection& s = sections.front();
        QCOMPARE(s.rows.size(), result.inputs.size());
        QCOMPARE(s.rows.front().value(1), QString::fromStdString(result.inputs.front().label));
        QVERIFY(s.headers.value(2).startsWith(QLatin1String("Goodput at")));
        QVERIFY(s.chart);
        QCOMPARE(s.chart->bars.front().value, result.inputs.front().effect * 100);
        QVERIFY(reportHtml(doc).contains(QLatin1String("Sensitivity")));

        // A sensitivity depends on the strategy too.
        Strategy strategy = doc.design().strategy;
        strategy.tp = strategy.tp == 1 ? 2 : 1;
        doc.setStrategy(strategy, QStringLiteral("tp"));
        QVERIFY(reportOptionsFor(doc).sections.empty());
    }

    void sizingIsKeptForTheDesignItWasSizedFrom() {
        DesignDocument doc(catalog::builtinCatalog());
        Diagnostics problems;
        QVERIFY(doc.open(uitest::example("dgx-h100-training.json"), problems));
        SizingTarget target;
        target.workload = doc.design().workload;
        target.workload.train_tokens = 1e12;
        target.deadline_days = 60;
        doc.planRecord().keepSizing(doc.design(), target, SizingRank::tco,
                                    oneSizedDesign(doc.design()));
        const auto sections = reportOptionsFor(doc).sections;
        QCOMPARE(titles(sections), QStringList{"Hardware sizing"});
        const report::ExtraSection& s = sections.front();
        QVERIFY2(s.intro.contains(QLatin1String("within 60 days")), qPrintable(s.intro));
        QCOMPARE(s.rows.size(), std::size_t{1});
        QCOMPARE(s.rows.front().value(1), QStringLiteral("nvidia-dgx-h100"));
        QCOMPARE(s.rows.front().value(3), QStringLiteral("256"));
        QCOMPARE(s.rows.front().value(4), QStringLiteral("direct-liquid"));
        // Renamed or moved: still the same design.
        doc.setName("renamed");
        QCOMPARE(reportOptionsFor(doc).sections.size(), std::size_t{1});
        Workload workload = doc.design().workload;
        workload.global_batch *= 2;
        doc.setWorkload(workload, QStringLiteral("batch"));
        QVERIFY(reportOptionsFor(doc).sections.empty());
    }
};

QTEST_MAIN(TestPlanReport)
#include "tst_plan_report.moc"
