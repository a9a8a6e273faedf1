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

StageParams stageParams(const TrainingPlan& p) {
    const ParameterCounts& c = p.params;
    const double tp = std::max(1, p.tp);
    StageParams s;
    const int moeLayers = p.moe_layers_per_stage;
    const int denseLayers = p.layers_per_stage - moeLayers;
    s.dense = denseLayers * c.perDenseLayer() / tp;
    if (moeLayers > 0 && p.model && p.model->moe) {
        const double routed = p.model->moe->experts * c.expert;
        s.dense += moeLayers * (c.perMoeLayer() - routed) / tp;
        s.expert = moeLayers * routed / std::max(1, p.ep);
    }
    // The first stage holds the embedding, the last the LM head (with tied embeddings and
    // pp > 1 the last stage keeps its own copy of the embedding to multiply with).
    const double head = c.lm_head > 0 ? c.lm_head : (p.pp > 1 ? c.embedding : 0);
    s.dense += (p.pp == 1 ? c.embedding + head + c.final_norm
                          : std::max(c.embedding, head + c.final_norm)) /
               tp;
    return s;
}

double microBatchesInFlight(const TrainingPlan& p) {
    if (p.pp <= 1) return 1;
    const double m = static_cast<double>(p.micro_batches);
    if (p.schedule == PipelineSchedule::gpipe) return m;
    double inFlight = std::min<double>(m, p.pp);
    if (p.virtual_stages > 1)
        inFlight *= 1 + (p.pp - 1.0) / (static_cast<double>(p.pp) * p.virtual_stages);
    return inFlight;
}

ResidentMemory residentMemory(const TrainingPlan& p) {
    ResidentMemory resident;
    MemoryResults& r = resident.memory;
    const StageParams params = stageParams(p);
    const double dp = std::max(1, p.dp);
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
    const int moeLayers = p.moe_layers_per_stage;
    const int denseLayers = p.layers_per_stage - moeLayers;
    const double perMicroBatch =
        denseLayers * activationBytesPerLayer(m, LayerKind::dense, sh, p.recompute) +
        moeLayers * activationBytesPerLayer(m, LayerKind::moe, sh, p.recompute);
    double activations = perMicroBatch * microBatchesInFlight(p);
    resident.activation_bytes_per_mb = perMicroBatch;
    resident.layer_activation_bytes = std::max(
        denseLayers > 0 ? activationBytesPerLayer(m, LayerKind::dense, sh, p.recompute) : 0,
        moeLayers > 0 ? activationBytesPerLayer(m, LayerKind::moe, sh, p.recompute) : 0);
    if (p.recompute != Recompute::none) {
        // Backward of one layer rebuilds what recompute dropped before using it.
        const LayerKind worst = moeLayers > 0 ? LayerKind::moe : LayerKind::dense;
        activations += activationBytesPerLayer(m, worst, sh, Recompute::none) -
                       activationBytesPerLayer(m, worst, sh, p.recompute);
    }
    // Logits of one micro-batch on the last stage: compute precision plus fp32 for the loss.
    const double tokens = double(p.microbatch) * p.seq_len / std::max(1, p.cp);
    const double logits = tokens * m.vocab / std::max(1, p.tp) * (p.activation_bytes + 4);
    const double lastStage = perMicroBatch + logits;
    b.activations = p.pp == 1 ? activations + logits : std::max(activations, lastStage);

    // The largest layer's weights as held for compute (one device's TP/EP shard).
    const ParameterCounts& c = p.params;
    const double routed = p.model->moe ? p.model->moe->experts * c.expert : 0;
    const double moeLayer = c.moe_layers > 0 ? (c.perMoeLayer() - routed) / std::max(1, p.tp) +
                                                   routed / std::max(1, p.ep)
                                             : 0;
    resident.layer_weight_bytes =
        std::max(c.perDenseLayer() / std::max(1, p.tp), moeLayer) * p.weight_bytes;

    b.workspace = kRuntimeReserveBytes;
    // ZeRO-3: gathered weights of the layer being computed and of the one being prefetched.
    if (p.zero >= 3) b.workspace += 2 * resident.layer_weight_bytes;
    r.per_device_bytes =
        b.weights + b.gradients + b.optimizer + b.activations + b.kv_cache + b.workspace;
    r.capacity_bytes = p.device ? std::max(0.0, p.device->memory_gb) * 1e9 : 0;
    return resident;
}

MemoryResults trainingMemory(const TrainingPlan& p) {
    return withOffload(p, residentMemory(p));
}

}  // namespace infraplan
