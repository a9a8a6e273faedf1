#include "core/results/bottleneck_phase.h"

#include <array>
#include <nlohmann/json.hpp>

#include "catalog/enum_names.h"

namespace infraplan {
namespace {
constexpr std::array<const char*, 18> kPhaseNames{
    "forward/backward",
    "norms, activations, softmax",
    "fill and drain",
    "tp collectives",
    "dp gradient reduction",
    "pp send/recv",
    "moe all-to-all",
    "cp ring attention",
    "optimizer step",
    "offload streaming",
    "whole step",
    "prefill and large-batch decode",
    "decode",
    "tp/pp/ep communication",
    "decode",
    "decode attention",
    "every iteration",
    "decode",
};
}  // namespace

const char* toString(BottleneckPhase phase) {
    return enumName(kPhaseNames, phase);
}

std::optional<ParallelDim> commDimension(BottleneckPhase phase) {
    switch (phase) {
        case BottleneckPhase::tp_comm:
            return ParallelDim::tp;
        case BottleneckPhase::dp_comm:
            return ParallelDim::dp;
        case BottleneckPhase::pp_comm:
            return ParallelDim::pp;
        case BottleneckPhase::ep_comm:
            return ParallelDim::ep;
        case BottleneckPhase::cp_comm:
            return ParallelDim::cp;
        default:
            return std::nullopt;
    }
}

void to_json(nlohmann::json& j, BottleneckPhase phase) {
    j = toString(phase);
}

}  // namespace infraplan
