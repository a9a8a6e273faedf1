#include "ui/compare/comparechart.h"

#include <QBarCategoryAxis>
#include <QBarLegendMarker>
#include <QBarSet>
#include <QChart>
#include <QHorizontalStackedBarSeries>
#include <QValueAxis>
#include <algorithm>

#include "ui/app/theme.h"

namespace infraplan::ui {
namespace {

// One bar set per meaning: a metric has its value in exactly one, so the stacked series draws
// one bar per metric in that meaning's colour.
struct VerdictSets {
    QBarSet* better;
    QBarSet* worse;
    QBarSet* neutral;
    void append(const ComparedMetric& m) {
        for (QBarSet* set : {better, worse, neutral})
            *set << (set == setFor(m.verdict) ? m.percent_of_a : 0.0);
    }
    QBarSet* setFor(Verdict v) const {
        return v == Verdict::better ? better : v == Verdict::worse ? worse : neutral;
    }
};

QBarSet* makeSet(const QString& label, const QColor& colour) {
    auto* set = new QBarSet(label);
    set->setColor(colour);
    set->setBorderColor(colour);
    return set;
}

}  // namespace

QChart* makeComparisonChart(const std::vector<ComparedMetric>& metrics) {
    auto* chart = new QChart;
    chart->setTheme(theme().dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setAnimationOptions(QChart::NoAnimation);
    if (metrics.empty()) {
        chart->setTitle(QObject::tr("No metric has a figure on both sides"));
        return chart;
    }
    chart->setTitle(QObject::tr("B as a percentage of A (100% = the same)"));
    VerdictSets sets{makeSet(QObject::tr("better"), theme().good),
                     makeSet(QObject::tr("worse"), theme().bad),
                     makeSet(QObject::tr("no direction"), theme().accent)};
    QStringList titles;
    double highest = 100;
    // The category axis lists bottom-up: reversed, the chart reads in the table's order.
    for (auto it = metrics.rbegin(); it != metrics.rend(); ++it) {
        titles << it->title;
        sets.append(*it);
        highest = std::max(highest, it->percent_of_a);
    }
    auto* series = new QHorizontalStackedBarSeries;
    for (QBarSet* set : {sets.better, sets.worse, sets.neutral})
        series->append(set);
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value%"));
    series->setLabelsPrecision(4);
    chart->addSeries(series);
    auto* categories = new QBarCategoryAxis;
    categories->append(titles);
    chart->addAxis(categories, Qt::AlignLeft);
    series->attachAxis(categories);
    auto* axis = new QValueAxis;
    axis->setTitleText(QObject::tr("% of A"));
    axis->setRange(0, highest * 1.1);  // room for the last bar's label
    axis->applyNiceNumbers();          // ticks at round percentages
    axis->setLabelFormat(QStringLiteral("%.0f"));
    chart->addAxis(axis, Qt::AlignBottom);
    series->attachAxis(axis);
    chart->legend()->setAlignment(Qt::AlignBottom);
    // A meaning no metric has would only add an empty entry to the legend.
    const QList<QLegendMarker*> markers = chart->legend()->markers(series);
    for (QLegendMarker* marker : markers)
        if (auto* bar = qobject_cast<QBarLegendMarker*>(marker))
            bar->setVisible(bar->barset()->sum() > 0);
    return chart;
}

}  // namespace infraplan::ui
