#include "core/search/search_counts.h"

#include "core/results/format.h"

namespace infraplan {

std::string searchCountsText(const SearchResult& r) {
    std::string text = formatInteger(r.evaluated) + " of " + formatInteger(r.space) +
                       " strategies evaluated (" + formatInteger(r.pruned_memory) +
                       " did not fit in memory, ";
    if (r.pruned_bound > 0)
        text += formatInteger(r.pruned_bound) + " beaten on a lower bound of their step, ";
    return text + formatInteger(r.timed) + " timed), " + formatInteger(r.feasible) + " feasible";
}

}  // namespace infraplan
