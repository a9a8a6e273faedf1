#pragma once
// The strategies worth trying for a design: every parallel layout that divides the model and
// the devices, with the memory/recompute/schedule options that trade memory for time.

#include <vector>

#include "catalog/entries.h"
#include "core/design/design.h"

namespace infraplan {

struct SearchSpaceLimits {
    int max_tp = 64;               // tensor parallelism beyond a scale-up domain rarely pays
    int max_candidates = 200'000;  // enumeration stops here (reported as truncated)
};

struct SearchSpace {
    std::vector<Strategy> candidates;
    bool truncated = false;
};

// Training: tp (dividing heads), pp (dividing layers), cp (long sequences), ep (MoE),
// dp = devices / (tp·pp·cp), micro-batch, ZeRO stage, recompute, schedule/interleave.
// Inference: tp, replicas filling the devices, max batch. Fields the search does not vary
// keep the design's values.
SearchSpace enumerateStrategies(const Design& design, const catalog::Model& model,
                                long long devices, const SearchSpaceLimits& limits = {});

}  // namespace infraplan
