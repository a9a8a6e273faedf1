#pragma once
// The search dialog's chart: each listed strategy's objective against its $/M tokens, coloured
// by its facility power (a few equal power bands, named in kW or MW in the legend), and the
// Pareto front of the points (none is both better and cheaper than a point on it).

#include <QString>

#include "core/search/strategy_search.h"

class QChart;

namespace infraplan::ui {

// The figures of a candidate the dialog shows; NaN where the results lack one.
double searchCostPerMillion(const Results& results);
double searchFacilityKw(const Results& results);

// "Days to train" from "days to train": headers and titles.
QString sentenceCase(const std::string& text);

// A new chart of `result`; the Pareto front is its last series.
QChart* searchChart(const SearchResult& result);

}  // namespace infraplan::ui
