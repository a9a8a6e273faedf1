#pragma once
// The training engine's entry: from a training-mode design to the training, memory and
// bottleneck sections of the results. Called by evaluate(); never throws for bad input.

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "core/perf/comm_model.h"
#include "core/results/results.h"

namespace infraplan {

struct TrainingPlan;
struct StepDetail;

// Fills results.training, results.memory and results.bottlenecks (or feasible=false with
// reasons). `comm` overrides the communication model (the topology engine's); nullptr = the
// per-tier alpha-beta model built from the design.
void evaluateTraining(const Design& design, const catalog::Catalog& catalog, Results& results,
                      const CommModel* comm = nullptr);

// Bottlenecks with advice from a step's breakdown (sorted by share of the step).
void addTrainingBottlenecks(const TrainingPlan& plan, const StepDetail& step,
                            const MemoryResults& memory, Results& results);

}  // namespace infraplan
