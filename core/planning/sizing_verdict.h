#pragma once
// Why a sizing sweep found no design (docs/planning.md, "When nothing fits"): it judges each
// sized design against the target and remembers the closest misses (sizing_misses.h).

#include <optional>
#include <string>

#include "catalog/catalog.h"
#include "core/planning/sizing_misses.h"
#include "core/planning/sizing_target.h"
#include "core/search/strategy_search.h"

namespace infraplan {

struct SizedDesign;

class SizingVerdict {
public:
    SizingVerdict(const SizingTarget& target, const catalog::Catalog& catalog)
        : m_target(target), m_catalog(catalog) {}

    // The index of the candidate the next notes are about.
    void atCandidate(std::size_t index) { m_candidate = index; }
    // "" when the design meets the target and both budgets; otherwise why not (and noted).
    std::string problemWith(const SizedDesign& design);
    void rejected(const std::string& why);
    void overPower(const std::string& cluster, double capacity_mw);
    void tooSlowAtPeak(const std::string& cluster, double days);
    void searched(const std::string& cluster, const SearchResult& search);

    std::string whyNone() const { return whyNoDesign(m_misses, verdictTarget(m_target)); }
    const SizingMisses& misses() const { return m_misses; }

private:
    SizingMiss miss(const std::string& cluster, double value) const {
        return {cluster, value, m_candidate};
    }

    const SizingTarget& m_target;
    const catalog::Catalog& m_catalog;
    SizingMisses m_misses;
    std::size_t m_candidate = 0;
};

}  // namespace infraplan
