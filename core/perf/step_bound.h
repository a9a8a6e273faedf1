#pragma once
// A lower bound on a training step, for the strategy search's pruning (docs/planning.md,
// "Pruning"): the matrix-engine and HBM time of the layers alone, composed by the pipeline
// schedule as trainingStep composes the real step, without any collective, pipeline send,
// data-parallel exposure, optimizer sweep or offload. Each of those is a non-negative term of
// the real step, and each stage's real time is at least its compute-and-memory time, so the
// bound never exceeds the step that trainingStep would time.

#include "core/perf/training_plan.h"
#include "core/results/training_results.h"

namespace infraplan {

class LayerTimeMemo;

// The bound as a training section: step_time_s is the bound, the rates follow from it, and the
// breakdown is empty (the devices are counted idle: the least power any step could draw).
// `memo`: the search worker's memo of layer times (the same times the step reads).
TrainingResults trainingStepBound(const TrainingPlan& plan, LayerTimeMemo* memo);

}  // namespace infraplan
