#include "core/perf/layer_time.h"

#include <algorithm>

#include "core/perf/training_plan.h"

namespace infraplan {
namespace {

// Multi-operand elementwise and row-reduction kernels of a training step (norms, softmax,
// dropout with its Philox RNG, bias-activation, residual adds) reach ~70% of the bandwidth a
// plain streaming copy does (the catalog's memory_efficiency): ~1.2-1.4 TB/s on an A100
// whose copies reach ~1.7. A property of the kernels, the same on every device.
constexpr double kElementwiseEfficiency = 0.7;

// GEMMs inside a training step run at a fraction of their isolated best-shape speed (the
// catalog's gemm_efficiency_max, a MAMF-style benchmark): backward passes mix NT/TN layouts,
// operands stream from HBM rather than L2, and clocks settle lower under sustained full-board
// power. Tile fill and wave quantization over the SMs are modelled apart (roofline.cpp).
// Fitted on the fit subset of tests/data/validation/training.csv (the Megatron-LM A100 runs),
// the only rows it was chosen on, with overlap interference in place (docs/training-engine.md,
// "Compute").
constexpr double kInStepGemmFraction = 0.86;

// Flash attention's backward against its forward: FlashAttention-2 reaches ~73% of an A100's
// peak forward and ~63% backward (Dao 2023), FlashAttention-3 ~75% / ~60% on an H100 (Shah et
// al. 2024): the engine keeps its earlier 0.7 / 0.85 (backward / forward of the best GEMM).
constexpr double kFlashBackwardRatio = 0.7 / 0.85;

// A device without a measured attention figure: flash attention forward at 0.85 of its best
// GEMM efficiency (FlashAttention-2 on the A100: 73% against the A100's 86.9% MAMF).
constexpr double kFlashForwardDefaultFraction = 0.85;

// The share of an operator's forward pass that the backward pass runs again.
double redoneShare(const LayerOp& op, Recompute recompute, bool perOpPolicy) {
    if (recompute == Recompute::full) return 1;
    if (recompute != Recompute::selective) return 0;
    if (perOpPolicy) return op.per_op_recompute;
    return op.selective ? 1 : 0;
}

// Roofline times of one layer's operators for one micro-batch on one device; each operator's
// point goes to `operators`, run `calls` times a step.
LayerTime timeLayer(const std::vector<LayerOp>& ops, const Rooflines& r, Recompute recompute,
                    bool perOpPolicy, double imbalance, OperatorList* operators, long long calls) {
    LayerTime lt;
    for (const LayerOp& op : ops) {
        const double scale = op.expert ? imbalance : 1.0;
        Pass fwd, bwd;
        double wgrad = 0;
        double opFlops = 0, opBytes = 0;  // executed by this op, forward + backward
        bool compute = false;
        if (op.cls == OpClass::elementwise) {
            const double fwdBytes = op.fwd_bytes / kElementwiseEfficiency;
            const double bwdBytes = op.bwd_bytes / kElementwiseEfficiency;
            fwd.add(opTime(r.attention, {0, fwdBytes, false, {}}), false, 0);
            bwd.add(opTime(r.attention, {0, bwdBytes, false, {}}), false, 0);
            opBytes = op.fwd_bytes + op.bwd_bytes;
        } else if (op.flash) {
            // Causal flash attention skips the masked half of the score blocks; its kernels
            // reach a fraction of GEMM efficiency (online softmax between the two products).
            Roofline fr = r.attention;
            fr.gemm_efficiency_max = r.flash_forward_efficiency;
            fwd.add(opTime(fr, {0.5 * op.fwd_flops, op.fwd_bytes, true, op.shape}), true,
                    op.fwd_flops);
            fr.gemm_efficiency_max = r.flash_forward_efficiency * kFlashBackwardRatio;
            bwd.add(opTime(fr, {0.5 * op.bwd_flops, op.bwd_bytes, true, op.shape}), true,
                    op.bwd_flops);
            opFlops = 0.5 * (op.fwd_flops + op.bwd_flops);
            opBytes = op.fwd_bytes + op.bwd_bytes;
            compute = computeBound(fr, {0.5 * op.bwd_flops, op.bwd_bytes, true, op.shape});
        } else {
            const bool lowp = r.fp8 && op.cls == OpClass::gemm;
            const Roofline& rl = lowp ? r.gemm : r.attention;
            const double bytes = lowp ? 0.5 * op.fwd_bytes : op.fwd_bytes;
            const GemmShape& s = op.shape;
            fwd.add(opTime(rl, {op.fwd_flops, bytes, true, s}), true, op.fwd_flops);
            // Data gradient C[m x k] (reduction over n), weight gradient C[k x n] (over m).
            const double dgrad = opTime(rl, {op.fwd_flops, bytes, true, {s.m, s.k, s.n, s.batch}});
            wgrad = opTime(rl, {op.fwd_flops, bytes, true, {s.k, s.n, s.m, s.batch}});
            bwd.add(dgrad + wgrad, true, op.bwd_flops);
            opFlops = op.fwd_flops + op.bwd_flops;
            opBytes = 3 * bytes;  // forward, data gradient, weight gradient
            compute = computeBound(rl, {op.fwd_flops, bytes, true, s});
            if (lowp) {
                // fp8 scaling overhead: amax + cast of each GEMM input forward (bf16 read, fp8
                // write) and of the output gradient backward.
                const double rows = s.m * s.batch;
                fwd.add(opTime(r.attention, {0, 3 * rows * s.k, false, {}}), false, 0);
                bwd.add(opTime(r.attention, {0, 3 * rows * s.n, false, {}}), false, 0);
                opBytes += 3 * rows * (s.k + s.n);
            }
        }
        const double again = redoneShare(op, recompute, perOpPolicy);
        for (Pass* p : {&fwd, &bwd}) {
            p->compute_s *= scale;
            p->memory_s *= scale;
        }
        lt.fwd.add(fwd.compute_s, true, fwd.flops);
        lt.fwd.add(fwd.memory_s, false, 0);
        lt.bwd.add(bwd.compute_s, true, bwd.flops);
        lt.bwd.add(bwd.memory_s, false, 0);
        if (again > 0) {
            lt.recompute.add(again * fwd.compute_s, true, again * fwd.flops);
            lt.recompute.add(again * fwd.memory_s, false, 0);
        }
        if (operators)
            addOperator(*operators, op.name, opFlops * scale, opBytes * scale,
                        fwd.total() + bwd.total(), calls, compute);
        lt.wgrad_s += wgrad * scale;
        if (op.cls == OpClass::attention) lt.attention_s += fwd.compute_s;
        if (op.cls == OpClass::gemm) {
            lt.gemm_fwd_s += fwd.compute_s;
            lt.gemm_bwd_s += bwd.compute_s;
        }
    }
    return lt;
}

// The flash-attention forward's fraction of the 16-bit peak on `device` with the kernel the
// framework runs: the generation's own kernel (FlashAttention-2 on Ampere, FlashAttention-3 or
// cuDNN's on Hopper) or FlashAttention-2 wherever it runs; a device without the figure falls
// back as docs/training-engine.md ("Compute") says.
double flashForwardEfficiency(const catalog::Accelerator& device, AttentionKernel kernel) {
    const double generation = device.attention_efficiency > 0
                                  ? device.attention_efficiency
                                  : device.gemm_efficiency_max * kFlashForwardDefaultFraction;
    if (kernel == AttentionKernel::flash_attention_2 && device.attention_efficiency_fa2 > 0)
        return std::clamp(device.attention_efficiency_fa2, 0.01, 1.0);
    return std::clamp(generation, 0.01, 1.0);
}

}  // namespace

// Adds one operator's roofline point (forward + backward of one call) to `out`, merging with
// an operator of the same name (the attention block of dense and MoE layers is the same).
void addOperator(OperatorList& out, const char* name, double flops, double bytes, double time_s,
                 long long calls, bool compute) {
    if (calls <= 0) return;
    for (OperatorResult& o : out)
        if (o.name == name) {
            o.calls_per_step += calls;
            return;
        }
    out.push_back({name, flops, bytes, time_s, calls, compute ? "compute" : "memory"});
}

// One layer of `part` timed for one micro-batch: read from the search's memo when it timed the
// same layer before (only when operators are not listed: a memo hit lists none).
LayerTime timePart(const TrainingPlan& p, const Rooflines& rl, LayerPart part, Recompute recompute,
                   double imbalance, OperatorList* operators, long long calls,
                   LayerTimeMemo* memo) {
    const LayerSharding sh = p.sharding();
    const bool perOp = perOpSelectiveApplies(p.framework, recompute, part == LayerPart::dense);
    const LayerTimeKey key{p.model, part, sh, rl, recompute, perOp, imbalance};
    if (memo && !operators)
        if (const LayerTime* known = memo->find(key)) return *known;
    std::vector<LayerOp> ops;
    ops.reserve(24);
    if (part == LayerPart::head)
        headOps(*p.model, sh, ops);
    else
        layerOps(*p.model, part == LayerPart::moe ? LayerKind::moe : LayerKind::dense, sh, ops);
    const LayerTime time = timeLayer(ops, rl, recompute, perOp, imbalance, operators, calls);
    if (memo && !operators) memo->add(key, time);
    return time;
}

// The rooflines of a training step on the plan's device: GEMMs at the training precision, the
// rest at 16 bits, both at the in-step fraction of the best GEMM efficiency.
Rooflines trainingRooflines(const TrainingPlan& p) {
    Rooflines rl;
    rl.gemm = makeRoofline(*p.device, p.precision);
    rl.gemm.gemm_efficiency_max *= kInStepGemmFraction;
    using catalog::Precision;
    const bool sixteen = p.precision == Precision::fp32 || p.precision == Precision::tf32 ||
                         p.precision == Precision::fp16;
    rl.attention = makeRoofline(*p.device, sixteen ? p.precision : Precision::bf16);
    rl.attention.gemm_efficiency_max *= kInStepGemmFraction;
    rl.flash_forward_efficiency =
        flashForwardEfficiency(*p.device, p.framework.attention_kernel) * kInStepGemmFraction;
    rl.fp8 = rl.gemm.peak_flops > rl.attention.peak_flops * 1.01;
    return rl;
}

}  // namespace infraplan
