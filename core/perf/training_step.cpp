#include "core/perf/training_step.h"

#include <algorithm>
#include <vector>

#include "core/perf/layer_time.h"
#include "core/perf/roofline.h"
#include "core/perf/training_memory.h"
#include "core/perf/training_offload.h"

namespace infraplan {
namespace {

// Bytes the Adam update streams per parameter it owns: reads fp32 master, m, v and the
// gradient, writes master, m, v and the compute-precision copy; gradient-norm clipping (and
// the fp16 overflow check) read the gradient twice more.
double optimizerBytesPerParam(double grad_bytes, double weight_bytes) {
    return 3 * 4 + grad_bytes + 3 * 4 + weight_bytes + 2 * grad_bytes;
}

struct LayerComm {
    double tp_s = 0, ep_s = 0, cp_s = 0;    // exposed, per micro-batch, all passes
    double tp_total_s = 0, cp_total_s = 0;  // all of it, hidden or not
};

// One layer's collectives for one micro-batch; each is logged as issued `layerCalls` times
// (layers of this kind x micro-batches) times its calls per layer.
LayerComm layerComm(const TrainingPlan& p, const LayerTime& lt, bool moe, const CommModel& comm,
                    StepDetail& d, CollectiveLog& log, double layerCalls) {
    LayerComm c;
    const catalog::Model& m = *p.model;
    const double tokens = double(p.microbatch) * p.seq_len / p.cp;
    const double e = p.activation_bytes;
    // Passes that run the layer forward: 1, or 2 under full recompute (its collectives too).
    const double fwdPasses = p.recompute == Recompute::full ? 2 : 1;
    if (p.tp > 1) {
        // Megatron TP (Shoeybi et al. 2019): per layer and pass, the attention and MLP blocks
        // each all-reduce b*s*h forward (g) and backward (f). With SP each all-reduce becomes
        // an all-gather + reduce-scatter pair of the same tensor (the same ring time), and
        // backward re-gathers the sharded input of the two column-parallel GEMMs for their
        // weight gradients (Korthikanti et al. 2022 §4.2.2): one all-reduce's worth more.
        const double bwdCalls = p.sequence_parallel ? 3 : 2;
        const CollectiveCost ar =
            log.issue(comm, {Collective::all_reduce, ParallelDim::tp, tokens * m.hidden * e},
                      layerCalls * (2 * fwdPasses + bwdCalls));
        d.tp_tier = ar.binding_tier;
        const double fwd = 2 * ar.time_s * fwdPasses;
        const double bwd = bwdCalls * ar.time_s;
        c.tp_total_s = fwd + bwd;
        if (p.overlap_tp) {
            // Asynchronous TP communication: the backward collectives of the column-parallel
            // GEMMs (their input-gradient reduction and, with SP, the input re-gather) run under
            // the gradient GEMMs (Megatron-LM since 2022); with SP the all-gathers of the
            // row-parallel output gradients stay exposed. Transformer Engine's chunked overlap
            // also hides the forward collectives behind the forward GEMMs; PyTorch's AsyncTP
            // only those (its "~29% forward pass speedup and ~8% E2E", PyTorch dev-discuss
            // "Introducing Async Tensor Parallelism in PyTorch", 2024).
            const double exposedFwd =
                p.overlap_tp_forward ? std::max(0.0, fwd - lt.gemm_fwd_s * fwdPasses) : fwd;
            double exposedBwd = bwd;
            if (p.overlap_tp_backward) {
                const double unhidden =
                    p.sequence_parallel && !p.overlap_tp_forward ? ar.time_s : 0;
                exposedBwd = unhidden + std::max(0.0, bwd - unhidden - lt.gemm_bwd_s);
            }
            c.tp_s = exposedFwd + exposedBwd;
        } else {
            c.tp_s = c.tp_total_s;
        }
    }
    if (moe && p.ep > 1 && m.moe) {
        // Dispatch and combine all-to-alls of the routed tokens (b*s*h*top_k), forward and
        // backward; the busiest rank sets the pace.
        const double routed = tokens / p.tp * m.moe->top_k * p.moe_imbalance;
        const CollectiveCost a2a =
            log.issue(comm, {Collective::all_to_all, ParallelDim::ep, routed * m.hidden * e},
                      layerCalls * 2 * (fwdPasses + 1));
        d.ep_tier = a2a.binding_tier;
        c.ep_s = 2 * a2a.time_s * (fwdPasses + 1);
    }
    if (p.cp > 1) {
        // Ring attention: K and V of the whole sequence pass around the ring forward; backward
        // passes them again and reduce-scatters their gradients. Hidden behind attention blocks.
        const double kv = double(p.microbatch) * p.seq_len * attentionKvWidth(m) / p.tp * e;
        const CollectiveCost ag = log.issue(comm, {Collective::all_gather, ParallelDim::cp, kv},
                                            layerCalls * (fwdPasses + 2));
        d.cp_tier = ag.binding_tier;
        const double fwd = std::max(0.0, ag.time_s - lt.attention_s);
        const double bwd = std::max(0.0, 2 * ag.time_s - 2.5 * lt.attention_s);
        c.cp_s = fwd * fwdPasses + bwd;
        c.cp_total_s = ag.time_s * (fwdPasses + 2);
    }
    return c;
}

// Pipeline point-to-point per micro-batch: activations forward and gradients backward at
// every (virtual) stage boundary. With TP each rank sends 1/t (SP shards, or Megatron's
// scatter-gather) and the receiver all-gathers over TP when SP does not.
double pipelineP2p(const TrainingPlan& p, const CommModel& comm, StepDetail& d,
                   CollectiveLog& log) {
    if (p.pp <= 1) return 0;
    const double bytes =
        double(p.microbatch) * p.seq_len / p.cp * p.model->hidden * p.activation_bytes;
    const double calls = 2.0 * p.virtual_stages * double(p.micro_batches);
    const CollectiveCost send =
        log.issue(comm, {Collective::send_recv, ParallelDim::pp, bytes / p.tp}, calls);
    d.pp_tier = send.binding_tier;
    double gather = 0;
    if (p.tp > 1 && !p.sequence_parallel)
        gather = log.issue(comm, {Collective::all_gather, ParallelDim::tp, bytes}, calls).time_s;
    return 2.0 * p.virtual_stages * (send.time_s + gather);
}

// The layers of one stage, timed for one micro-batch: dense and MoE layers, the LM head (on
// the last stage), and the collectives of each layer.
struct StageLayers {
    int dense_layers = 0, moe_layers = 0;
    bool last = false;  // runs the LM head and the loss
    LayerTime dense, moe, head;
    LayerComm dense_comm, moe_comm;

    // Sum of `field(time, comm)` over the stage's layers (the head excluded).
    template <class Field>
    double sum(Field field) const {
        return dense_layers * field(dense, dense_comm) + moe_layers * field(moe, moe_comm);
    }
    // The same per-layer times over another stage's layers.
    StageLayers over(const StageLoad& load) const {
        StageLayers s = *this;
        s.dense_layers = load.dense_layers;
        s.moe_layers = load.moe_layers;
        s.last = load.last;
        return s;
    }
};

StageLayers timeStage(const TrainingPlan& p, const Rooflines& rl, const CommModel& comm,
                      StepDetail& d, CollectiveLog& log, const StageLoad& load,
                      LayerTimeMemo* memo) {
    StageLayers st;
    OperatorList* operators = d.itemized ? &d.results.operators : nullptr;
    st.moe_layers = load.moe_layers;
    st.dense_layers = load.dense_layers;
    st.last = load.last;
    const double mb = double(p.micro_batches);
    if (st.dense_layers > 0) {
        st.dense = timePart(p, rl, LayerPart::dense, p.recompute, 1.0, operators,
                            st.dense_layers * p.micro_batches, memo);
        st.dense_comm = layerComm(p, st.dense, false, comm, d, log, st.dense_layers * mb);
    }
    if (st.moe_layers > 0) {
        st.moe = timePart(p, rl, LayerPart::moe, p.recompute, p.moe_imbalance, operators,
                          st.moe_layers * p.micro_batches, memo);
        st.moe_comm = layerComm(p, st.moe, true, comm, d, log, st.moe_layers * mb);
    }
    if (st.last)
        st.head = timePart(p, rl, LayerPart::head, Recompute::none, 1.0, operators, p.micro_batches,
                           memo);
    return st;
}

// One micro-batch forward and backward through a stage: its layers, their collectives, the
// pipeline sends and, on the last stage, the LM head.
double stageSeconds(const StageLayers& st, double p2p) {
    const double layers = st.sum([](const LayerTime& t, const LayerComm& c) {
        return t.fwd.total() + t.bwd.total() + t.recompute.total() + c.tp_s + c.ep_s + c.cp_s;
    });
    return layers + p2p + (st.last ? st.head.fwd.total() + st.head.bwd.total() : 0);
}

double stageWgrad(const StageLayers& st) {
    return st.sum([](const LayerTime& t, const LayerComm&) { return t.wgrad_s; }) +
           (st.last ? st.head.wgrad_s : 0);
}

// The slowest stage sets the pace of the steady state; the others fill and drain around it.
struct PipelinePace {
    std::size_t slowest = 0;
    double others_s = 0;        // the other stages, one micro-batch each
    double others_wgrad_s = 0;  // their weight-gradient GEMMs
};

// One layer of a kind (or the LM head) timed once for one micro-batch: its operators and
// collectives as issued by one layer of a stage, and the tiers its collectives bind on.
struct TimedKind {
    StepDetail detail;
    CollectiveLog log;
};

// One layer of each kind the model has, and the head, each timed once: what every stage's
// time is summed from, and what the slowest stage's operators and collectives are scaled from.
struct LayerKindTimes {
    StageLayers perLayer;
    TimedKind dense, moe, head;
};

LayerKindTimes timeEachLayerKind(const TrainingPlan& p, const Rooflines& rl, const CommModel& comm,
                                 bool itemized, LayerTimeMemo* memo) {
    LayerKindTimes k;
    k.dense.detail.itemized = k.moe.detail.itemized = k.head.detail.itemized = itemized;
    const StageLayers dense = timeStage(p, rl, comm, k.dense.detail, k.dense.log,
                                        {p.params.dense_layers > 0 ? 1 : 0, 0, false, false}, memo);
    const StageLayers moe = timeStage(p, rl, comm, k.moe.detail, k.moe.log,
                                      {0, p.params.moe_layers > 0 ? 1 : 0, false, false}, memo);
    const StageLayers head =
        timeStage(p, rl, comm, k.head.detail, k.head.log, {0, 0, false, true}, memo);
    k.perLayer = dense;
    k.perLayer.moe_layers = moe.moe_layers;
    k.perLayer.moe = moe.moe;
    k.perLayer.moe_comm = moe.moe_comm;
    k.perLayer.last = true;
    k.perLayer.head = head.head;
    return k;
}

// `layers` layers of a timed kind in the step: their operators and collectives, each issued
// `layers` times as often, and the tiers their collectives bind on.
void recordKind(const TimedKind& kind, int layers, StepDetail& d, CollectiveLog& log) {
    if (d.itemized)
        for (const OperatorResult& o : kind.detail.results.operators)
            addOperator(d.results.operators, o.name.c_str(), o.flops, o.bytes, o.time_s,
                        o.calls_per_step * layers, o.bound == "compute");
    log.append(kind.log, layers);
    for (auto tier : {&StepDetail::tp_tier, &StepDetail::ep_tier, &StepDetail::cp_tier})
        if (!(kind.detail.*tier).empty()) d.*tier = kind.detail.*tier;
}

// The slowest stage in the step, from the layer kinds timed once: the same times, operators,
// collectives and tiers as timing its layers one by one.
StageLayers recordStage(const LayerKindTimes& k, const StageLoad& load, StepDetail& d,
                        CollectiveLog& log) {
    if (load.dense_layers > 0) recordKind(k.dense, load.dense_layers, d, log);
    if (load.moe_layers > 0) recordKind(k.moe, load.moe_layers, d, log);
    if (load.last) recordKind(k.head, 1, d, log);
    StageLayers st = k.perLayer.over(load);
    if (load.dense_layers == 0) st.dense = {}, st.dense_comm = {};
    if (load.moe_layers == 0) st.moe = {}, st.moe_comm = {};
    if (!load.last) st.head = {};  // the head's time is added only on the last stage
    return st;
}

PipelinePace pipelinePace(const TrainingPlan& p, const StageLayers& perLayer, double p2p) {
    PipelinePace pace;
    std::vector<double> seconds, wgrad;
    seconds.reserve(p.stages.size());
    wgrad.reserve(p.stages.size());
    for (const StageLoad& load : p.stages) {
        const StageLayers st = perLayer.over(load);
        seconds.push_back(stageSeconds(st, p2p));
        wgrad.push_back(stageWgrad(st));
        if (seconds.back() >= seconds[pace.slowest]) pace.slowest = seconds.size() - 1;
    }
    for (std::size_t i = 0; i < seconds.size(); ++i)
        if (i != pace.slowest) {
            pace.others_s += seconds[i];
            pace.others_wgrad_s += wgrad[i];
        }
    return pace;
}

// Pipeline fill and drain: the other stages' share of the schedule.
double pipelineBubble(const TrainingPlan& p, const PipelinePace& pace) {
    if (p.pp <= 1) return 0;
    switch (p.schedule) {
        case PipelineSchedule::interleaved:
            return pace.others_s / p.virtual_stages;
        // ZB-H1 (Qi et al. 2024): deferring weight gradients shrinks the bubble to
        // (p-1)(T_F + T_B - T_W).
        case PipelineSchedule::zero_bubble:
            return std::max(0.0, pace.others_s - pace.others_wgrad_s);
        default:
            return pace.others_s;
    }
}

// Data parallelism: gradient reduction (and, with ZeRO, parameter all-gather); returns the
// exposed seconds per step. `fwdMid`/`bwdMid`: one micro-batch's passes through a stage.
double dataParallelExposed(const TrainingPlan& p, const StageParams& sp, double fwdMid,
                           double bwdMid, const CommModel& comm, StepDetail& d,
                           CollectiveLog& log) {
    if (p.dp <= 1) return 0;
    const double mb = static_cast<double>(p.micro_batches);
    const double grads = sp.total() * p.grad_bytes;
    const double weights = sp.total() * p.weight_bytes;
    if (p.zero >= 1) {
        const double perStep = p.zero >= 3 ? mb : 1;
        const CollectiveCost rs =
            log.issue(comm, {Collective::reduce_scatter, ParallelDim::dp, grads}, perStep);
        const CollectiveCost ag =
            log.issue(comm, {Collective::all_gather, ParallelDim::dp, weights},
                      (p.zero >= 3 ? 2 : 1) * perStep);
        d.dp_tier = rs.binding_tier;
        if (p.zero >= 3) {
            // FSDP: every micro-batch gathers the weights for forward and again for backward
            // and reduce-scatters its gradients, prefetched behind the stage's compute.
            const double perMb = 2 * ag.time_s + rs.time_s;
            d.dp_comm_total_s = perMb * mb;
            const double hide = p.overlap_dp ? fwdMid + bwdMid : 0;
            return mb * std::max(0.0, perMb - hide);
        }
        d.dp_comm_total_s = rs.time_s + ag.time_s;
        return p.overlap_dp ? std::max(0.0, rs.time_s - bwdMid) + std::max(0.0, ag.time_s - fwdMid)
                            : d.dp_comm_total_s;
    }
    const CollectiveCost ar = log.issue(comm, {Collective::all_reduce, ParallelDim::dp, grads}, 1);
    d.dp_tier = ar.binding_tier;
    d.dp_comm_total_s = ar.time_s;
    // Bucketed all-reduce overlaps the backward pass of the last micro-batch.
    return p.overlap_dp ? std::max(0.0, ar.time_s - bwdMid) : ar.time_s;
}

// Collectives hidden behind compute are not free: their kernels hold SMs and HBM bandwidth, so
// the compute beside them runs slower. Lee et al., "Characterizing Compute-Communication
// Overlap in GPU-Accelerated Distributed Deep Learning" (arXiv 2507.03114), abstract: an
// average computational slowdown of 18.9% (at most 40%) against the same compute run alone,
// measured with GPT and Llama models on A100, H100, MI250 and MI210.
constexpr double kOverlapComputeSlowdown = 0.189;

double overlapInterference(double hiddenCommSeconds) {
    return kOverlapComputeSlowdown * std::max(0.0, hiddenCommSeconds);
}

// Optimizer: a memory-bound sweep over the parameters this device updates.
double optimizerTime(const TrainingPlan& p, const StageParams& sp, const Rooflines& rl,
                     OperatorList* operators) {
    const double expertDp = std::max(1.0, double(p.dp) * p.tp * p.cp / std::max(1, p.ep));
    const double owned = p.zero >= 1
                             ? sp.dense / std::max(1.0, double(p.dp) * p.cp) + sp.expert / expertDp
                             : sp.total();
    const double optimizerBytes = owned * optimizerBytesPerParam(p.grad_bytes, p.weight_bytes);
    const double optimizer = opTime(rl.attention, {0, optimizerBytes, false, {}});
    if (operators) addOperator(*operators, "optimizer", 0, optimizerBytes, optimizer, 1, false);
    return optimizer;
}

// Throughput and FLOP utilisation (PaLM's MFU: model FLOPs only; HFU adds recompute).
void rateStep(const TrainingPlan& p, const StageLayers& perLayer, double peak, StepDetail& d) {
    TrainingResults& r = d.results;
    const TrainingBreakdown& b = r.breakdown;
    const catalog::Model& m = *p.model;
    const double tokensPerStep = double(p.global_batch) * p.seq_len;
    r.model_flops_per_step = 3 * forwardFlopsPerToken(m, double(p.seq_len)) * tokensPerStep;
    const double recomputeFlopsPerMb =  // whole layers of one micro-batch, unsharded
        (p.params.dense_layers * perLayer.dense.recompute.flops +
         p.params.moe_layers * perLayer.moe.recompute.flops) *
        p.tp * p.cp;
    r.hardware_flops_per_step =
        r.model_flops_per_step + recomputeFlopsPerMb * double(p.global_batch) / p.microbatch;
    r.devices_used = p.devices_used;
    r.devices_idle = std::max(0LL, p.devices_total - p.devices_used);
    r.dp = p.dp;
    r.micro_batches = p.micro_batches;
    const double step = std::max(r.step_time_s, 1e-12);
    const double used = std::max<double>(1, p.devices_used);
    r.tokens_per_s = tokensPerStep / step;
    r.samples_per_s = double(p.global_batch) / step;
    r.model_tflops_per_device = r.model_flops_per_step / step / used / 1e12;
    r.hardware_tflops_per_device = r.hardware_flops_per_step / step / used / 1e12;
    r.mfu = peak > 0 ? r.model_flops_per_step / step / used / peak : 0;
    r.hfu = peak > 0 ? r.hardware_flops_per_step / step / used / peak : 0;
    r.bubble_fraction = b.bubble_s / step;
    r.time_to_train_days = p.train_tokens > 0 ? p.train_tokens / r.tokens_per_s / 86400 : 0;
    d.compute_utilization =
        b.compute_s > 0
            ? std::min(1.0, r.hardware_flops_per_step / used / b.compute_s / std::max(peak, 1.0))
            : 0;
}

}  // namespace

StepDetail trainingStep(const TrainingPlan& p, const CommModel& comm, bool itemized,
                        LayerTimeMemo* memo) {
    StepDetail d;
    d.itemized = itemized;
    CollectiveLog log;
    const Rooflines rl = trainingRooflines(p);
    const double p2p = pipelineP2p(p, comm, d, log);
    const LayerKindTimes kinds = timeEachLayerKind(p, rl, comm, itemized, memo);
    const StageLayers& perLayer = kinds.perLayer;
    const PipelinePace pace = pipelinePace(p, perLayer, p2p);
    const StageLayers st = recordStage(kinds, p.stages[pace.slowest], d, log);

    // One micro-batch through the slowest stage.
    const double computeMid = st.sum([](const LayerTime& t, const LayerComm&) {
        return t.fwd.compute_s + t.bwd.compute_s + t.recompute.compute_s;
    });
    const double memoryMid = st.sum([](const LayerTime& t, const LayerComm&) {
        return t.fwd.memory_s + t.bwd.memory_s + t.recompute.memory_s;
    });
    const double tpMid = st.sum([](const LayerTime&, const LayerComm& c) { return c.tp_s; });
    const double epMid = st.sum([](const LayerTime&, const LayerComm& c) { return c.ep_s; });
    const double cpMid = st.sum([](const LayerTime&, const LayerComm& c) { return c.cp_s; });
    const double hiddenMid = st.sum([](const LayerTime&, const LayerComm& c) {
        return c.tp_total_s - c.tp_s + c.cp_total_s - c.cp_s;
    });
    const double fwdMid =
        st.sum([](const LayerTime& t, const LayerComm&) { return t.fwd.total(); });
    const double bwdMid = st.sum(
        [](const LayerTime& t, const LayerComm&) { return t.bwd.total() + t.recompute.total(); });
    const double headCompute = st.head.fwd.compute_s + st.head.bwd.compute_s;
    const double headMemory = st.head.fwd.memory_s + st.head.bwd.memory_s;
    d.stage_time_s = stageSeconds(st, p2p);

    // Pipeline: m micro-batches through the slowest stage, plus the fill/drain of the others.
    const double mb = static_cast<double>(p.micro_batches);
    const StageParams sp = largestStageParams(p);
    TrainingResults& r = d.results;
    TrainingBreakdown& b = r.breakdown;
    b.compute_s = mb * (computeMid + headCompute);
    b.memory_bound_s = mb * (memoryMid + headMemory);
    b.tp_comm_s = mb * tpMid;
    b.ep_comm_s = mb * epMid;
    b.cp_comm_s = mb * cpMid;
    b.pp_comm_s = mb * p2p;
    b.bubble_s = pipelineBubble(p, pace);
    b.dp_comm_s = dataParallelExposed(p, sp, fwdMid, bwdMid, comm, d, log);
    b.overlap_s = overlapInterference(mb * hiddenMid + d.dp_comm_total_s - b.dp_comm_s);
    b.optimizer_s = optimizerTime(p, sp, rl, d.itemized ? &r.operators : nullptr);
    if (p.offload.active())
        b.offload_s = offloadExposedTime(p, offloadTraffic(p, residentMemory(p)), d.stage_time_s);
    r.step_time_s = b.compute_s + b.memory_bound_s + b.tp_comm_s + b.ep_comm_s + b.cp_comm_s +
                    b.pp_comm_s + b.bubble_s + b.dp_comm_s + b.overlap_s + b.optimizer_s +
                    b.offload_s;
    d.recompute_s =
        mb * st.sum([](const LayerTime& t, const LayerComm&) { return t.recompute.total(); });
    d.tp_comm_total_s =
        mb * st.sum([](const LayerTime&, const LayerComm& c) { return c.tp_total_s; });
    rateStep(p, perLayer, rl.gemm.peak_flops, d);
    if (d.itemized) d.collectives = log.list();
    return d;
}

}  // namespace infraplan
