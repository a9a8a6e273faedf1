#pragma once
// Per-operation roofline with achieved efficiencies from the catalog (docs/training-engine.md):
// time = max(FLOPs / (peak x compute efficiency(op shape)), bytes / (bandwidth x memory
// efficiency)) + launch overhead. Shared by the training and inference engines.
//
// Catalog fields used (catalog::Accelerator): peak_tflops[precision], memory_bw_gb_s,
// gemm_efficiency_max (fraction of the 16-bit peak a large, well-shaped GEMM sustains: the
// measured maximum achievable matmul FLOP/s), gemm_efficiency_fp8 (the same at fp8; absent:
// gemm_efficiency_max), gemm_half_efficiency_gflop (GEMM size at which the size factor is one
// half), compute_units (SMs/CUs the output tiles of a GEMM spread over, for wave
// quantization; absent: none), memory_efficiency (fraction of peak HBM bandwidth a streaming
// kernel reaches), launch_overhead_us (per kernel). Nothing else; no per-workload factor.

#include "catalog/entries.h"

namespace infraplan {

struct Roofline {
    double peak_flops = 0;  // FLOP/s at the op's precision, dense
    double memory_bw = 0;   // bytes/s, peak
    double gemm_efficiency_max = 0.8;
    double gemm_half_flops = 1e9;  // GEMM size (FLOPs) at which efficiency is half the maximum
    double memory_efficiency = 0.85;
    double launch_s = 4e-6;
    int compute_units = 0;  // SMs/CUs a GEMM's output tiles are spread over (0: unknown)
    bool operator==(const Roofline&) const = default;
};

// The roofline of `device` computing in `precision` (falls back to the next wider precision
// the device supports when it has no figure for this one).
Roofline makeRoofline(const catalog::Accelerator& device, catalog::Precision precision);

struct GemmShape {
    double m = 0, n = 0, k = 0;  // C[m x n] = A[m x k] . B[k x n]
    double batch = 1;            // independent GEMMs of this shape (attention heads, experts)
};

struct OpWork {
    double flops = 0;  // per device
    double bytes = 0;  // device-memory traffic per device
    bool gemm = true;  // matrix-engine op (false: vector/elementwise, memory-bound in practice)
    GemmShape shape;   // optional: m, n, k of the GEMM (0 = unknown, size factor only)
};

// Achieved fraction of peak for a GEMM of `flops` total: saturates towards the maximum for
// large GEMMs, falls for small ones (fixed costs, too few tiles to fill the device).
double gemmEfficiency(const Roofline& r, double flops);
// The same, with the output-tile fill of a GEMM of this shape (a dimension that is not a
// multiple of the kernel tile leaves part of the last tile idle) and its wave quantization
// (the tiles of the last wave over the compute units leave the others idle).
double gemmEfficiency(const Roofline& r, const GemmShape& shape);
// The share of the compute units' tile slots a GEMM of this shape fills over its waves (1 when
// the device's unit count is unknown or the tiles fit one wave, where the size factor rules).
double waveFill(const Roofline& r, const GemmShape& shape);
double opTime(const Roofline& r, const OpWork& op);
// Whether the compute term of opTime sets the op's time (else the memory term does).
bool computeBound(const Roofline& r, const OpWork& op);

}  // namespace infraplan
