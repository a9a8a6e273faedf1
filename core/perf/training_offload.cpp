#include "core/perf/training_offload.h"

#include <algorithm>

namespace infraplan {

std::string resolveOffload(const TrainingOffload& spec, const CommModel& comm, TrainingPlan& plan) {
    if (!spec.active()) return "";
    const std::string where = "strategy.offload: memory item \"" + spec.target + "\" ";
    const std::optional<MemoryPath> path = comm.memoryPath(spec.target);
    if (!path || path->unreachable_devices >= plan.devices_used)
        return where +
               "is not reached by drawn links from the devices; connect it (a CXL or PCIe link "
               "from each node, or through a switch) to offload to it";
    if (path->unreachable_devices > 0)
        return where + "has no path from " + std::to_string(path->unreachable_devices) +
               " of the devices; connect every node to it";
    if (!(path->per_device_bandwidth_b_s > 0))
        return where + "is connected by links without bandwidth; pick catalog links with a rate";
    OffloadPlan& o = plan.offload;
    o.optimizer = spec.optimizer;
    o.weights = spec.weights;
    o.activations = spec.activations;
    o.bandwidth_b_s = path->per_device_bandwidth_b_s;
    o.latency_s = path->latency_s;
    o.capacity_bytes = path->capacity_bytes;
    o.target = spec.target;
    return "";
}

OffloadTraffic offloadTraffic(const TrainingPlan& p, const ResidentMemory& resident) {
    OffloadTraffic t;
    const OffloadPlan& o = p.offload;
    const MemoryBreakdown& b = resident.memory.breakdown;
    if (o.optimizer) t.optimizer_bytes = 2 * (b.optimizer + b.master_weights);
    if (o.weights) {
        // Forward, backward, and the forward again that full recompute replays.
        const double reads = p.recompute == Recompute::full ? 3 : 2;
        t.streamed_bytes_per_mb += reads * b.weights;
    }
    if (o.activations) t.streamed_bytes_per_mb += 2 * resident.activation_bytes_per_mb;
    return t;
}

double offloadExposedTime(const TrainingPlan& p, const OffloadTraffic& t, double stage_s) {
    const OffloadPlan& o = p.offload;
    if (o.bandwidth_b_s <= 0) return 0;  // unreachable pools make the plan infeasible earlier
    double exposed = 0;
    if (t.optimizer_bytes > 0) exposed += t.optimizer_bytes / o.bandwidth_b_s + o.latency_s;
    if (t.streamed_bytes_per_mb > 0) {
        const double stream_s = t.streamed_bytes_per_mb / o.bandwidth_b_s + o.latency_s;
        exposed += static_cast<double>(p.micro_batches) * std::max(0.0, stream_s - stage_s);
    }
    return exposed;
}

MemoryResults withOffload(const TrainingPlan& p, const ResidentMemory& resident) {
    MemoryResults m = resident.memory;
    const OffloadPlan& o = p.offload;
    if (!o.active()) return m;
    MemoryBreakdown& b = m.breakdown;
    double moved = 0;
    if (o.optimizer) {  // Adam's moments and the fp32 master weights it updates
        moved += b.optimizer + b.master_weights;
        b.optimizer = 0;
        b.master_weights = 0;
    }
    if (o.weights) {
        moved += b.weights;
        // The layer being computed and the one being prefetched stay on the device (ZeRO-3
        // already counts that buffer in the workspace).
        b.weights = p.zero >= 3 ? 0 : std::min(b.weights, 2 * resident.layer_weight_bytes);
        moved -= b.weights;
    }
    if (o.activations) {
        const double keep = std::min(b.activations, 2 * resident.layer_activation_bytes);
        moved += b.activations - keep;
        b.activations = keep;
    }
    m.offloaded_bytes = moved;
    sumMemory(p, m);
    return m;
}

}  // namespace infraplan
