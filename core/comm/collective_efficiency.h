#pragma once

#include "catalog/entries.h"

namespace infraplan {

// What a real collective library achieves on top of the wire: one set of figures shared by the
// per-tier estimate (tier_comm_model) and the flow-level model (topology/flow_comm_model), so
// both answer alike for the same fabric. A link entry may carry its own figures (measured, or
// fitted by `infraplan-cli calibrate` from nccl-tests bus bandwidth); these are the defaults.
struct CollectiveEfficiency {
    // Achieved fraction of the link rate at the 10-500 MB messages of training. NVLink:
    // nccl-tests all-reduce bus bandwidth reaches ~230-240 of 300 GB/s on DGX A100 (~360 of
    // 450 on DGX H100) only past 1 GB, ~200-215 of 300 at the 32-256 MB that TP and bucketed
    // DP all-reduces send (packet/protocol overhead, chunk pipeline fill); Calculon's A100
    // system file uses 0.6. InfiniBand/RoCE: ~23 of 25 GB/s per HDR port (framing).
    double scaleup = 0.70;
    double scaleout = 0.92;
    // Software latency per algorithm step on top of the wire and switch latencies (NCCL
    // kernel hand-off between steps; small-message all-reduce on 8 GPUs ~10-15 us).
    double scaleup_step_latency_s = 1.0e-6;
    double scaleout_step_latency_s = 4.0e-6;
};

// The achieved fraction of `link`'s rate: its own figure where the catalog has one, else the
// default of its class.
inline double achievedFraction(const catalog::Link* link, bool scale_up,
                               const CollectiveEfficiency& defaults = {}) {
    if (link && link->collective_efficiency > 0) return link->collective_efficiency;
    return scale_up ? defaults.scaleup : defaults.scaleout;
}

// The software latency per algorithm step over `link`, in seconds: its own figure where the
// catalog has one, else the default of its class.
inline double stepLatency(const catalog::Link* link, bool scale_up,
                          const CollectiveEfficiency& defaults = {}) {
    if (link && link->collective_latency_us > 0) return link->collective_latency_us * 1e-6;
    return scale_up ? defaults.scaleup_step_latency_s : defaults.scaleout_step_latency_s;
}

}  // namespace infraplan
