// Every figure on the dashboard says what it is (issue 16, item 1): each rack row of the
// results is its own bar with a unique label, a design that does not fit shows no workload
// figures, a missing token budget asks for one, goodput and $/M tokens name the offered load,
// money keeps its cents, advice prints no impossible percentages, and a compute-bound step is
// marked healthy, not as a warning.
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QListWidget>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

#include "core/results/likely_range.h"
#include "ui/dashboard/charts.h"
#include "ui/dashboard/dashboardwidget.h"
#include "ui/dashboard/metriccard.h"
#include "ui/document/designdocument.h"
#include "ui/evaluation/evaluator.h"
#include "ui/mainwindow/mainwindow.h"
#include "ui/widgets/longtext.h"
#include "windowtest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

QChart* chartNamed(MainWindow& w, const QString& name) {
    return w.dashboard()->chart(name);
}

// Waits for the evaluation of the document's latest edit.
void settle(MainWindow& w) {
    QTRY_VERIFY_WITH_TIMEOUT(!w.evaluator()->isBusy() && w.evaluator()->latest() &&
                                 w.evaluator()->latest()->generation == w.evaluator()->requested(),
                             30000);
}

MetricCard* card(MainWindow& w, const char* key) {
    return w.dashboard()->card(QString::fromLatin1(key));
}

}  // namespace

class TestDashboardFigures : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_dir); }

    // Core names each row once ("#1", "#2"); the label adds how many racks a row stands for.
    void rackLabelsAreTheRowsNames() {
        nlohmann::json racks = nlohmann::json::array();
        racks.push_back({{"name", "'dgx' (4 per rack) #1"}, {"racks", 7}, {"average_kw", 40}});
        racks.push_back({{"name", "'dgx' (4 per rack) #2"}, {"racks", 1}, {"average_kw", 20}});
        racks.push_back({{"name", "'ib' equipment"}, {"racks", 1}, {"average_kw", 8}});
        const QStringList labels = rackLabels(racks);
        QCOMPARE(labels, (QStringList{QStringLiteral("'dgx' (4 per rack) #1 ×7"),
                                      QStringLiteral("'dgx' (4 per rack) #2"),
                                      QStringLiteral("'ib' equipment")}));
    }

    void rackChartShowsEveryRackRow() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        settle(w);
        const nlohmann::json& racks = w.evaluator()->latest()->json["power"]["per_rack"];
        QVERIFY(racks.is_array() && racks.size() >= 2);
        QChart* chart = chartNamed(w, QStringLiteral("Power per rack"));
        QVERIFY(chart);
        QBarCategoryAxis* categories = nullptr;
        for (QAbstractAxis* axis : chart->axes())
            if (auto* c = qobject_cast<QBarCategoryAxis*>(axis)) categories = c;
        QVERIFY(categories);
        // As many bars as rows (the PDF's table), none merged under a shared label: the DGX
        // fill full racks and a partial one, rows that core numbers apart.
        QCOMPARE(categories->count(), qsizetype(racks.size()));
        QCOMPARE(categories->categories(), rackLabels(racks));
        const QStringList numberedDgx = categories->categories().filter(
            QRegularExpression(QStringLiteral("^'dgx' \\(\\d+ per rack\\) #\\d")));
        QVERIFY2(numberedDgx.size() >= 2,
                 qPrintable(categories->categories().join(QStringLiteral(" | "))));
    }

    void missingTokenBudgetAsksForOne() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        settle(w);
        QVERIFY(card(w, "training.time_to_train_days")->hasValue());
        Workload workload = w.document()->design().workload;
        workload.train_tokens = 0;
        w.document()->setWorkload(workload, QStringLiteral("Set training tokens"));
        settle(w);
        MetricCard* time = card(w, "training.time_to_train_days");
        QVERIFY(!time->hasValue());
        QVERIFY(!time->valueText().contains(QLatin1String("0 h")));
        QCOMPARE(time->captionText(), QStringLiteral("set a token budget"));
        QVERIFY(!card(w, "training.step_time_s")->captionText().contains(QLatin1String("budget")));
    }

    void infeasibleDesignWithholdsWorkloadFigures() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "megatron-gpt3-175b-a100.json"));
        settle(w);
        QVERIFY(card(w, "training.step_time_s")->hasValue());
        Strategy s = w.document()->design().strategy;
        s.tp = 1;
        s.pp = 1;
        s.zero = 0;  // 175B parameters with Adam on each 80 GB device: many times too much
        w.document()->setStrategy(s, QStringLiteral("Set strategy"));
        settle(w);
        const Evaluation& e = *w.evaluator()->latest();
        QVERIFY(!e.results.feasible);
        for (const char* key : {"training.step_time_s", "training.mfu",
                                "cost.usd_per_million_tokens", "training.time_to_train_days"}) {
            MetricCard* c = card(w, key);
            QVERIFY2(!c->hasValue(), key);
            QCOMPARE(c->captionText(), QStringLiteral("design not feasible"));
        }
        QVERIFY(card(w, "devices")->hasValue());  // the hardware still holds
        QVERIFY(!chartNamed(w, QStringLiteral("Step-time breakdown")));
        // No advice of "little headroom" at many times the memory: over 100 % reads as a multiple.
        const QRegularExpression percent(QStringLiteral("(\\d+)%"));
        for (const Bottleneck& b : e.results.bottlenecks) {
            QVERIFY2(b.advice.find("headroom") == std::string::npos || b.utilization <= 1,
                     b.advice.c_str());
            auto it = percent.globalMatch(QString::fromStdString(b.advice));
            while (it.hasNext())
                QVERIFY2(it.next().captured(1).toInt() <= 100, b.advice.c_str());
        }
        QListWidget* issues = w.dashboard()->issues();
        bool critical = false;
        for (int i = 0; i < issues->count(); ++i)
            critical |=
                issues->item(i)->data(kSeverityRole).toInt() == int(BottleneckSeverity::critical);
        QVERIFY(critical);
    }

    // A warning naming economics.cloud_price_usd_per_device_hour was clipped at the list's
    // right edge: rows now break inside long identifiers, so no unbreakable run is wider than
    // the list, and the text reads the same once the break points are taken out.
    void issuesWrapInsideLongIdentifiers() {
        MainWindow w;
        w.resize(1280, 800);
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        settle(w);
        QListWidget* issues = w.dashboard()->issues();
        const QFontMetrics metrics(issues->font());
        const int room = issues->viewport()->width() - issues->iconSize().width() - 16;
        const QRegularExpression breaks(QStringLiteral("[\\s\\x{200B}]+"));
        bool sawIdentifier = false;
        for (int i = 0; i < issues->count(); ++i) {
            const QString shown = issues->item(i)->text();
            QVERIFY(issues->item(i)->toolTip().startsWith(QString(shown).remove(QChar(0x200B))));
            for (const QString& run : shown.split(breaks, Qt::SkipEmptyParts))
                QVERIFY2(metrics.horizontalAdvance(run) <= room, qPrintable(run));
            sawIdentifier |= shown.contains(QChar(0x200B));
            // Numbers stay whole: "0.23 %" never breaks after its point.
            QVERIFY2(!shown.contains(QRegularExpression(QStringLiteral("\\d[.]\\x{200B}"))),
                     qPrintable(shown));
        }
        QVERIFY(sawIdentifier);
        const QString mixed = breakableText(QStringLiteral("0.23 % (economics.cloud_price 1.5/s)"));
        QCOMPARE(mixed, QStringLiteral("0.23 % (economics.\u200Bcloud_\u200Bprice 1.5/\u200Bs)"));
    }

    void computeBoundIsHealthyNotAWarning() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        settle(w);
        QListWidget* issues = w.dashboard()->issues();
        int healthy = 0;
        for (int i = 0; i < issues->count(); ++i) {
            const QListWidgetItem* row = issues->item(i);
            const bool saysHealthy = row->text().startsWith(QLatin1String("Healthy"));
            const QVariant severity = row->data(kSeverityRole);
            if (saysHealthy) QCOMPARE(severity.toInt(), int(BottleneckSeverity::healthy));
            if (severity.isValid() && severity.toInt() == int(BottleneckSeverity::healthy))
                QVERIFY(saysHealthy);
            healthy += saysHealthy ? 1 : 0;
        }
        QVERIFY(healthy > 0);
        Bottleneck compute;
        compute.phase = BottleneckPhase::compute;
        QCOMPARE(severityOf(compute), BottleneckSeverity::healthy);
        Bottleneck dp;
        dp.phase = BottleneckPhase::dp_comm;
        QCOMPARE(severityOf(dp), BottleneckSeverity::warning);
    }

    void goodputAndCostNameTheOfferedLoad() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "llama3-70b-inference.json"));
        settle(w);
        const auto rate =
            w.evaluator()->latest()->json["inference"].value("request_rate_per_s", 0.0);
        QVERIFY(rate > 0);
        MetricCard* goodput = card(w, "inference.goodput_rps");
        QVERIFY(goodput->hasValue());
        QVERIFY2(goodput->captionText().contains(QLatin1String("offered")),
                 qPrintable(goodput->captionText()));
        QVERIFY(!goodput->valueText().contains(QLatin1String("/s requests/s")));
        MetricCard* cost = card(w, "cost.usd_per_million_tokens");
        QVERIFY(cost->hasValue());
        QVERIFY2(cost->captionText().contains(QLatin1String("offered")),
                 qPrintable(cost->captionText()));
        // Money keeps its cents: "$2.60", never "$2.6".
        const QRegularExpression money(QStringLiteral("^\\$\\d[\\d,]*(\\.\\d\\d)?(\\s|$|/)"));
        for (const char* key : {"cost.usd_per_million_tokens", "cost.usd_per_device_hour"})
            QVERIFY2(money.match(card(w, key)->valueText()).hasMatch(),
                     qPrintable(card(w, key)->valueText()));
    }

    // The error band (docs/error-bands.md): the step time's card shows the likely range the
    // results give, and its tooltip names the runs it rests on; a figure without a band
    // (MFU) shows none.
    void stepTimeShowsItsLikelyRange() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        settle(w);
        const nlohmann::json& j = w.evaluator()->latest()->json;
        const std::string range = likelyRangeText(j, "training.step_time_s");
        QVERIFY(!range.empty());
        MetricCard* step = card(w, "training.step_time_s");
        QVERIFY(step->hasValue());
        QVERIFY2(step->captionText().contains(QString::fromStdString(range)),
                 qPrintable(step->captionText()));
        const QString basis =
            QString::fromStdString(likelyRange(j, "training.step_time_s")->basis());
        QVERIFY(step->findChildren<QLabel*>().back()->toolTip().contains(basis));
        QVERIFY(!card(w, "training.mfu")->captionText().contains(QLatin1String("likely")));
    }
};

QTEST_MAIN(TestDashboardFigures)
#include "tst_dashboard_figures.moc"
