#pragma once
// What a training framework keeps per parameter and per logit, and what its allocator adds:
// the named parameter sets behind strategy.framework (docs/training-engine.md, "Memory").
// Every figure is the framework's documented or coded behaviour, or a constant fitted on the
// named fit subset of tests/data/validation/training-memory.csv.

#include <cstdint>

#include "catalog/entries.h"
#include "core/design/design.h"

namespace infraplan {

// The flash-attention kernel a framework's stack runs: the device generation's own (Megatron-
// Core and NeMo through Transformer Engine's cuDNN fused attention; torchtitan since it turned
// cuDNN attention on) or FlashAttention-2 wherever it runs (PyTorch SDPA's flash backend).
enum class AttentionKernel : std::uint8_t { generation, flash_attention_2 };

struct FrameworkMemory {
    double weight_bytes = 2;              // a parameter as the model holds it
    double master_bytes = 4;              // the fp32 master copy (0 when parameters are fp32)
    double grad_bytes = 4;                // the gradient buffer per parameter
    double moment_bytes = 8;              // Adam's two fp32 moments
    double gathered_weight_bytes = 2;     // a parameter as ZeRO-3/FSDP gathers it for compute
    double fp8_weight_cache_bytes = 0;    // fp8 copies of bf16 weights kept between micro-batches
    double saved_linear_input_bytes = 2;  // a saved GEMM input (1 where kept in fp8)
    bool per_op_selective_recompute = false;     // selective = save every other matmul output
    bool keeps_stage_gathered_under_pp = false;  // FSDP does not reshard between micro-batches
    bool eager_elementwise = false;              // blocks not compiled: unfused elementwise kernels
    AttentionKernel attention_kernel = AttentionKernel::generation;
    double loss_bytes_per_logit = 6;  // logits and their fp32 loss buffers at the loss peak
};

FrameworkMemory frameworkMemory(TrainingFramework framework, catalog::Precision precision);

// Whether a layer runs under the framework's per-op selective policy (every other matmul
// output saved): what both the saved activations and the recompute time follow. It covers
// dense layers; MoE layers keep the layer-level accounting.
inline bool perOpSelectiveApplies(const FrameworkMemory& f, Recompute recompute, bool denseLayer) {
    return recompute == Recompute::selective && f.per_op_selective_recompute && denseLayer;
}

// The attention kernel of the framework's set (FrameworkMemory::attention_kernel).
AttentionKernel frameworkAttentionKernel(TrainingFramework framework);

// Share of the live tensors the PyTorch caching allocator holds on top of them at the peak
// (block rounding and segments split by other sizes); fitted, see the .cpp.
double allocatorFragmentation();

// CUDA context, cuBLAS/cuDNN workspaces and NCCL buffers: device memory outside the
// framework's allocator statistics.
double runtimeReserveBytes();

}  // namespace infraplan
