#include "core/perf/training_framework.h"

namespace infraplan {
namespace {

using catalog::Precision;

bool isFp8(Precision p) {
    return p == Precision::fp8 || p == Precision::fp6 || p == Precision::fp4 ||
           p == Precision::int8 || p == Precision::int4;
}

// Megatron-Core (NVIDIA/Megatron-LM docs/api-guide/dist_optimizer.md): fp32 main parameters
// always; bf16 parameters with fp32 main gradients (megatron/training/arguments.py: "bfloat16
// requires gradient accumulation and all-reduce to be done in fp32"), fp16 parameters with
// fp16 gradients, fp32 with fp32. The distributed optimizer shards the main parameters and
// Adam's moments over the data-parallel ranks, not the gradient or parameter buffers
// (6 + 12/d bytes per parameter for bf16). Under fp8, Transformer Engine saves the quantized
// GEMM input for the weight gradient (transformer_engine/pytorch/module/linear.py, _Linear:
// "Cached input tensor", column-wise fp8 data only).
FrameworkMemory megatronCore(Precision p) {
    FrameworkMemory f;
    if (p == Precision::fp32 || p == Precision::tf32) {
        f.weight_bytes = 4;
        f.master_bytes = 0;
        f.gathered_weight_bytes = 4;
    } else if (p == Precision::fp16) {
        f.grad_bytes = 2;
    }
    if (isFp8(p)) f.saved_linear_input_bytes = 1;
    f.loss_bytes_per_logit = 2 + 4;  // bf16 logits and the fp32 copy the loss works on
    return f;
}

// NeMo 2 runs Megatron-Core; in fp8 it keeps the parameters themselves in fp8
// (fp8_param_gather, as the MLPerf Training v5.0 NeMo Llama 3.1 405B configurations do), the
// fp32 master copy in the distributed optimizer.
FrameworkMemory nemo(Precision p) {
    FrameworkMemory f = megatronCore(p);
    if (isFp8(p)) {
        f.weight_bytes = 1;
        f.gathered_weight_bytes = 1;
    }
    return f;
}

// NeMo as NVIDIA's MLPerf Training v5.0 Llama 3.1 405B submissions run it
// (training_results_v5.0, NVIDIA/benchmarks/llama31_405b/implementations/
// eos-dfw_n64_ngc25.01_nemo/pretrain.py, and the IBM+CoreWeave+NVIDIA copy): MegatronMixedPrecision
// and the DistributedDataParallelConfig both set grad_reduce_in_fp32=False, so Megatron-Core
// keeps the gradient buffers in bf16 and reduce-scatters them in bf16; the distributed
// optimizer still holds fp32 main parameters and moments.
FrameworkMemory nemoBf16Grads(Precision p) {
    FrameworkMemory f = nemo(p);
    if (p != Precision::fp32 && p != Precision::tf32) f.grad_bytes = 2;
    return f;
}

// torchtitan with FSDP2 (pytorch/torchtitan, job config: mixed_precision_param "bfloat16",
// mixed_precision_reduce "float32"): the sharded parameters are fp32 and are the optimizer's
// parameters (no separate master copy), gradients are reduced and kept in fp32, the layer
// being computed is gathered in bf16. Selective activation checkpointing is its per-op
// policy (torchtitan/distributed/activation_checkpoint.py: every second matmul output
// recomputed, attention outputs saved). Under pipeline parallelism FSDP keeps the stage's
// gathered parameters between micro-batches (torchtitan/models/llama3/infra/parallelize.py,
// apply_fsdp: reshard_after_forward = not pp_enabled). The loss runs eagerly on an fp32 copy
// of the bf16 logits: bf16 logits, the fp32 copy, the saved fp32 log-softmax and its fp32
// gradient live together at the start of the backward pass.
FrameworkMemory torchtitan(Precision p) {
    FrameworkMemory f;
    f.weight_bytes = 4;
    f.master_bytes = 0;
    f.grad_bytes = 4;
    f.gathered_weight_bytes = (p == Precision::fp32 || p == Precision::tf32) ? 4 : 2;
    f.per_op_selective_recompute = true;
    f.keeps_stage_gathered_under_pp = true;
    f.loss_bytes_per_logit = 2 + 4 + 4 + 4;
    // As of December 2024 it called PyTorch SDPA, which on Hopper did not pick cuDNN's
    // attention by default and ran its FlashAttention-2 backend (pytorch/pytorch issue #142132,
    // 2024-12-05, nightly 2.6.0.dev20241204: SDPA 329 TFLOP/s against cuDNN's 631 on an H100,
    // "expected": cuDNN SDPA is opt-in after the 2.5 bugs).
    f.attention_kernel = AttentionKernel::flash_attention_2;
    return f;
}

// torchtitan with torch.compile over the model and the loss (torchtitan/config/job_config.py,
// Compile.components, ["model", "loss"] by default since 2025): the fused loss keeps the bf16
// logits and one fp32 buffer.
FrameworkMemory torchtitanCompiledLoss(Precision p) {
    FrameworkMemory f = torchtitan(p);
    f.loss_bytes_per_logit = 2 + 4;
    // torchtitan enabled cuDNN SDPA in March 2025 (pytorch/torchtitan PR #1000), before the
    // 2025 releases of this set.
    f.attention_kernel = AttentionKernel::generation;
    return f;
}

// torchtitan without torch.compile (training.compile = false, the default of
// train_configs/llama3_8b.toml at 9dec370): the `torchtitan` set with each block's norms,
// rotary embedding and SwiGLU as PyTorch's separate eager kernels (core/perf/transformer.cpp).
FrameworkMemory torchtitanEager(Precision p) {
    FrameworkMemory f = torchtitan(p);
    f.eager_elementwise = true;
    return f;
}

}  // namespace

FrameworkMemory frameworkMemory(TrainingFramework framework, Precision precision) {
    switch (framework) {
        case TrainingFramework::nemo:
            return nemo(precision);
        case TrainingFramework::nemo_bf16_grads:
            return nemoBf16Grads(precision);
        case TrainingFramework::torchtitan:
            return torchtitan(precision);
        case TrainingFramework::torchtitan_compiled_loss:
            return torchtitanCompiledLoss(precision);
        case TrainingFramework::torchtitan_eager:
            return torchtitanEager(precision);
        case TrainingFramework::megatron_core:
            break;
    }
    return megatronCore(precision);
}

AttentionKernel frameworkAttentionKernel(TrainingFramework framework) {
    return frameworkMemory(framework, Precision::bf16).attention_kernel;
}

double allocatorFragmentation() {
    // Fitted on the fit subset of tests/data/validation/training-memory.csv (torchtitan's
    // peak reserved memory against the live tensors): docs/training-engine.md, "Memory".
    return 0.043;
}

double runtimeReserveBytes() {
    // CUDA context, cuBLAS/cuDNN workspaces and NCCL channel buffers: about 1 GB per device
    // (PyTorch + NCCL on A100/H100); the allocator's statistics do not count it.
    return 1.0e9;
}

}  // namespace infraplan
