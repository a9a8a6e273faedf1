#include "core/perf/training_plan.h"

#include <algorithm>
#include <cmath>

namespace infraplan {
namespace {}  // namespace

LayerSharding TrainingPlan::sharding() const {
    LayerSharding s;
    s.microbatch = microbatch;
    s.seq_len = seq_len;
    s.tp = tp;
    s.cp = cp;
    s.ep = ep;
    s.sequence_parallel = sequence_parallel;
    s.flash_attention = flash_attention;
    s.eager_elementwise = framework.eager_elementwise;
    s.bytes_per_element = activation_bytes;
    return s;
}

PlanOutcome makeTrainingPlan(const Design& design, const catalog::Model& model,
                             const catalog::Accelerator& device, long long devices) {
    PlanOutcome out;
    TrainingPlan& p = out.plan;
    auto& why = out.reasons;
    const Strategy& s = design.strategy;
    const Workload& w = design.workload;
    p.model = &model;
    p.device = &device;
    p.precision = w.precision;
    p.params = countParameters(model);
    p.devices_total = devices;

    if (model.layers <= 0 || model.hidden <= 0 || model.heads <= 0 || model.vocab <= 0)
        why.push_back("model \"" + model.id + "\" lacks layers, hidden, heads or vocab");
    if (model.kv_heads < 0 || model.ffn_hidden < 0 ||
        (model.kv_heads > 0 && model.heads % model.kv_heads != 0))
        why.push_back("model kv_heads must divide heads and ffn_hidden must not be negative");
    if (model.moe && (model.moe->experts < 1 || model.moe->top_k < 1 ||
                      model.moe->top_k > model.moe->experts || model.moe->expert_ffn_hidden < 0 ||
                      model.moe->shared_experts < 0 || model.moe->dense_layers < 0))
        why.push_back(
            "model moe: experts and top_k must be at least 1, top_k at most experts, "
            "the other fields not negative");
    if (model.mla &&
        (model.mla->kv_lora_rank < 1 || model.mla->q_lora_rank < 0 || model.mla->qk_rope_dim < 0 ||
         model.mla->qk_nope_dim < 0 || model.mla->v_head_dim < 1 ||
         model.mla->qk_rope_dim + 0LL + model.mla->qk_nope_dim < 1))
        why.push_back(
            "model mla: kv_lora_rank, v_head_dim and the q.k head dimension must be "
            "at least 1, the other fields not negative");
    if (model.heads > 0 && model.hidden % model.heads != 0)
        why.push_back("model hidden size " + std::to_string(model.hidden) +
                      " is not divisible by its " + std::to_string(model.heads) + " heads");
    if (!why.empty()) return out;
    if (s.tp < 1 || s.pp < 1 || s.cp < 1 || s.ep < 1 || s.dp < 0 || s.microbatch < 1 ||
        s.interleave < 1 || s.zero < 0 || s.zero > 3) {
        why.push_back(
            "strategy: tp, pp, cp, ep, microbatch and interleave must be at least 1, "
            "dp at least 0 (auto), zero 0..3");
        return out;
    }
    if (w.seq_len < 1) why.push_back("workload.seq_len must be at least 1");
    if (w.global_batch < 1) why.push_back("workload.global_batch must be at least 1");
    // A precision the engine or the device cannot train in is refused, not approximated by
    // another one (fp64 once came out "feasible" at 6.7x the peak with bf16 step times).
    if (w.precision == catalog::Precision::fp64)
        why.push_back(
            "workload.precision fp64: training in fp64 is not modelled (the engine models "
            "mixed-precision training in bf16, fp16, fp8 or fp32/tf32)");
    else if (!(device.peak(w.precision) > 0))
        why.push_back("workload.precision " + std::string(catalog::toString(w.precision)) + ": " +
                      device.name + " lists no " + catalog::toString(w.precision) +
                      " peak, so it cannot train in it");
    if (!why.empty()) return out;

    p.tp = s.tp;
    p.pp = s.pp;
    p.cp = s.cp;
    p.ep = s.ep;
    p.zero = s.zero;
    p.recompute = s.recompute;
    p.sequence_parallel = s.sequence_parallel && s.tp > 1;
    p.overlap_dp = s.overlap_dp;
    p.overlap_tp = s.overlap_tp;
    p.overlap_tp_forward = s.overlap_tp_scope != OverlapTpScope::backward;
    p.overlap_tp_backward = s.overlap_tp_scope != OverlapTpScope::forward;
    p.flash_attention = s.flash_attention;
    p.seq_len = w.seq_len;
    p.global_batch = w.global_batch;
    p.microbatch = s.microbatch;
    p.train_tokens = std::isfinite(w.train_tokens) ? std::max(0.0, w.train_tokens) : 0;
    p.schedule = s.schedule;
    p.virtual_stages = 1;
    if (s.interleave > 1 && s.pp > 1) {
        if (s.schedule == PipelineSchedule::one_f_one_b ||
            s.schedule == PipelineSchedule::interleaved) {
            p.schedule = PipelineSchedule::interleaved;
            p.virtual_stages = s.interleave;
        } else {
            out.warnings.push_back("strategy.interleave is ignored by the " +
                                   std::string(toString(s.schedule)) + " schedule");
        }
    }
    if (p.schedule == PipelineSchedule::interleaved && p.virtual_stages == 1)
        p.schedule = PipelineSchedule::one_f_one_b;

    // Shapes the sharding must divide.
    if (model.heads % p.tp != 0)
        why.push_back("tp=" + std::to_string(p.tp) + " does not divide the model's " +
                      std::to_string(model.heads) + " attention heads");
    const int kv = model.kvHeads();
    if (!model.mla && kv % p.tp != 0 && p.tp % kv != 0)
        why.push_back("tp=" + std::to_string(p.tp) + " and the model's " + std::to_string(kv) +
                      " KV heads do not divide one another");
    const StageSplit split = splitPipelineLayers(s.pipeline_split, model.layers, p.pp);
    if (!split.error.empty())
        why.push_back(split.errorText());
    else if (!split.even() && split.by_default)
        out.warnings.push_back("pipeline stages hold " + describeSplit(split.layers) + " layers (" +
                               split.rule + ")");
    if (w.seq_len % p.cp != 0)
        why.push_back("cp=" + std::to_string(p.cp) + " does not divide seq_len " +
                      std::to_string(w.seq_len));

    // Ranks against devices.
    // Products in double first: four int factors can overflow 64 bits.
    const double innerRanks = double(p.tp) * p.pp * p.cp;
    if (innerRanks > double(devices)) {
        why.push_back("tp x pp x cp = " + std::to_string(std::llround(innerRanks)) +
                      " ranks exceed the " + std::to_string(devices) + " devices of the design");
        return out;
    }
    const long long inner = static_cast<long long>(innerRanks);
    p.dp = s.dp > 0 ? s.dp : static_cast<int>(std::min<long long>(devices / inner, 1 << 30));
    if (innerRanks * p.dp > double(devices)) {
        why.push_back("tp x pp x cp x dp = " + std::to_string(std::llround(innerRanks * p.dp)) +
                      " ranks exceed the " + std::to_string(devices) + " devices of the design");
        return out;
    }
    p.devices_used = inner * p.dp;
    if (p.devices_used < devices)
        out.warnings.push_back(
            std::to_string(devices - p.devices_used) + " of " + std::to_string(devices) +
            " devices stay idle (tp x pp x cp x dp = " + std::to_string(p.devices_used) + ")");

    // Experts.
    const bool moe = model.moe && model.moe->experts > 0;
    if (p.ep > 1 && !moe) {
        out.warnings.push_back("strategy.ep=" + std::to_string(p.ep) +
                               " is ignored: the model is dense");
        p.ep = 1;
    }
    if (moe) {
        if (model.moe->experts % p.ep != 0)
            why.push_back("ep=" + std::to_string(p.ep) + " does not divide the model's " +
                          std::to_string(model.moe->experts) + " experts");
        if ((1LL * p.dp * p.tp * p.cp) % p.ep != 0)
            why.push_back("ep=" + std::to_string(p.ep) + " does not divide dp x tp x cp = " +
                          std::to_string(1LL * p.dp * p.tp * p.cp));
        p.moe_imbalance = s.moe_imbalance;
    }

    // Batch: global batch = dp x microbatch x micro-batches.
    const long long perStep = 1LL * p.dp * p.microbatch;
    if (w.global_batch % perStep != 0)
        why.push_back("global_batch " + std::to_string(w.global_batch) +
                      " is not a multiple of dp x microbatch = " + std::to_string(perStep));
    p.micro_batches = std::max(1LL, w.global_batch / perStep);
    if (p.pp > 1 && p.micro_batches < p.pp)
        out.warnings.push_back("only " + std::to_string(p.micro_batches) + " micro-batches for " +
                               std::to_string(p.pp) +
                               " pipeline stages: most of the pipeline idles");
    if (p.virtual_stages > 1 && p.micro_batches % p.pp != 0)
        why.push_back("the interleaved schedule needs micro-batches (" +
                      std::to_string(p.micro_batches) + ") to be a multiple of pp (" +
                      std::to_string(p.pp) + ")");

    p.stages = stageLoads(split.layers, p.params.dense_layers);

    using catalog::Precision;
    const bool wide = w.precision == Precision::fp32 || w.precision == Precision::tf32;
    p.activation_bytes = wide ? 4 : 2;  // fp8 GEMMs still keep bf16 activations
    p.weight_bytes = wide ? 4 : 2;
    p.framework = frameworkMemory(s.framework, w.precision);
    p.grad_bytes = p.framework.grad_bytes;
    if (w.precision == Precision::fp4 || w.precision == Precision::int4 ||
        w.precision == Precision::int8 || w.precision == Precision::fp6)
        out.warnings.push_back(std::string("training in ") + catalog::toString(w.precision) +
                               " is modelled as fp8-style GEMMs with bf16 activations");
    return out;
}

}  // namespace infraplan
