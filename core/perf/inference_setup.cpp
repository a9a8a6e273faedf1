#include "core/perf/inference_setup.h"

#include <algorithm>

#include "core/design/resolve.h"
#include "core/perf/inference_tiers.h"
#include "core/perf/serving_runtime.h"
#include "core/perf/tier_comm_model.h"

namespace infraplan {
namespace {

// Returns the draft model's weight bytes per device (0 without speculative decoding).
double setSpeculative(const Design& design, const catalog::Catalog& catalog, ServingSetup& s,
                      EngineMessages& results) {
    const std::optional<SpeculativeOptions>& spec = design.strategy.speculative;
    if (!spec) return 0;
    SpeculativeDecoding sd;
    sd.draft = catalog.model(spec->draft_model);
    if (!sd.draft) {  // validation refuses this; the engine may be called without it
        results.warnings.push_back(
            "strategy.speculative.draft_model: not a catalog model id; speculative decoding off");
        return 0;
    }
    sd.draft_tokens = spec->draft_tokens;
    sd.acceptance_rate = spec->acceptance_rate;
    s.step->setSpeculative(sd);
    return countParameters(*sd.draft).total * catalog::bytesPerElement(s.precision.weights) /
           s.par.tp;
}

// The model and the device pool it is served on; false (with a reason) when either is missing.
bool resolveModelAndDevice(const Design& design, const catalog::Catalog& catalog, ServingSetup& s,
                           DevicePool& poolOut, EngineMessages& results) {
    s.model = resolveModel(design, catalog);
    if (!s.model || s.model->layers <= 0 || s.model->hidden <= 0 || s.model->heads <= 0) {
        results.fail("workload.model: unknown or incomplete model");
        return false;
    }
    const DeviceSummary devices = summarizeDevices(design, catalog);
    const DevicePool* pool = devices.primary();
    if (!pool || !pool->accelerator || pool->devices <= 0) {
        results.fail("hardware: no accelerators to serve on");
        return false;
    }
    if (devices.pools.size() > 1)
        results.warnings.push_back("mixed accelerators: serving is modelled on the " +
                                   pool->accelerator->id + " devices only");
    s.device = pool->accelerator;
    if (!(s.device->memory_bw_gb_s > 0) || !(s.device->memory_gb > 0) ||
        !(s.device->peak(catalog::Precision::bf16) > 0 ||
          s.device->peak(catalog::Precision::fp16) > 0)) {
        results.fail("hardware: " + s.device->id +
                     " lacks memory capacity, memory bandwidth or a 16-bit peak; "
                     "it cannot be modelled");
        return false;
    }
    s.devices_available = pool->devices;
    poolOut = *pool;
    return true;
}

// Replicas (mixed, or prefill + decode pools) of tp x pp devices; false when they do not fit.
bool layOutReplicas(const Strategy& st, ServingSetup& s, EngineMessages& results) {
    s.par = {std::max(1, st.tp), std::max(1, st.pp), std::max(1, st.ep)};
    if (s.par.ep > s.par.tp) {
        results.warnings.push_back(
            "strategy.ep > tp: expert parallelism is modelled inside the "
            "TP group; using ep = tp");
        s.par.ep = s.par.tp;
    }
    const long long size = static_cast<long long>(s.par.tp) * s.par.pp;
    if (st.disaggregated) {
        s.replicas = 0;
        s.prefill_replicas = st.disaggregated->prefill_replicas;
        s.decode_replicas = st.disaggregated->decode_replicas;
        s.devices_used = size * (s.prefill_replicas + s.decode_replicas);
    } else {
        const long long fit = s.devices_available / size;
        s.replicas =
            static_cast<int>(std::min<long long>(st.replicas > 0 ? st.replicas : fit, 1 << 20));
        s.devices_used = size * s.replicas;
    }
    if (s.devices_used <= 0 || s.devices_used > s.devices_available) {
        results.fail("strategy: the serving layout needs " +
                     std::to_string(std::max(size, s.devices_used)) +
                     " devices (tp x pp per replica), the design has " +
                     std::to_string(s.devices_available));
        return false;
    }
    if (s.devices_used < s.devices_available)
        results.warnings.push_back(std::to_string(s.devices_available - s.devices_used) +
                                   " devices idle: the replicas use " +
                                   std::to_string(s.devices_used));
    return true;
}

// The node-template tier model, with the replicas as the data-parallel dimension.
std::unique_ptr<CommModel> tierModel(const Design& design, const catalog::Catalog& catalog,
                                     const DevicePool& pool, const ServingSetup& s,
                                     EngineMessages& results) {
    const long long size = static_cast<long long>(s.par.tp) * s.par.pp;
    RankLayout layout;
    layout[ParallelDim::tp] = s.par.tp;
    layout[ParallelDim::pp] = s.par.pp;
    layout[ParallelDim::ep] = s.par.ep;
    layout[ParallelDim::dp] =
        static_cast<int>(std::max<long long>(1, s.devices_used / std::max(1LL, size)));
    if (!parsePlacement(design.strategy.placement, layout))
        results.warnings.push_back("strategy.placement \"" + design.strategy.placement +
                                   "\" is not understood; tp-first is used");
    return std::make_unique<TierCommModel>(
        TierCommModel::fromDesign(design, catalog, pool, layout));
}

// Token samplers and the simulation's scheduler, batch and budget settings.
void configureSimulation(const Design& design, long long default_requests, ServingSetup& s,
                         EngineMessages& results) {
    const Strategy& st = design.strategy;
    const Traffic& traffic = design.workload.traffic;
    const long long maxTokens = std::max<long long>(16, design.workload.seq_len);
    s.prompt.emplace(traffic.prompt_tokens, maxTokens);
    s.output.emplace(traffic.output_tokens, maxTokens);
    for (const TokenSampler* t : {&*s.prompt, &*s.output})
        if (!t->warning().empty()) results.warnings.push_back("workload.traffic: " + t->warning());

    const bool staticBatch = st.scheduler == BatchScheduler::static_;
    SimConfig& cfg = s.sim;
    cfg.scheduler = staticBatch ? SimScheduler::static_batch : SimScheduler::continuous;
    cfg.replicas = std::max(1, s.replicas);
    cfg.prefill_replicas = s.prefill_replicas;
    cfg.decode_replicas = s.decode_replicas;
    cfg.max_batch = st.max_batch;
    if (traffic.mode == TrafficMode::batch)
        cfg.max_batch = static_cast<int>(std::clamp<long long>(
            (traffic.batch_size + s.servingReplicas() - 1) / std::max(1, s.servingReplicas()), 1,
            1 << 20));
    cfg.max_step_tokens = st.maxStepTokens();
    if (cfg.max_step_tokens > 0 && cfg.max_step_tokens <= cfg.max_batch)
        cfg.max_step_tokens = cfg.max_batch + 1;  // decodes alone must not exhaust the budget
    cfg.kv_block_tokens = st.kv_block_tokens;
    s.requests = design.workload.requests.value_or(default_requests);
    s.seed = design.workload.seed;
    cfg.seed = s.seed;
}

// KV offload (read over the item's link) or near-memory attention (KV lives in the PIM).
struct KvPlacement {
    MemoryItemPlan offload, pim;
    std::string offload_id, pim_id;
};

KvPlacement placeKvCache(const Design& design, const catalog::Catalog& catalog,
                         const CommModel& comm, const ServingSetup& s, EngineMessages& results) {
    const Strategy& st = design.strategy;
    KvPlacement kv;
    MemoryItemPlan& offload = kv.offload;
    MemoryItemPlan& pim = kv.pim;
    kv.offload_id = st.kv_offload;
    if (!st.kv_offload.empty()) {
        offload = planMemoryItem(design, catalog, st.kv_offload, "strategy.kv_offload", comm,
                                 s.devices_used, results);
        if (offload.usable && !(offload.link_b_s_per_device > 0)) {
            results.warnings.push_back("strategy.kv_offload: '" + st.kv_offload +
                                       "' has no link with a known bandwidth; no offload");
            offload.usable = false;
        }
    }
    const std::string& pimId = st.near_memory_attention;
    kv.pim_id = pimId;
    if (!pimId.empty()) {
        pim = planMemoryItem(design, catalog, pimId, "strategy.near_memory_attention", comm,
                             s.devices_used, results);
        pim.usable = checkNearMemoryCompute(pim, pimId, results);
        if (pim.usable && offload.usable) {
            results.warnings.push_back(
                "strategy.kv_offload is ignored: the KV cache lives in the near-memory device");
            offload.usable = false;
        }
    }
    return kv;
}

// Sizes device memory (weights, activations, KV) and wires the KV placement into the step
// model; false (with a reason) when the replica does not fit.
bool planMemory(const Design& design, double draftBytes, const KvPlacement& kv, ServingSetup& s,
                EngineMessages& results) {
    SimConfig& cfg = s.sim;
    const MemoryItemPlan& offload = kv.offload;
    const MemoryItemPlan& pim = kv.pim;
    InferenceMemoryInputs mem;
    mem.device_memory_bytes = s.device->memory_gb * 1e9;
    mem.memory_utilization = design.strategy.memory_utilization;
    mem.max_step_tokens = cfg.max_step_tokens;
    mem.max_batch = cfg.max_batch;
    mem.mean_sequence_tokens = s.prompt->mean() + s.output->mean();
    mem.kv_block_tokens = cfg.kv_block_tokens;
    mem.extra_weight_bytes = draftBytes;
    const MemoryItemPlan& kvItem = pim.usable ? pim : offload;
    mem.offload_bytes =
        kvItem.usable ? kvItem.capacity_bytes / std::max(1, s.servingReplicas()) : 0;
    mem.devices_per_replica = s.devicesPerReplica();
    mem.kv_in_device_memory = !pim.usable;
    s.memory = planInferenceMemory(*s.step, *s.model, s.par.tp, mem);
    if (!s.memory.fits) {
        results.fail("memory: " + s.memory.reason);
        return false;
    }
    cfg.kv_capacity_tokens = s.memory.kv_tokens + s.memory.offload_tokens;
    // A prefill replica holds only prompts in flight; same memory plan, no offload.
    cfg.prefill_kv_capacity_tokens = pim.usable ? cfg.kv_capacity_tokens : s.memory.kv_tokens;
    const double used = static_cast<double>(std::max(1LL, s.devices_used));
    if (pim.usable)
        s.step->setNearMemory(
            {pim.internal_b_s / used, pim.compute_flops / used, pim.link_b_s_per_device});
    else if (offload.usable && s.memory.offload_tokens > 0)
        s.step->setOffload({s.memory.kv_tokens, offload.link_b_s_per_device});
    return true;
}

}  // namespace

std::optional<ServingSetup> buildServingSetup(const Design& design, const catalog::Catalog& catalog,
                                              const CommModel* comm, long long default_requests,
                                              EngineMessages& results) {
    ServingSetup s;
    DevicePool pool;
    if (!resolveModelAndDevice(design, catalog, s, pool, results)) return std::nullopt;
    if (!layOutReplicas(design.strategy, s, results)) return std::nullopt;
    s.precision.weights = design.workload.precision;
    s.precision.kv = design.workload.kv_precision.value_or(design.workload.precision);
    if (s.precision.weights == catalog::Precision::fp64 ||
        s.precision.kv == catalog::Precision::fp64) {
        results.reasons.push_back(
            "workload.precision fp64: serving in fp64 is not modelled (weights and KV cache in "
            "fp32 or narrower)");
        return std::nullopt;
    }
    if (!comm) {
        s.own_comm = tierModel(design, catalog, pool, s, results);
        comm = s.own_comm.get();
    }
    s.runtime = design.strategy.runtime;
    const RuntimeParameters& params = runtimeParameters(s.runtime);
    s.runtime_comm = std::make_unique<RuntimeCommModel>(*comm, params, s.par.tp);
    s.step = std::make_unique<InferenceStepModel>(*s.model, *s.device, s.precision, s.par,
                                                  s.runtime_comm.get());
    ServingRuntime runtime;
    runtime.per_head_decode_attention =
        design.strategy.decode_attention == DecodeAttention::per_head;
    runtime.step_overhead_s = params.step_overhead_s;
    runtime.decode_graphs = params.decode_graphs;
    s.step->setRuntime(runtime);
    const double draftBytes = setSpeculative(design, catalog, s, results);
    configureSimulation(design, default_requests, s, results);
    const KvPlacement kv = placeKvCache(design, catalog, *comm, s, results);
    if (!planMemory(design, draftBytes, kv, s, results)) return std::nullopt;
    if (kv.pim.usable) s.near_memory_item = kv.pim_id;
    if (kv.offload.usable) s.kv_offload_item = kv.offload_id;
    return s;
}

}  // namespace infraplan
