// The Pareto front of points to minimise in both coordinates, on hand-made cases: dominated
// points, ties, equal x, and non-finite points left out.
#include <QtTest>

#include <cmath>
#include <limits>

#include "core/search/pareto.h"

using namespace infraplan;

class TestPareto : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void keepsOnlyTheUnbeaten() {
        // (1,5) (2,3) (4,1) form the front; (3,4) is beaten by (2,3), (5,2) by (4,1).
        const std::vector<std::pair<double, double>> points = {
            {3, 4}, {1, 5}, {5, 2}, {2, 3}, {4, 1}};
        QCOMPARE(paretoFront(points), (std::vector<std::size_t>{1, 3, 4}));
    }

    void equalXKeepsTheLowerYAndEqualPointsTheFirst() {
        const std::vector<std::pair<double, double>> points = {{2, 6}, {2, 4}, {1, 9}, {2, 4}};
        QCOMPARE(paretoFront(points), (std::vector<std::size_t>{2, 1}));
    }

    void nonFinitePointsAreLeftOut() {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const double inf = std::numeric_limits<double>::infinity();
        const std::vector<std::pair<double, double>> points = {{nan, 0}, {1, inf}, {3, 3}};
        QCOMPARE(paretoFront(points), (std::vector<std::size_t>{2}));
        QVERIFY(paretoFront({}).empty());
    }
};

QTEST_MAIN(TestPareto)
#include "tst_pareto.moc"
