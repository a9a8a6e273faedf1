#pragma once
// The designs and objectives the strategy-search suites share: GPT-3 175B on 64 A100 (the
// Korthikanti run: a whole space small enough to search in a test), on 1,024 A100 (the
// headline problem), and a Mixtral 8x7B (MoE) variant of the DGX H100 example.
#include <string>

#include "core/search/strategy_search.h"
#include "example_designs.h"

namespace infraplan::test {

inline constexpr SearchObjective kAllObjectives[] = {SearchObjective::time, SearchObjective::cost,
                                                     SearchObjective::energy,
                                                     SearchObjective::cost_per_token};

inline Design gpt3on64() {
    return example("megatron-gpt3-175b-a100.json");
}

inline Design gpt3on1024() {
    return example("gpt3-175b-1024-a100.json");
}

inline Design mixtralOnDgxH100() {
    Design d = example("dgx-h100-training.json");
    d.workload.model = std::string("mixtral-8x7b");
    d.workload.global_batch = 512;
    return d;
}

}  // namespace infraplan::test
