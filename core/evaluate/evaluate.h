#pragma once
// The engine's single entry point: a pure function of (design, catalog) -> results. The CLI,
// the GUI (off its thread) and the tests all call this.

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "core/results/results.h"

namespace infraplan {

struct EvaluateOptions {
    long long max_devices = 1'000'000;  // designs that expand beyond this are refused
};

// Never throws for bad input: problems come back as `feasible: false` with reasons.
Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& options = {});

}  // namespace infraplan
