#pragma once
// What each pipeline stage holds (docs/training-engine.md, "Pipeline stages"): the layer
// counts come from core/design/pipeline_split.h; here they become stages with their layers by
// kind and the ends of the model. Stages need not hold equal counts; the memory and step
// models work per stage.

#include <vector>

#include "core/design/pipeline_split.h"

namespace infraplan {

// One pipeline stage: its transformer layers by kind, and the ends of the model it holds.
struct StageLoad {
    int dense_layers = 0;
    int moe_layers = 0;
    bool first = false;  // holds the input embedding
    bool last = false;   // holds the final norm, the LM head and the loss
    int layers() const { return dense_layers + moe_layers; }
};

// The stages of a split, the model's `leading_dense` dense layers first (DeepSeek-style MoE
// models keep their first layers dense; a dense model passes all its layers).
std::vector<StageLoad> stageLoads(const std::vector<int>& split, int leading_dense);

}  // namespace infraplan
