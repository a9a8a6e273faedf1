#pragma once
// The training engine: from a training-mode design to its typed section of the results (the
// training and memory sections, the bottlenecks of a step and the collectives it issues).
// A pure function called by evaluate(); never throws for bad input.

#include <functional>
#include <optional>
#include <vector>

#include "catalog/catalog.h"
#include "core/comm/comm_model.h"
#include "core/comm/issued_collectives.h"
#include "core/common/cancel.h"
#include "core/design/design.h"
#include "core/results/engine_messages.h"
#include "core/results/results.h"

namespace infraplan {

struct TrainingPlan;
struct StepDetail;

struct TrainingEvaluation {
    EngineMessages messages;
    std::optional<TrainingResults> training;  // absent when the strategy cannot be planned
    std::optional<MemoryResults> memory;
    // Largest share of the step first, typed phases; evaluate() resolves the items they point
    // at and what the network model adds to communication phases.
    std::vector<Bottleneck> bottlenecks;
    std::vector<IssuedCollective> collectives;  // what one step issues (results.network)
    bool memory_pruned = false;  // search detail: memory did not fit, the step was not timed
    bool bound_pruned = false;   // search detail: beaten on its step's lower bound, not timed
};

// A strategy search's test of a candidate whose memory fits: given a lower bound on its step
// (trainingStepBound: step_time_s and the rates at that step, the devices counted idle), true
// when the candidate is beaten whatever its step turns out to be; its step is then not timed.
using StepBoundTest = std::function<bool(const TrainingResults& bound)>;

// How much a caller needs: everything (evaluate), or what ranks a strategy (the search): then
// a strategy whose memory does not fit stops before its step is timed (it is infeasible
// either way), and no bottlenecks, operator list or issued collectives are built. The numbers
// computed are the same.
enum class TrainingDetail : std::uint8_t { full, search };

class LayerTimeMemo;
struct DeviceSummary;

// What a strategy search lends the engine for one candidate; each may be null.
struct TrainingSearchAids {
    LayerTimeMemo* layer_times = nullptr;  // the worker's memo (layer_time.h)
    const StepBoundTest* bound = nullptr;  // search detail only; null times every one that fits
    // summarizeDevices() of the design, worked out once: the candidates share the hardware.
    const DeviceSummary* devices = nullptr;
};

// `comm` overrides the communication model (the topology engine's); nullptr = the per-tier
// alpha-beta model built from the design. A cancelled evaluation stops early (its section is
// incomplete; evaluate() discards it).
TrainingEvaluation evaluateTraining(const Design& design, const catalog::Catalog& catalog,
                                    const CommModel* comm = nullptr,
                                    const CancelToken* cancel = nullptr,
                                    TrainingDetail detail = TrainingDetail::full,
                                    const TrainingSearchAids& aids = {});

// Bottlenecks with advice from a step's breakdown (largest share first, device memory last).
std::vector<Bottleneck> trainingBottlenecks(const TrainingPlan& plan, const StepDetail& step,
                                            const MemoryResults& memory);

}  // namespace infraplan
