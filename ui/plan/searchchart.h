#pragma once
// The search dialog's chart: each listed strategy's objective against its $/M tokens, coloured
// by its facility power (a few equal power bands, named in kW or MW in the legend), and the
// Pareto front of the points (none is both better and cheaper than a point on it).

#include <QString>
#include <optional>

#include "core/search/strategy_search.h"

class QChart;

namespace infraplan::ui {

// A headline figure of a candidate (core's headlineMetrics), NaN where the results lack it.
double searchFigure(const std::optional<double>& figure);

// "Days to train" from "days to train": headers and titles.
QString sentenceCase(const std::string& text);

// A new chart of `result`; the Pareto front is its last series.
QChart* searchChart(const SearchResult& result);

}  // namespace infraplan::ui
