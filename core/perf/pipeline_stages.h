#pragma once
// Which layers each pipeline stage holds (docs/training-engine.md, "Pipeline stages"): from
// strategy.pipeline_layers, from first/last stage counts, from Megatron-Core's rule that counts
// the input embedding and the loss as one layer each, or by the default rule when nothing is
// set. Stages need not hold equal counts; the memory and step models work per stage.

#include <string>
#include <vector>

#include "core/design/design.h"

namespace infraplan {

// One pipeline stage: its transformer layers by kind, and the ends of the model it holds.
struct StageLoad {
    int dense_layers = 0;
    int moe_layers = 0;
    bool first = false;  // holds the input embedding
    bool last = false;   // holds the final norm, the LM head and the loss
    int layers() const { return dense_layers + moe_layers; }
};

struct StageSplit {
    std::vector<int> layers;  // per stage; empty when `error` is set
    std::string rule;         // how the split was made, in words (for messages)
    std::string error;        // why the strategy's split cannot be used
    bool by_default = false;  // the default rule chose it (the design set no split)
    bool even() const;
};

// Layers per stage for `layers` transformer layers over `pp` stages.
StageSplit splitPipelineLayers(const PipelineSplit& split, int layers, int pp);

// The stages of a split, the model's `leading_dense` dense layers first (DeepSeek-style MoE
// models keep their first layers dense; a dense model passes all its layers).
std::vector<StageLoad> stageLoads(const std::vector<int>& split, int leading_dense);

// "[7, 8 x 14, 7]": a split in a sentence.
std::string describeSplit(const std::vector<int>& split);

}  // namespace infraplan
