#pragma once
// Composition of one optimizer step (docs/training-engine.md): per-op roofline times of one layer
// for one micro-batch (forward, backward, recompute), the collectives each pass needs through the
// CommModel, per-stage time, the pipeline schedule's bubble, the data-parallel gradient
// reduction (only its exposed part) and the optimizer update. Power and energy are the facility
// model's (evaluate() fills them in from it).

#include <string>

#include "core/comm/comm_model.h"
#include "core/comm/issued_collectives.h"
#include "core/perf/training_plan.h"
#include "core/results/training_results.h"

namespace infraplan {

// What the step model knows beyond the results, for bottlenecks and advice.
struct StepDetail {
    TrainingResults results;
    double recompute_s = 0;          // of compute + memory-bound time, spent recomputing
    double tp_comm_total_s = 0;      // before overlap
    double dp_comm_total_s = 0;      // before overlap
    double stage_time_s = 0;         // one micro-batch through the slowest stage
    double compute_utilization = 0;  // achieved FLOP/s over peak while computing
    std::string tp_tier, pp_tier, dp_tier, ep_tier, cp_tier;  // binding tiers
    std::vector<IssuedCollective> collectives;                // what one step issues
    // Whether results.operators and collectives are listed (the results and the network
    // report read them; a strategy search's score does not, so it leaves them empty).
    bool itemized = true;
};

class LayerTimeMemo;

// `memo`: a search worker's memo of layer times (see layer_time.h); null times every layer.
StepDetail trainingStep(const TrainingPlan& plan, const CommModel& comm, bool itemized = true,
                        LayerTimeMemo* memo = nullptr);

}  // namespace infraplan
