#include "core/perf/training_memory.h"

#include "core/perf/training_offload.h"

#include <algorithm>

namespace infraplan {

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

// Saved activations of one dense layer under torchtitan's per-op selective checkpointing:
// the block input, every other matmul output in execution order (q, v, then the first FFN
// matmul and the FFN output for SwiGLU; q, v and fc1 for GeLU), and the attention output
// with its fp32 log-sum-exp (torchtitan/distributed/activation_checkpoint.py). The step time
// redoes the matmuls left out here (LayerOp::per_op_recompute, core/perf/transformer.cpp).
double perOpSelectiveBytes(const catalog::Model& m, const LayerSharding& sh) {
    const double e = sh.bytes_per_element;
    const double t = std::max(1, sh.tp);
    const double sp = sh.sequence_parallel ? t : 1;
    const double tokens = double(std::max<long long>(1, sh.microbatch)) *
                          std::max<long long>(1, sh.seq_len) / std::max(1, sh.cp);
    const double h = m.hidden;
    const double headDim = h / std::max(1, m.heads);
    const double q = m.heads * headDim, v = m.kvHeads() * headDim;
    const double ffn = m.ffn_hidden > 0 ? m.ffn_hidden : 4 * h;
    const bool swiglu = m.ffn == catalog::FfnKind::swiglu;
    double elements = h / sp + (q + v + q) / t + ffn / t;  // input, q, v, attention out, fc1
    if (swiglu) elements += h;                             // the FFN output (7th matmul)
    return tokens * (e * elements + 4.0 * m.heads / t);
}

// The saved activations of one layer of `kind` under the plan's recompute and framework.
double savedLayerBytes(const TrainingPlan& p, LayerKind kind, Recompute recompute) {
    const LayerSharding sh = p.sharding();
    const catalog::Model& m = *p.model;
    if (perOpSelectiveApplies(p.framework, recompute, kind == LayerKind::dense))
        return perOpSelectiveBytes(m, sh);
    double bytes = activationBytesPerLayer(m, kind, sh, recompute);
    const double fp8Saving = sh.bytes_per_element - p.framework.saved_linear_input_bytes;
    if (fp8Saving > 0 && recompute != Recompute::full && kind == LayerKind::dense) {
        // GEMM inputs kept in fp8: QKV and FC1 inputs (sequence-sharded under SP), the
        // output-projection and FC2 inputs (sharded over TP).
        const double t = std::max(1, sh.tp);
        const double sp = sh.sequence_parallel ? t : 1;
        const double tokens = double(sh.microbatch) * sh.seq_len / std::max(1, sh.cp);
        const double ffn = m.ffn_hidden > 0 ? m.ffn_hidden : 4.0 * m.hidden;
        bytes -= fp8Saving * tokens * (2.0 * m.hidden / sp + (m.hidden + ffn) / t);
    }
    return bytes;
}

// The largest layer's weights as held for compute (one device's TP/EP shard).
double layerWeightBytes(const TrainingPlan& p) {
    const ParameterCounts& c = p.params;
    const double routed = p.model->moe ? p.model->moe->experts * c.expert : 0;
    const double moeWeights = c.moe_layers > 0 ? (c.perMoeLayer() - routed) / std::max(1, p.tp) +
                                                     routed / std::max(1, p.ep)
                                               : 0;
    return std::max(c.perDenseLayer() / std::max(1, p.tp), moeWeights) *
           p.framework.gathered_weight_bytes;
}

// Weights, master copy, gradients and Adam moments of one device of `stage`, sharded as the
// ZeRO stage says: dense state over the data-parallel and context-parallel ranks, which hold
// the same parameters (Megatron's distributed optimizer over dp x cp; torchtitan's
// dp_shard_cp mesh, parallel_dims.py), experts over dp x tp x cp / ep.
void addModelState(const TrainingPlan& p, const StageParams& params, MemoryBreakdown& b) {
    const double dp = std::max(1.0, double(p.dp) * p.cp);
    const double expertDp = std::max(1.0, double(p.dp) * p.tp * p.cp / std::max(1, p.ep));
    const auto sharded = [&](double perParam, int fromZero) {
        const bool shard = p.zero >= fromZero;
        return perParam *
               (params.dense / (shard ? dp : 1) + params.expert / (shard ? expertDp : 1));
    };
    const FrameworkMemory& f = p.framework;
    b.weights = sharded(f.weight_bytes, 3);
    b.master_weights = sharded(f.master_bytes, 1);
    b.gradients = sharded(f.grad_bytes, 2);
    b.optimizer = sharded(f.moment_bytes, 1);
}

// One layer's figures, the same on every stage: computed once per plan.
struct LayerBytes {
    double dense = 0, moe = 0;                  // saved activations, one micro-batch
    double dense_rebuilt = 0, moe_rebuilt = 0;  // what recompute rebuilds in the backward
    double weights = 0;                         // the largest layer's weights as computed
};

LayerBytes layerBytes(const TrainingPlan& p) {
    LayerBytes l;
    l.dense = savedLayerBytes(p, LayerKind::dense, p.recompute);
    l.moe = savedLayerBytes(p, LayerKind::moe, p.recompute);
    if (p.recompute != Recompute::none) {
        l.dense_rebuilt = savedLayerBytes(p, LayerKind::dense, Recompute::none) - l.dense;
        l.moe_rebuilt = savedLayerBytes(p, LayerKind::moe, Recompute::none) - l.moe;
    }
    l.weights = layerWeightBytes(p);
    return l;
}

// Activations of the micro-batches stage `rank` holds and the layer recompute rebuilds.
void addActivations(const TrainingPlan& p, const LayerBytes& layer, const StageLoad& stage,
                    int rank, ResidentMemory& resident) {
    const double perMicroBatch = stage.dense_layers * layer.dense + stage.moe_layers * layer.moe;
    double activations = perMicroBatch * microBatchesInFlight(p, rank);
    resident.activation_bytes_per_mb = perMicroBatch;
    resident.layer_activation_bytes =
        std::max(stage.dense_layers > 0 ? layer.dense : 0, stage.moe_layers > 0 ? layer.moe : 0);
    // Backward of one layer rebuilds what recompute dropped before using it.
    if (stage.layers() > 0)
        activations += stage.moe_layers > 0 ? layer.moe_rebuilt : layer.dense_rebuilt;
    resident.memory.breakdown.activations = activations;
}

// ZeRO-3/FSDP: gathered weights of the layer being computed and of the one prefetched; on
// the last stage, of the LM head the loss needs; the whole stage where the framework keeps it
// gathered between pipeline micro-batches. On the last stage, the logits of one micro-batch
// and the loss's buffers.
double workspaceBytes(const TrainingPlan& p, const StageParams& params, const StageLoad& stage,
                      double layerWeights) {
    const FrameworkMemory& f = p.framework;
    double bytes = 0;
    if (p.zero >= 3 && p.pp > 1 && f.keeps_stage_gathered_under_pp) {
        bytes = params.total() * f.gathered_weight_bytes;
    } else if (p.zero >= 3) {
        bytes = 2 * layerWeights;
        if (stage.last) {
            const ParameterCounts& c = p.params;
            const double head = (c.lm_head > 0 ? c.lm_head : c.embedding) / std::max(1, p.tp);
            bytes = std::max(bytes, layerWeights + head * f.gathered_weight_bytes);
        }
    }
    if (stage.last) {
        const double tokens = double(p.microbatch) * p.seq_len / std::max(1, p.cp);
        bytes += tokens * p.model->vocab / std::max(1, p.tp) * f.loss_bytes_per_logit;
    }
    return bytes;
}

// What one device of `stage` (pipeline rank `rank`) would hold without offload.
ResidentMemory stageMemory(const TrainingPlan& p, const LayerBytes& layer, const StageLoad& stage,
                           int rank) {
    ResidentMemory resident;
    resident.stage = rank;
    MemoryResults& r = resident.memory;
    MemoryBreakdown& b = r.breakdown;
    const StageParams params = stageParams(p, stage);
    addModelState(p, params, b);
    addActivations(p, layer, stage, rank, resident);
    resident.layer_weight_bytes = layer.weights;

    b.workspace = workspaceBytes(p, params, stage, layer.weights);
    sumMemory(p, r);
    return resident;
}

bool sameLoad(const StageLoad& a, const StageLoad& b) {
    return a.dense_layers == b.dense_layers && a.moe_layers == b.moe_layers && a.first == b.first &&
           a.last == b.last;
}

}  // namespace

void sumMemory(const TrainingPlan& p, MemoryResults& m) {
    MemoryBreakdown& b = m.breakdown;
    b.fragmentation = 0;
    b.runtime_reserve = 0;
    const double live = b.total();
    b.fragmentation = allocatorFragmentation() * live;
    b.runtime_reserve = runtimeReserveBytes();
    m.per_device_bytes = b.total();
    m.capacity_bytes = p.device ? std::max(0.0, p.device->memory_gb) * 1e9 : 0;
}

ResidentMemory residentMemory(const TrainingPlan& p) {
    ResidentMemory worst;
    const LayerBytes layer = layerBytes(p);
    for (std::size_t i = 0; i < p.stages.size(); ++i) {
        // A stage loaded like the one before it holds no more micro-batches in flight (they
        // do not grow with the rank) and the rest alike: it never holds more, so it is never
        // the first worst. Even splits then cost three stages, not pp.
        if (i > 0 && sameLoad(p.stages[i], p.stages[i - 1])) continue;
        ResidentMemory stage = stageMemory(p, layer, p.stages[i], static_cast<int>(i));
        if (i == 0 || stage.memory.per_device_bytes > worst.memory.per_device_bytes)
            worst = std::move(stage);
    }
    return worst;
}

MemoryResults trainingMemory(const TrainingPlan& p) {
    return withOffload(p, residentMemory(p));
}

}  // namespace infraplan
