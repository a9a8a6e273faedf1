// The results as a user sees them: the roofline chart of the operators, the Cancel button that
// stops the engine, and the canvas coloured by the network model's link utilization with the
// bottleneck marked on its item.
#include <QChartView>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

#include "ui/canvas/designscene.h"
#include "ui/canvas/linkedge.h"
#include "ui/canvas/nodeitem.h"
#include "ui/dashboard/dashboardwidget.h"
#include "ui/dashboard/rooflinechart.h"
#include "ui/document/designdocument.h"
#include "ui/evaluation/evaluator.h"
#include "ui/mainwindow/mainwindow.h"
#include "windowtest.h"

using namespace infraplan;
using namespace infraplan::ui;

namespace {

QChart* chartNamed(MainWindow& w, const QString& name) {
    return w.dashboard()->chart(name);
}

const nlohmann::json& at(const Evaluation& e, const char* pointer) {
    static const nlohmann::json none;
    const nlohmann::json::json_pointer p(pointer);
    return e.json.contains(p) ? e.json.at(p) : none;
}

}  // namespace

class TestDashboard : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_dir); }

    void rooflinePlotsEveryOperatorWithFlops() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        const Evaluation& e = *w.evaluator()->latest();
        QVERIFY(e.device.has_value());
        const RooflineData data = rooflineData(at(e, "/training/operators"));
        QVERIFY(data.points.size() >= 6);
        QVERIFY(data.without_flops > 0);  // norms, residuals, optimizer: counted, not drawn
        QChart* chart = chartNamed(w, QStringLiteral("Roofline"));
        QVERIFY(chart);
        int points = 0, roofs = 0;
        for (QAbstractSeries* s : chart->series()) {
            if (auto* scatter = qobject_cast<QScatterSeries*>(s)) points += scatter->count();
            if (qobject_cast<QLineSeries*>(s) && !qobject_cast<QScatterSeries*>(s)) ++roofs;
        }
        QCOMPARE(points, int(data.points.size()));
        // A bandwidth roof and one compute roof per distinct peak of the H100 (fp64/fp32,
        // tf32, bf16/fp16, fp8/int8 in the seed catalog): at least three.
        QVERIFY(roofs >= 4);
        const auto axes = chart->axes();
        QCOMPARE(axes.size(), 2);
        for (QAbstractAxis* a : axes)
            QVERIFY(qobject_cast<QLogValueAxis*>(a));
        // Tooltips name the operator with its FLOPs, bytes and time.
        bool named = false;
        for (const RooflinePoint& p : data.points)
            if (p.name == QStringLiteral("mlp-up")) {
                named = p.tooltip.contains(QStringLiteral("mlp-up")) &&
                        p.tooltip.contains(QStringLiteral("GFLOP")) && p.compute_bound;
                QVERIFY(p.achieved_flop_s < e.device->peak(catalog::Precision::bf16) * 1e12);
            }
        QVERIFY(named);
    }

    void cancelButtonStopsTheEngine() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "llama3-70b-inference.json"));
        const quint64 shown = w.evaluator()->latest()->generation;
        Workload workload = w.document()->design().workload;
        workload.requests = 1'000'000;  // a long simulation and goodput search
        w.document()->setWorkload(workload, QStringLiteral("Set requests"));
        QTRY_VERIFY_WITH_TIMEOUT(w.evaluator()->runningToken() != nullptr, 5000);
        const CancelToken* token = w.evaluator()->runningToken();
        auto* cancel = w.findChild<QToolButton*>(QStringLiteral("cancelEvaluation"));
        QVERIFY(cancel);
        QTRY_VERIFY_WITH_TIMEOUT(cancel->isVisible(), 5000);
        QVERIFY(!token->cancelled());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(token->cancelled());
        // The engine thread stops (its polls see the token) and nothing partial is shown.
        QTRY_VERIFY_WITH_TIMEOUT(w.evaluator()->runningToken() == nullptr, 60000);
        QCOMPARE(w.evaluator()->latest()->generation, shown);
        QTRY_VERIFY(!cancel->isVisible());
    }

    void linksColouredAndBottleneckMarked() {
        MainWindow w;
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        const Evaluation& e = *w.evaluator()->latest();
        const nlohmann::json& links = at(e, "/network/links");
        QVERIFY(links.is_array() && !links.empty());
        QSet<QString> loaded;
        for (const auto& l : links)
            loaded.insert(DesignScene::linkKey(l.value("from_item", std::string()),
                                               l.value("to_item", std::string())));
        int coloured = 0;
        const auto& designLinks = w.document()->design().hardware.links;
        for (QGraphicsItem* item : w.scene()->items()) {
            auto* edge = qgraphicsitem_cast<LinkEdge*>(item);
            if (!edge) continue;
            const DesignLink& l = designLinks.at(edge->index());
            const bool expected = loaded.contains(DesignScene::linkKey(l.from, l.to));
            QCOMPARE(edge->utilization() >= 0, expected);
            coloured += expected ? 1 : 0;
        }
        QVERIFY(coloured > 0);
        // One marker, at the item of the binding (non-healthy) bottleneck.
        const QString binding = bindingBottleneckItem(e.results.bottlenecks);
        QVERIFY(!binding.isEmpty());
        int marked = 0;
        for (QGraphicsItem* item : w.scene()->items())
            if (auto* node = dynamic_cast<NodeItem*>(item)) {
                QCOMPARE(node->isBottleneck(), node->id() == binding);
                marked += node->isBottleneck() ? 1 : 0;
            }
        QCOMPARE(marked, 1);
    }
};

QTEST_MAIN(TestDashboard)
#include "tst_dashboard.moc"
