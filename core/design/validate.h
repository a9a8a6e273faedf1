#pragma once
// Checks of a parsed design that need the catalog or span sections: unique ids, references to
// catalog entries of the right kind, links and parents that name existing items, no cycles,
// strategy values that make sense on their own. Engines check feasibility (does it fit, does
// it divide) and report it in Results; this only rejects documents that cannot be evaluated.

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "core/design/design.h"

namespace infraplan {

struct ValidateOptions {
    long long max_devices = 1'000'000;  // larger designs are refused before anything expands
};

Diagnostics validateDesign(const Design& design, const catalog::Catalog& catalog,
                           const ValidateOptions& options = {});

// The checks of validateDesign that read design.strategy (the others depend only on the
// hardware, the workload and the facility): all a strategy search re-runs per candidate of a
// design that passed validateDesign with another strategy.
Diagnostics validateStrategy(const Design& design, const catalog::Catalog& catalog);

}  // namespace infraplan
