#pragma once
// How many transformer layers each pipeline stage holds (docs/training-engine.md, "Pipeline
// stages"): from strategy.pipeline_layers, from first/last stage counts, from Megatron-Core's
// rule that counts the input embedding and the loss as one layer each, or by the default rule
// when nothing is set. The one authority on split rules and their messages: design
// validation reports a split the strategy sets wrongly with the same words the engine gives.

#include <string>
#include <vector>

#include "core/design/design.h"

namespace infraplan {

struct StageSplit {
    std::vector<int> layers;  // per stage; empty when `error` is set
    std::string rule;         // how the split was made, in words (for messages)
    std::string error_at;     // JSON pointer of the design field at fault
    std::string error;        // why the split cannot be used, said of `error_at`
    bool by_default = false;  // the default rule chose it (the design set no split)
    bool even() const;
    // "/strategy/pipeline_layers: lists 3 stages; /strategy/pp is 4", as validation says it.
    std::string errorText() const;
};

// True when the strategy sets the split (a list, first/last counts or the accounting flags).
bool setsPipelineSplit(const PipelineSplit& split);

// Layers per stage for `layers` transformer layers over `pp` stages.
StageSplit splitPipelineLayers(const PipelineSplit& split, int layers, int pp);

// "[7, 8 x 14, 7]": a split in a sentence.
std::string describeSplit(const std::vector<int>& split);

}  // namespace infraplan
