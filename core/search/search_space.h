#pragma once
// The strategies worth trying for a design: every parallel layout that divides the model and
// the devices, with the memory/recompute/schedule options that trade memory for time.

#include <vector>

#include "catalog/entries.h"
#include "core/design/design.h"

namespace infraplan {

// The memory/schedule options a training search varies for each layout. The defaults are the
// whole set; hardware sizing narrows them so that a sweep over many clusters stays short.
struct TrainingKnobChoices {
    std::vector<int> microbatches{1, 2, 4, 8};
    std::vector<int> zero_stages{0, 1, 2, 3};
    std::vector<Recompute> recomputes{Recompute::none, Recompute::selective, Recompute::full};
    std::vector<int> interleaves{1, 2, 4};
};

struct SearchSpaceLimits {
    int max_tp = 64;         // tensor parallelism beyond a scale-up domain rarely pays
    int max_pp = 1'000'000;  // pipeline degrees above this are not tried
    // Every pipeline degree up to max_pp (uneven stages by the default rule), not only the
    // divisors of the layers and powers of two: a cluster of 3 x 2^k devices then still
    // divides a power-of-two batch (pp 3, 6, 12).
    bool every_pipeline_degree = false;
    int max_candidates = 200'000;  // enumeration stops here (reported as truncated)
    TrainingKnobChoices knobs;
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
