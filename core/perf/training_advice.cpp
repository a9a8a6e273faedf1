// Bottlenecks of a training step, each with advice a person can act on.
#include <algorithm>
#include <cstdio>

#include "core/perf/training_engine.h"
#include "core/perf/training_plan.h"
#include "core/perf/training_step.h"

namespace infraplan {
namespace {

std::string pct(double share) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.0f%%", 100 * share);
    return buf;
}

// Near the capacity the advice is about headroom; beyond it the state does not fit, and a share
// over 100 % reads as a multiple ("2.1 times").
std::string memoryAdvice(double used) {
    if (!(used > 1))
        return "memory is " + pct(used) + " full: little headroom for a larger microbatch";
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.1f times", used);
    return "the state needs " + std::string(buf) +
           " the device memory and does not fit: shard it (zero, tp, pp), recompute "
           "activations, or use devices with more memory";
}

// Phases below this share of the step are not worth a line.
constexpr double kMinShare = 0.04;

}  // namespace

std::vector<Bottleneck> trainingBottlenecks(const TrainingPlan& p, const StepDetail& d,
                                            const MemoryResults& mem) {
    const TrainingResults& r = d.results;
    const TrainingBreakdown& b = r.breakdown;
    const double step = std::max(r.step_time_s, 1e-12);
    std::vector<Bottleneck> found;
    const auto add = [&](double seconds, std::string resource, BottleneckPhase phase, double util,
                         std::string advice) {
        const double share = seconds / step;
        if (share < kMinShare) return;
        found.push_back({std::move(resource), phase, share, util, std::move(advice), ""});
    };
    const auto label = [&](const char* what, double seconds) {
        return std::string(what) + " is " + pct(seconds / step) + " of the step";
    };

    {
        std::string advice =
            label("compute", b.compute_s) + " at " + pct(d.compute_utilization) + " of peak";
        const double recomputeShare = d.recompute_s / step;
        if (p.recompute == Recompute::full && recomputeShare > 0.1)
            advice += "; full recompute spends " + pct(recomputeShare) +
                      ": selective recompute (with flash attention) if memory allows";
        else
            advice +=
                ": the step is compute-bound, as it should be; faster devices or lower "
                "precision (fp8) shorten it";
        add(b.compute_s, "compute", BottleneckPhase::compute, d.compute_utilization, advice);
    }
    add(b.memory_bound_s, "hbm-bandwidth", BottleneckPhase::memory_bound, 0,
        label("memory-bound work", b.memory_bound_s) +
            (p.flash_attention ? ": fused kernels and sequence parallelism cut it"
                               : ": flash attention removes the s x s score traffic"));
    add(b.bubble_s, "pipeline", BottleneckPhase::bubble, 0,
        label("pipeline bubble", b.bubble_s) + ": more micro-batches per step (" +
            std::to_string(r.micro_batches) +
            " now), interleaving (interleave > 1) or a "
            "zero-bubble schedule");
    add(b.tp_comm_s, d.tp_tier.empty() ? "scale-up link" : d.tp_tier, BottleneckPhase::tp_comm, 0,
        label("exposed tensor-parallel communication", b.tp_comm_s) +
            (d.tp_tier == "nic" ? ": keep tp inside a node (tp <= devices per node)"
                                : ": lower tp, or overlap_tp to hide it behind GEMMs"));
    add(b.dp_comm_s, d.dp_tier.empty() ? "nic" : d.dp_tier, BottleneckPhase::dp_comm, 0,
        label("exposed data-parallel gradient reduction", b.dp_comm_s) +
            (p.overlap_dp ? ": more micro-batches per step amortise it; more scale-out "
                            "bandwidth shortens it"
                          : ": enable overlap_dp to hide it behind the backward pass"));
    add(b.pp_comm_s, d.pp_tier.empty() ? "nic" : d.pp_tier, BottleneckPhase::pp_comm, 0,
        label("pipeline point-to-point traffic", b.pp_comm_s) +
            ": fewer stages, or sequence parallelism to shrink each message");
    add(b.ep_comm_s, d.ep_tier.empty() ? "nic" : d.ep_tier, BottleneckPhase::ep_comm, 0,
        label("expert all-to-all", b.ep_comm_s) +
            ": keep ep inside the scale-up domain or lower top_k load imbalance");
    add(b.cp_comm_s, d.cp_tier.empty() ? "nic" : d.cp_tier, BottleneckPhase::cp_comm, 0,
        label("exposed context-parallel traffic", b.cp_comm_s) +
            ": lower cp or keep it inside a node");
    add(b.overlap_s, "comm-compute overlap", BottleneckPhase::compute, 0,
        label("compute slowed by hidden collectives", b.overlap_s) +
            ": less communication (larger micro-batches, fewer gathers) shrinks it");
    add(b.optimizer_s, "hbm-bandwidth", BottleneckPhase::optimizer, 0,
        label("optimizer update", b.optimizer_s) + ": shard it with zero >= 1");
    add(b.offload_s, "offload link", BottleneckPhase::offload, 0,
        label("streaming offloaded state to the memory pool", b.offload_s) +
            ": offload less (activations and weights stream every micro-batch), or give the "
            "pool more link bandwidth");
    std::sort(found.begin(), found.end(), [](const Bottleneck& a, const Bottleneck& c) {
        return a.share_of_time > c.share_of_time;
    });
    if (mem.capacity_bytes > 0 && mem.per_device_bytes > 0.9 * mem.capacity_bytes) {
        const double used = mem.per_device_bytes / mem.capacity_bytes;
        found.push_back(
            {"device memory", BottleneckPhase::device_memory, 0, used, memoryAdvice(used), ""});
    }
    return found;
}

}  // namespace infraplan
