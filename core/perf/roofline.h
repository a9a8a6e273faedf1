#pragma once
// Per-operation roofline with achieved efficiencies from the catalog (DESIGN.md §6):
// time = max(FLOPs / (peak x compute efficiency(op size)), bytes / (bandwidth x memory
// efficiency)) + launch overhead. Shared by the training and inference engines.

#include "catalog/entries.h"

namespace infraplan {

struct Roofline {
    double peak_flops = 0;  // FLOP/s at the op's precision, dense
    double memory_bw = 0;   // bytes/s, peak
    double gemm_efficiency_max = 0.8;
    double gemm_half_flops = 1e9;  // GEMM size (FLOPs) at which efficiency is half the maximum
    double memory_efficiency = 0.85;
    double launch_s = 4e-6;
};

// The roofline of `device` computing in `precision` (falls back to the next wider precision
// the device supports when it has no figure for this one).
Roofline makeRoofline(const catalog::Accelerator& device, catalog::Precision precision);

struct OpWork {
    double flops = 0;  // per device
    double bytes = 0;  // device-memory traffic per device
    bool gemm = true;  // matrix-engine op (false: vector/elementwise, memory-bound in practice)
};

// Achieved fraction of peak for a GEMM of `flops` total: saturates towards the maximum for
// large GEMMs, falls for small ones (wave quantization, fixed costs).
double gemmEfficiency(const Roofline& r, double flops);
double opTime(const Roofline& r, const OpWork& op);

}  // namespace infraplan
