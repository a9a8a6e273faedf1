#pragma once
// The Compare view's chart: each headline metric of B as a percentage of A, one bar per
// metric, coloured by what the change means (better, worse, or a field without a direction),
// so that the comparison reads at a glance.

#include <QString>
#include <vector>

#include "core/io/results_table.h"

class QChart;

namespace infraplan::ui {

struct ComparedMetric {
    QString title;
    double percent_of_a = 0;  // B / A x 100
    Verdict verdict = Verdict::none;
};

// A new chart (the caller owns it); an empty list gives a chart that says so in its title.
QChart* makeComparisonChart(const std::vector<ComparedMetric>& metrics);

}  // namespace infraplan::ui
