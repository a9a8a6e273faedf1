#include "core/perf/roofline.h"

#include <algorithm>
#include <cmath>

namespace infraplan {
namespace {
// Output tile edge of tensor-core GEMM kernels (CUTLASS/cuBLAS pick 64..256; 64 keeps the
// quantization loss from being overstated for the odd shapes where a narrower tile is chosen).
constexpr double kTileEdge = 64;

// Output tile one compute unit holds per wave: CUTLASS's default tensor-op GEMM for Ampere
// and later (DefaultGemmConfiguration<OpClassTensorOp, Sm80>: ThreadblockShape 128 x 256 x 64,
// one 256-thread block per SM; cutlass/gemm/device/default_gemm_configuration.h), taken in
// whichever orientation fills the waves better, as a library's heuristic would.
constexpr double kWaveTileShort = 128;
constexpr double kWaveTileLong = 256;

double tileFill(double d) {
    if (d <= kTileEdge) return 1;  // a narrow dimension picks a narrower kernel; size covers it
    return d / (kTileEdge * std::ceil(d / kTileEdge));
}

double waveFillOf(double tiles, double units) {
    if (tiles <= units) return 1;  // one partial wave: the size factor already covers it
    return tiles / (std::ceil(tiles / units) * units);
}
}  // namespace

Roofline makeRoofline(const catalog::Accelerator& device, catalog::Precision precision) {
    using catalog::Precision;
    // Wider precisions to try when the device lists no figure for the requested one.
    static constexpr Precision kFallback[] = {Precision::fp4,  Precision::fp6,  Precision::fp8,
                                              Precision::int8, Precision::bf16, Precision::fp16,
                                              Precision::tf32, Precision::fp32};
    Precision used = precision;
    double peak = device.peak(precision);
    if (peak <= 0) {
        bool past = false;
        for (Precision p : kFallback) {
            if (p == precision) past = true;
            if (past && device.peak(p) > 0) {
                peak = device.peak(p);
                used = p;
                break;
            }
        }
        if (peak <= 0) {
            peak = device.peak(Precision::bf16);
            used = Precision::bf16;
        }
    }
    Roofline r;
    r.peak_flops = std::max(0.0, peak) * 1e12;
    r.memory_bw = std::max(0.0, device.memory_bw_gb_s) * 1e9;
    // fp8 GEMMs reach their own measured fraction of the fp8 peak (lower than at 16 bits on
    // NVIDIA parts: the doubled rate draws more power); a device without one uses the 16-bit one.
    const bool fp8 = used == Precision::fp8 && device.gemm_efficiency_fp8 > 0;
    r.gemm_efficiency_max =
        std::clamp(fp8 ? device.gemm_efficiency_fp8 : device.gemm_efficiency_max, 0.01, 1.0);
    r.gemm_half_flops = std::max(0.0, device.gemm_half_efficiency_gflop) * 1e9;
    r.memory_efficiency = std::clamp(device.memory_efficiency, 0.01, 1.0);
    r.launch_s = std::max(0.0, device.launch_overhead_us) * 1e-6;
    r.compute_units = std::max(0, device.compute_units);
    return r;
}

double gemmEfficiency(const Roofline& r, double flops) {
    if (flops <= 0) return r.gemm_efficiency_max;
    return r.gemm_efficiency_max * flops / (flops + r.gemm_half_flops);
}

double waveFill(const Roofline& r, const GemmShape& s) {
    if (r.compute_units <= 0 || s.m <= 0 || s.n <= 0) return 1;
    const double batch = std::max(1.0, s.batch);
    const double units = r.compute_units;
    const double tall = std::ceil(s.m / kWaveTileLong) * std::ceil(s.n / kWaveTileShort) * batch;
    const double wide = std::ceil(s.m / kWaveTileShort) * std::ceil(s.n / kWaveTileLong) * batch;
    return std::max(waveFillOf(tall, units), waveFillOf(wide, units));
}

double gemmEfficiency(const Roofline& r, const GemmShape& s) {
    const double flops = 2 * s.m * s.n * s.k * std::max(1.0, s.batch);
    return gemmEfficiency(r, flops) * tileFill(s.m) * tileFill(s.n) * waveFill(r, s);
}

namespace {

struct OpTerms {
    double compute_s = 0;  // at the achieved matrix (or vector) throughput
    double memory_s = 0;   // at the achieved memory bandwidth
};

OpTerms opTerms(const Roofline& r, const OpWork& op) {
    double computeEff = r.gemm_efficiency_max;
    if (op.gemm)
        computeEff = op.shape.m > 0 && op.shape.n > 0 && op.shape.k > 0
                         ? gemmEfficiency(r, op.shape)
                         : gemmEfficiency(r, op.flops);
    OpTerms t;
    t.compute_s = r.peak_flops > 0 && computeEff > 0
                      ? std::max(0.0, op.flops) / (r.peak_flops * computeEff)
                      : 0;
    t.memory_s =
        r.memory_bw > 0 ? std::max(0.0, op.bytes) / (r.memory_bw * r.memory_efficiency) : 0;
    return t;
}

}  // namespace

double opTime(const Roofline& r, const OpWork& op) {
    const OpTerms t = opTerms(r, op);
    return std::max(t.compute_s, t.memory_s) + r.launch_s;
}

bool computeBound(const Roofline& r, const OpWork& op) {
    const OpTerms t = opTerms(r, op);
    return t.compute_s > 0 && t.compute_s >= t.memory_s;
}

}  // namespace infraplan
