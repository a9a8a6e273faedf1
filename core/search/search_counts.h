#pragma once
// How much of its space a search looked at, in words, as the CLI, the search dialog and the
// report say it: "108,816 of 108,816 strategies evaluated (66,678 did not fit in memory,
// 27,831 beaten on a lower bound of their step, 14,307 timed), 14,307 feasible". The feasible
// count is of the timed ones: a strategy beaten on its bound is not timed, so not counted.

#include <string>

#include "core/search/strategy_search.h"

namespace infraplan {

std::string searchCountsText(const SearchResult& result);

}  // namespace infraplan
