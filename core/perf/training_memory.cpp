#include "core/perf/training_memory.h"

#include "core/perf/training_offload.h"

#include <algorithm>

namespace infraplan {
namespace {
// CUDA context, cuBLAS/cuDNN workspaces and NCCL channel buffers: about 1 GB per device in
// practice (PyTorch + NCCL on A100/H100; nvidia-smi shows ~0.5 GB for the context alone).
constexpr double kRuntimeReserveBytes = 1.0e9;
// Adam in mixed precision: fp32 master weights, first and second moments (docs/training-engine.md).
constexpr double kAdamStateBytes = 12;
}  // namespace

StageParams stageParams(const TrainingPlan& p, const StageLoad& stage) {
    const ParameterCounts& c = p.params;
    const double tp = std::max(1, p.tp);
    StageParams s;
    s.dense = stage.dense_layers * c.perDenseLayer() / tp;
    if (stage.moe_layers > 0 && p.model && p.model->moe) {
        const double routed = p.model->moe->experts * c.expert;
        s.dense += stage.moe_layers * (c.perMoeLayer() - routed) / tp;
        s.expert = stage.moe_layers * routed / std::max(1, p.ep);
    }
    // The first stage holds the embedding, the last the LM head (with tied embeddings and
    // pp > 1 the last stage keeps its own copy of the embedding to multiply with).
    const double head = c.lm_head > 0 ? c.lm_head : (stage.first ? 0 : c.embedding);
    if (stage.first) s.dense += c.embedding / tp;
    if (stage.last) s.dense += (head + c.final_norm) / tp;
    return s;
}

StageParams largestStageParams(const TrainingPlan& p) {
    StageParams largest;
    for (const StageLoad& stage : p.stages)
        if (const StageParams s = stageParams(p, stage); s.total() > largest.total()) largest = s;
    return largest;
}

double microBatchesInFlight(const TrainingPlan& p, int rank) {
    if (p.pp <= 1) return 1;
    const double m = static_cast<double>(p.micro_batches);
    if (p.schedule == PipelineSchedule::gpipe) return m;
    const double later = p.pp - 1.0 - rank;  // stages after this one
    if (p.virtual_stages > 1) {
        const double v = p.virtual_stages;
        return std::min(m * v, 2 * later + (v - 1) * p.pp + 1) / v;
    }
    return std::min(m, later + 1);
}

namespace {

// What one device of `stage` (pipeline rank `rank`) would hold without offload.
ResidentMemory stageMemory(const TrainingPlan& p, const StageLoad& stage, int rank) {
    ResidentMemory resident;
    resident.stage = rank;
    MemoryResults& r = resident.memory;
    const StageParams params = stageParams(p, stage);
    // ZeRO/FSDP shard dense state over the data-parallel ranks and the context-parallel ones,
    // which hold the same parameters (torchtitan's dp_shard_cp mesh, parallel_dims.py).
    const double dp = std::max(1.0, double(p.dp) * p.cp);
    // Experts are data-parallel over dp x tp x cp / ep ranks.
    const double expertDp = std::max(1.0, double(p.dp) * p.tp * p.cp / std::max(1, p.ep));
    const auto sharded = [&](double perParam, int fromZero) {
        const bool shard = p.zero >= fromZero;
        return perParam *
               (params.dense / (shard ? dp : 1) + params.expert / (shard ? expertDp : 1));
    };
    MemoryBreakdown& b = r.breakdown;
    b.weights = sharded(p.weight_bytes, 3);
    b.gradients = sharded(p.grad_bytes, 2);
    b.optimizer = sharded(kAdamStateBytes, 1);

    const LayerSharding sh = p.sharding();
    const catalog::Model& m = *p.model;
    const double denseLayer = activationBytesPerLayer(m, LayerKind::dense, sh, p.recompute);
    const double moeLayer = activationBytesPerLayer(m, LayerKind::moe, sh, p.recompute);
    const double perMicroBatch = stage.dense_layers * denseLayer + stage.moe_layers * moeLayer;
    double activations = perMicroBatch * microBatchesInFlight(p, rank);
    resident.activation_bytes_per_mb = perMicroBatch;
    resident.layer_activation_bytes =
        std::max(stage.dense_layers > 0 ? denseLayer : 0, stage.moe_layers > 0 ? moeLayer : 0);
    if (p.recompute != Recompute::none && stage.layers() > 0) {
        // Backward of one layer rebuilds what recompute dropped before using it.
        const LayerKind worst = stage.moe_layers > 0 ? LayerKind::moe : LayerKind::dense;
        activations += activationBytesPerLayer(m, worst, sh, Recompute::none) -
                       activationBytesPerLayer(m, worst, sh, p.recompute);
    }
    // Logits of one micro-batch on the last stage: compute precision plus fp32 for the loss.
    if (stage.last) {
        const double tokens = double(p.microbatch) * p.seq_len / std::max(1, p.cp);
        activations += tokens * m.vocab / std::max(1, p.tp) * (p.activation_bytes + 4);
    }
    b.activations = activations;

    // The largest layer's weights as held for compute (one device's TP/EP shard).
    const ParameterCounts& c = p.params;
    const double routed = p.model->moe ? p.model->moe->experts * c.expert : 0;
    const double moeWeights = c.moe_layers > 0 ? (c.perMoeLayer() - routed) / std::max(1, p.tp) +
                                                     routed / std::max(1, p.ep)
                                               : 0;
    resident.layer_weight_bytes =
        std::max(c.perDenseLayer() / std::max(1, p.tp), moeWeights) * p.weight_bytes;

    b.workspace = kRuntimeReserveBytes;
    // ZeRO-3: gathered weights of the layer being computed and of the one being prefetched.
    if (p.zero >= 3) b.workspace += 2 * resident.layer_weight_bytes;
    r.per_device_bytes =
        b.weights + b.gradients + b.optimizer + b.activations + b.kv_cache + b.workspace;
    r.capacity_bytes = p.device ? std::max(0.0, p.device->memory_gb) * 1e9 : 0;
    return resident;
}

}  // namespace

ResidentMemory residentMemory(const TrainingPlan& p) {
    ResidentMemory worst;
    for (std::size_t i = 0; i < p.stages.size(); ++i) {
        ResidentMemory stage = stageMemory(p, p.stages[i], static_cast<int>(i));
        if (i == 0 || stage.memory.per_device_bytes > worst.memory.per_device_bytes)
            worst = std::move(stage);
    }
    return worst;
}

MemoryResults trainingMemory(const TrainingPlan& p) {
    return withOffload(p, residentMemory(p));
}

}  // namespace infraplan
