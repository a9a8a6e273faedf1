#pragma once
// The catalog entries a design's hardware uses, by role: what sensitivity perturbs and what
// calibration fits.

#include <set>
#include <string>

#include "catalog/catalog.h"
#include "core/design/design.h"

namespace infraplan {

struct UsedParts {
    std::set<std::string> accelerators;
    std::set<std::string> scaleup_links;  // inside nodes / between accelerators
    std::set<std::string> nic_links;      // scale-out ports
    std::set<std::string> nics;
};

// Entries named by the design's items (nodes through their template, fabrics through their
// cables) and drawn links that exist in `catalog`; unknown references are left out
// (validation reports them).
UsedParts usedParts(const Design& design, const catalog::Catalog& catalog);

// "a, b, c"
std::string joinedIds(const std::set<std::string>& ids);

}  // namespace infraplan
