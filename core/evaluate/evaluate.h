#pragma once
// The engine's single entry point: a pure function of (design, catalog) -> results. The CLI,
// the GUI (off its thread), the strategy search and the tests all call this.

#include <memory>
#include <optional>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "core/design/design.h"
#include "core/evaluate/cancel.h"
#include "core/results/results.h"
#include "core/topology/graph.h"

namespace infraplan {

struct EvaluateOptions {
    long long max_devices = 1'000'000;  // designs that expand beyond this are refused
    // Set `cancel->requested` from any thread to stop the evaluation early: it then returns
    // promptly with `cancelled` set and no engine numbers. Null: runs to the end.
    CancelToken* cancel = nullptr;
};

// The hardware side of an evaluation: validation, the expanded graph and its inventory. It
// depends only on the hardware, so a search over strategies prepares it once.
struct PreparedDesign {
    Results base;                // validation messages, inventory, device count
    std::optional<Graph> graph;  // absent when the design is invalid
    Diagnostics expansion;       // what expanding the hardware reported (kept for reuse)
    // The graph's strings point into the design it was expanded from: the caller's design, or
    // this copy when the preparation outlives it (evaluate() with a kept `prepared`).
    std::shared_ptr<const Design> hardware_owner;
    bool ok() const { return base.feasible && graph.has_value(); }
};

PreparedDesign prepareDesign(const Design& design, const catalog::Catalog& catalog,
                             const EvaluateOptions& options = {});

// Run the engines for `design` (same hardware as `prepared`, any workload and strategy).
Results evaluatePrepared(const PreparedDesign& prepared, const Design& design,
                         const catalog::Catalog& catalog);

// prepareDesign + evaluatePrepared (under options.cancel). Never throws for bad input:
// problems come back as `feasible: false` with reasons.
Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& options = {});
// The same, keeping the hardware's preparation in `prepared` for the next call. When it is
// set on entry, the caller vouches that `design` has the same hardware (items, links,
// fabrics; same catalog): only validation runs again and the engines use its graph (an edit
// that touched only the workload, strategy, facility or economics). Otherwise the design is
// prepared afresh and `prepared` holds that preparation (null if cancelled).
Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& options, std::shared_ptr<const PreparedDesign>& prepared);

}  // namespace infraplan
