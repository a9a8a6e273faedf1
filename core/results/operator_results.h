#pragma once
// One operator of a step on one device, as the roofline model timed it: what a roofline chart
// plots (arithmetic intensity = flops / bytes against achieved FLOP/s = flops / time_s).
// Results `training.operators` / `inference.operators` (docs/results.md).

#include <string>
#include <vector>

namespace infraplan {

struct OperatorResult {
    std::string name;   // "qkv-projection", "flash-attention", "norm-1", "optimizer", ...
    double flops = 0;   // executed per call on one device (forward + backward for training)
    double bytes = 0;   // device-memory traffic per call on one device
    double time_s = 0;  // per call, launch overhead included
    long long calls_per_step = 0;  // how often one device runs it in a step
    std::string bound;             // "compute" | "memory": the roof that sets its time
};

using OperatorList = std::vector<OperatorResult>;

}  // namespace infraplan
