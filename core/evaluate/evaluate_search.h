#pragma once
// evaluate() as the strategy search calls it: the same pipeline and the same engines, with
// what depends only on the parallel layout (placement, routing, the flow-level comm model and
// its memoized routes) built once per layout and reused by every candidate of that layout, and
// without the parts that do not change a strategy's score (the network report, the
// bottlenecks and their advice). A candidate whose memory does not fit stops before its step
// is timed. The numbers that are computed are evaluate()'s own.

#include <functional>
#include <memory>

#include "core/design/resolve.h"
#include "core/evaluate/evaluate.h"
#include "core/facility/facility_hardware.h"
#include "core/perf/layer_time.h"
#include "core/topology/network_eval.h"

namespace infraplan {

struct SearchEvaluation {
    Results results;             // evaluate()'s, less results.network and results.bottlenecks
    bool memory_pruned = false;  // infeasible on memory: the step was not timed
    bool bound_pruned = false;   // beaten on a lower bound of its step: not timed
};

// The results a training section at a bound (trainingStepBound, or the same at another step)
// would have: the section and the facility model's figures for it with the devices idle.
using BoundFigures = std::function<Results(const TrainingResults& bound)>;

// A strategy search's test of a training candidate that fits: `bound` is its training section
// at a lower bound of its step; `figures` gives the results at that or any other step. True
// when every strategy whose figures are no better than those at the bound is beaten.
using ResultsBoundTest =
    std::function<bool(const TrainingResults& bound, const BoundFigures& figures)>;

// What every candidate of one search shares, worked out once from the searched design: whether
// `prepared` is its (valid) hardware, the facility model's description of that hardware, its
// devices, and the fabric (router, bandwidths, remembered routes) every worker's comm models route
// over: one for all, so that a flow class is routed once whichever worker meets it first.
struct SearchHardware {
    std::optional<FacilityHardware> facility;  // absent: the candidates go through evaluate()
    std::shared_ptr<const FlowFabric> fabric;  // with `facility`
    DeviceSummary devices;                     // summarizeDevices(), with `facility`
};
SearchHardware describeSearchHardware(const PreparedDesign& prepared, const Design& design,
                                      const catalog::Catalog& catalog,
                                      const EvaluateOptions& options);

// The engines on `prepared` with `network` built for `design`'s layout (makeNetworkModel) and
// what `hardware` describes once for every strategy (its facility must be set).
// `prepared` must be valid and `design` differ from the design it came from in its strategy
// only (describeSearchHardware checks both); only the checks that read the strategy run again.
// `layerTimes`: the calling worker's memo of layer times (null: every layer is timed).
// `beaten`: the search's bound test (null: every candidate that fits is timed).
SearchEvaluation evaluateWithNetwork(const PreparedDesign& prepared, const Design& design,
                                     const catalog::Catalog& catalog,
                                     const EvaluateOptions& options, const NetworkModel& network,
                                     const SearchHardware& hardware,
                                     LayerTimeMemo* layerTimes = nullptr,
                                     const ResultsBoundTest* beaten = nullptr);

// One per search worker (not shared between threads): keeps the comm model of the layout it
// last saw, and builds a new one over the same fabric when a candidate's layout differs. The
// candidates are the searched design with other strategies.
class SearchEvaluator {
public:
    SearchEvaluator(const PreparedDesign& prepared, const SearchHardware& hardware,
                    const catalog::Catalog& catalog, const EvaluateOptions& options);
    ~SearchEvaluator();
    SearchEvaluation evaluate(const Design& design, const ResultsBoundTest* beaten = nullptr);

private:
    const PreparedDesign& m_prepared;
    const SearchHardware& m_hardware;
    const catalog::Catalog& m_catalog;
    EvaluateOptions m_options;
    // The design the comm model was built from: it keeps a reference, so it lives here.
    std::unique_ptr<Design> m_layoutDesign;
    NetworkModel m_network;
    LayerTimeMemo m_layerTimes;
};

}  // namespace infraplan
