#pragma once
// Training state kept in a memory item (HBM/CXL pool) instead of device memory
// (strategy.offload): what it frees on the device, and what streaming it costs each step over
// the path the topology engine routes from the devices to the pool.
//   optimizer:   Adam state read and written once per step by the device's update
//                (ZeRO-Offload keeps it in host memory; Ren et al. 2021), fully exposed;
//   weights:     the stage's weights read for forward and backward (and recompute) of every
//                micro-batch (ZeRO-Infinity; Rajbhandari et al. 2021), prefetched behind compute;
//   activations: saved activations written in forward and read back in backward of every
//                micro-batch, double-buffered one layer ahead, behind compute.

#include <string>

#include "core/comm/comm_model.h"
#include "core/perf/training_memory.h"

namespace infraplan {

struct OffloadTraffic {
    double optimizer_bytes = 0;        // per step, read + write, nothing to hide behind
    double streamed_bytes_per_mb = 0;  // per micro-batch, overlapped with the stage's compute
};

// Fills plan.offload from strategy.offload and the path `comm` routes to the pool; returns
// why it cannot (a pool not connected by drawn links) or an empty string.
std::string resolveOffload(const TrainingOffload& spec, const CommModel& comm, TrainingPlan& plan);

// Bytes each device moves to and from the pool, from what it would hold without offload.
OffloadTraffic offloadTraffic(const TrainingPlan& plan, const ResidentMemory& resident);

// Exposed seconds per step at the plan's per-device pool bandwidth; `stage_s` is one
// micro-batch through the slowest stage (what the weight and activation streams hide behind).
double offloadExposedTime(const TrainingPlan& plan, const OffloadTraffic& traffic, double stage_s);

// What stays on each device: the resident memory without the offloaded state, which is
// reported as memory.offloaded_bytes.
MemoryResults withOffload(const TrainingPlan& plan, const ResidentMemory& resident);

}  // namespace infraplan
