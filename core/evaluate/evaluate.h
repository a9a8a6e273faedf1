#pragma once
// The engine's single entry point: a pure function of (design, catalog) -> results. The CLI,
// the GUI (off its thread), the strategy search and the tests all call this.
//
// evaluate() is a pipeline: validation and the expanded graph (prepared once per hardware),
// then the workload engine (training or inference) over the communication model, the network
// report from the collectives the step issued, the facility model (power, energy, cost,
// reliability), and last the bottlenecks, built once from the engines' typed sections.

#include <memory>
#include <optional>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "core/common/cancel.h"
#include "core/design/design.h"
#include "core/results/results.h"
#include "core/topology/graph.h"

namespace infraplan {

class FlowFabric;

struct EvaluateOptions {
    long long max_devices = 1'000'000;  // designs that expand beyond this are refused
    // Set from any thread (cancel()) to stop the evaluation early: it then returns promptly
    // with `cancelled` set and no engine numbers. Null: runs to the end.
    const CancelToken* cancel = nullptr;
};

// The hardware side of an evaluation: validation, the expanded graph and its inventory. It
// depends only on the hardware and the catalog, so a search over strategies (or the GUI, across
// edits of the workload) prepares it once. It owns everything it holds: the design it came
// from may be gone.
struct PreparedDesign {
    Results base;                        // validation messages, inventory, device count
    std::shared_ptr<const Graph> graph;  // absent when the design is invalid; shared read-only
    Diagnostics expansion;               // what expanding the hardware reported (kept for reuse)
    Hardware hardware;                   // the hardware section it was prepared from
    std::uint64_t catalog_revision = 0;  // ... against this state of the catalog
    long long max_devices = 0;           // ... under this limit
    bool ok() const { return base.feasible && graph != nullptr; }
    // Whether `design` has the same hardware, against the same catalog and limit: then its
    // graph and inventory are this preparation's.
    bool matches(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& options = {}) const;
};

PreparedDesign prepareDesign(const Design& design, const catalog::Catalog& catalog,
                             const EvaluateOptions& options = {});

// Run the engines for `design` (any workload and strategy) on a preparation of its hardware;
// one that does not match the design is not used (the design is prepared afresh).
// `fabric`: the flow model's routed hardware, built from the prepared design (makeFlowFabric),
// for evaluations of many strategies of one design (a search's best) to share, so each flow
// class is routed once; null builds one for this evaluation.
Results evaluatePrepared(const PreparedDesign& prepared, const Design& design,
                         const catalog::Catalog& catalog, const EvaluateOptions& options = {},
                         std::shared_ptr<const FlowFabric> fabric = nullptr);

// prepareDesign + evaluatePrepared (under options.cancel). Never throws for bad input:
// problems come back as `feasible: false` with reasons.
Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& options = {});
// The same, reusing `prepared` when it matches the design (an edit that touched only the
// workload, strategy, facility or economics: only validation runs again); otherwise the design
// is prepared afresh and `prepared` holds the new preparation (null if cancelled).
Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& options, std::shared_ptr<const PreparedDesign>& prepared);

}  // namespace infraplan
