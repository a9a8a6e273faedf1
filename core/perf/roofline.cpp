#include "core/perf/roofline.h"

#include <algorithm>

namespace infraplan {

Roofline makeRoofline(const catalog::Accelerator& device, catalog::Precision precision) {
    using catalog::Precision;
    // Wider precisions to try when the device lists no figure for the requested one.
    static constexpr Precision kFallback[] = {Precision::fp4,  Precision::fp6,  Precision::fp8,
                                              Precision::int8, Precision::bf16, Precision::fp16,
                                              Precision::tf32, Precision::fp32};
    double peak = device.peak(precision);
    if (peak <= 0) {
        bool past = false;
        for (Precision p : kFallback) {
            if (p == precision) past = true;
            if (past && device.peak(p) > 0) {
                peak = device.peak(p);
                break;
            }
        }
        if (peak <= 0) peak = device.peak(Precision::bf16);
    }
    Roofline r;
    r.peak_flops = peak * 1e12;
    r.memory_bw = device.memory_bw_gb_s * 1e9;
    r.gemm_efficiency_max = device.gemm_efficiency_max;
    r.gemm_half_flops = device.gemm_half_efficiency_gflop * 1e9;
    r.memory_efficiency = device.memory_efficiency;
    r.launch_s = device.launch_overhead_us * 1e-6;
    return r;
}

double gemmEfficiency(const Roofline& r, double flops) {
    if (flops <= 0) return r.gemm_efficiency_max;
    return r.gemm_efficiency_max * flops / (flops + r.gemm_half_flops);
}

double opTime(const Roofline& r, const OpWork& op) {
    const double computeEff = op.gemm ? gemmEfficiency(r, op.flops) : r.gemm_efficiency_max;
    const double compute = r.peak_flops > 0 ? op.flops / (r.peak_flops * computeEff) : 0;
    const double memory = r.memory_bw > 0 ? op.bytes / (r.memory_bw * r.memory_efficiency) : 0;
    return std::max(compute, memory) + r.launch_s;
}

}  // namespace infraplan
