#pragma once
// Why a sizing sweep found no design (docs/planning.md, "When nothing fits"): it remembers the
// closest misses (the fastest cluster, the cheapest one that met the target, the smallest over
// the power budget) and says in one sentence what stood in the way.

#include <optional>
#include <string>

#include "catalog/catalog.h"
#include "core/planning/sizing_target.h"
#include "core/search/strategy_search.h"

namespace infraplan {

struct SizedDesign;

class SizingVerdict {
public:
    SizingVerdict(const SizingTarget& target, const catalog::Catalog& catalog)
        : m_target(target), m_catalog(catalog) {}

    // "" when the design meets the target and both budgets; otherwise why not (and noted).
    std::string problemWith(const SizedDesign& design);
    void rejected(const std::string& why);
    void overPower(const std::string& cluster, double capacity_mw);
    void tooSlowAtPeak(const std::string& cluster, double days);
    void searched(const std::string& cluster, const SearchResult& search);

    std::string whyNone() const;

private:
    std::string targetText() const;

    struct Miss {
        std::string cluster;
        double value = 0;
    };
    const SizingTarget& m_target;
    const catalog::Catalog& m_catalog;
    std::optional<Miss> m_fastest;        // training: fewest days; serving: most goodput
    std::optional<Miss> m_cheapestOver;   // met the target, over the dollar budget
    std::optional<Miss> m_smallestOver;   // over the power budget: the least provisioned MW
    std::optional<Miss> m_largestAtPeak;  // too slow even at peak: the fewest days
    std::string m_firstRejection;
};

}  // namespace infraplan
