#include "core/perf/inference_engine.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "core/perf/inference_setup.h"
#include "core/perf/serving_goodput.h"
#include "core/perf/serving_stats.h"

namespace infraplan {
namespace {

constexpr long long kMaxSimulatedRequests = 1'000'000;

LatencyMs toMs(const LatencyPercentiles& p) {
    return {p.p50_s * 1e3, p.p90_s * 1e3, p.p99_s * 1e3, p.mean_s * 1e3};
}

std::string fmt(const char* format, double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, x);
    return buf;
}

// One simulated run of the design's traffic.
struct TrafficRun {
    std::vector<Request> requests;
    SimConfig config;
    SimResult sim;
    double rate = 0;  // offered Poisson rate (0 for a batch or an offline burst)
};

TrafficRun runTraffic(const ServingSetup& s, const Traffic& traffic, const CancelToken* cancel,
                      EngineMessages& messages) {
    TrafficRun run;
    long long count = s.requests;
    switch (traffic.mode) {
        case TrafficMode::batch:
            count = traffic.batch_size;
            break;
        case TrafficMode::offline:
            count = std::max<long long>(
                count, 4LL * s.servingReplicas() * std::max<long long>(1, s.memory.max_sequences));
            break;
        case TrafficMode::poisson:
            run.rate = traffic.rate_per_s;
            break;
    }
    if (count > kMaxSimulatedRequests) {
        messages.warnings.push_back("simulating the first " +
                                    std::to_string(kMaxSimulatedRequests) + " of " +
                                    std::to_string(count) + " requests");
        count = kMaxSimulatedRequests;
    }
    run.requests = makeRequests(*s.prompt, *s.output, count, run.rate, s.seed, cancel);
    run.config = s.sim;
    run.config.cancel = cancel;
    if (traffic.mode == TrafficMode::poisson) {
        // A bound on the waiting queue keeps an overloaded run short: a stable system's queue
        // stays near its batch slots, so once a fifth of the run (or 20x the slots) waits,
        // the run stops and the open requests count as missing the SLO.
        const long long slots = static_cast<long long>(s.servingReplicas()) *
                                std::max<long long>(1, s.memory.max_sequences);
        run.config.max_waiting = std::max<long long>(100, std::min(20 * slots, count / 5));
    } else {
        run.config.max_waiting = count + 1;  // a burst at t = 0 is all queued by design
    }
    run.sim = simulateServing(run.requests, *s.step, run.config);
    return run;
}

InferenceResults servingResults(const ServingSetup& s, const Traffic& traffic,
                                const TrafficRun& run, const ServingStats& stats) {
    const SimResult& sim = run.sim;
    InferenceResults r;
    r.traffic = toString(traffic.mode);
    r.runtime = toString(s.runtime);
    if (stats.finished > 0) {  // censored times of requests that never finished are no latency
        r.ttft_ms = toMs(stats.ttft);
        r.tpot_ms = toMs(stats.tpot);
        r.e2e_ms = toMs(stats.e2e);
        r.queue_ms = toMs(stats.queue);
    }
    r.output_tokens_per_s = stats.output_tokens_per_s;
    r.throughput_tokens_per_s = stats.output_tokens_per_s + stats.input_tokens_per_s;
    r.output_tokens_per_s_per_device =
        s.devices_used > 0 ? stats.output_tokens_per_s / double(s.devices_used) : 0;
    const double meanOutput = std::max(1.0, s.output->mean());
    r.request_rate_per_s = run.rate > 0 ? run.rate : stats.output_tokens_per_s / meanOutput;
    r.slo_attainment = stats.slo_attainment;
    r.requests = stats.requests;
    r.requests_finished = stats.finished;
    r.requests_rejected = sim.rejected;
    r.overloaded = sim.overloaded;
    r.replicas = s.replicas > 0 ? s.replicas : s.prefill_replicas + s.decode_replicas;
    r.prefill_replicas = s.prefill_replicas;
    r.decode_replicas = s.decode_replicas;
    r.devices_per_replica = s.devicesPerReplica();
    r.devices_used = s.devices_used;
    r.max_concurrent_sequences = s.memory.max_sequences;
    r.kv_tokens_per_replica = s.memory.kv_tokens + s.memory.offload_tokens;
    r.kv_bytes_per_token = kvBytesPerToken(*s.model, catalog::bytesPerElement(s.precision.kv));
    r.mean_batch = sim.mean_decode_batch;
    r.tokens_per_decode_step = s.step->tokensPerDecodeStep();
    const double replicaSeconds =
        double(s.replicas > 0 ? s.replicas : s.prefill_replicas + s.decode_replicas) * sim.end_s;
    r.device_busy_fraction =
        replicaSeconds > 0 ? std::clamp(sim.busy_s / replicaSeconds, 0.0, 1.0) : 0;
    return r;
}

// The runtime preallocates the KV pool (vLLM, TensorRT-LLM): it is held whatever the load.
MemoryResults servingMemory(const ServingSetup& s) {
    MemoryResults memory;
    memory.capacity_bytes = s.memory.capacity_bytes;
    memory.breakdown.weights = s.memory.weights_bytes;
    memory.breakdown.activations = s.memory.activation_bytes;
    memory.breakdown.kv_cache = s.memory.kv_budget_bytes;
    memory.breakdown.workspace = s.memory.reserve_bytes;
    memory.per_device_bytes = memory.breakdown.weights + memory.breakdown.activations +
                              memory.breakdown.kv_cache + memory.breakdown.workspace;
    return memory;
}

void warnAboutTheRun(const TrafficRun& run, const ServingStats& stats, EngineMessages& messages) {
    const SimResult& sim = run.sim;
    if (stats.finished <= 0)  // no latency to report: infeasible, and why
        messages.fail(
            "inference: no request finished in the simulation (" + std::to_string(stats.requests) +
            " simulated" +
            (sim.overloaded ? "; the offered load far exceeds the serving capacity" : "") +
            (sim.truncated ? "; the outputs are too long to finish within the iteration bound"
                           : "") +
            (sim.rejected > 0 ? "; requests longer than a replica's KV cache were refused" : "") +
            "): there are no latencies to report");
    if (sim.overloaded)
        messages.warnings.push_back(
            "inference: " + fmt("%.4g", run.rate) +
            " requests/s exceeds the serving capacity; the simulation stopped when " +
            std::to_string(run.config.max_waiting) + " requests were waiting (at t = " +
            fmt("%.4g", sim.end_s) + " s) and counts the open requests as missing the SLO");
    if (sim.truncated)
        messages.warnings.push_back("inference: the simulation stopped after " +
                                    std::to_string(run.config.max_steps) +
                                    " iterations (very long outputs); unfinished requests count "
                                    "as missing the SLO");
    if (sim.rejected > 0)
        messages.warnings.push_back("inference: " + std::to_string(sim.rejected) +
                                    " requests are longer than a replica's whole KV cache and "
                                    "were refused");
}

std::vector<Bottleneck> servingBottlenecks(const ServingSetup& s, const SimResult& sim,
                                           InferenceResults& r) {
    const StepTime& b = sim.time_by_bound;
    const double total = b.total_s > 0 ? b.total_s : 1;
    struct Entry {
        const char* resource;
        BottleneckPhase phase;
        double seconds;
        const char* advice;
    };
    const std::array<Entry, 6> entries{{
        {"compute", BottleneckPhase::prefill, b.compute_s,
         "matrix throughput binds: use a lower precision (fp8/fp4) or more devices per replica"},
        {"hbm-bandwidth", BottleneckPhase::decode, b.memory_s,
         "weight and KV reads bind: raise the batch, quantize weights/KV, or use a part with "
         "more memory bandwidth"},
        {"network", BottleneckPhase::serving_comm, b.comm_s,
         "communication binds: lower TP, keep TP inside the scale-up domain, or use replicas"},
        {"kv-offload-link", BottleneckPhase::kv_offload, b.offload_s,
         "offloaded KV reads bind: more device memory, fp8 KV, or a faster memory link"},
        {"near-memory", BottleneckPhase::near_memory, b.near_memory_s,
         "the near-memory device's attention binds: more PIM devices, or attention back on "
         "the accelerators"},
        {"launch-overhead", BottleneckPhase::launch, b.overhead_s,
         "kernel launches and the runtime's host time per iteration bind: larger batches, "
         "graph-captured/fused kernels or a runtime that overlaps scheduling"},
    }};
    // Utilization while iterating: achieved FLOP/s over peak, bytes/s over peak bandwidth;
    // for links, the share of time they bind.
    const Roofline& roof = s.step->roofline();
    const double computeUtil = roof.peak_flops > 0 ? b.flops / (total * roof.peak_flops) : 0;
    const double memoryUtil = roof.memory_bw > 0 ? b.bytes / (total * roof.memory_bw) : 0;
    std::vector<Bottleneck> out;
    const Entry* top = &entries[0];
    for (const Entry& e : entries) {
        if (e.seconds <= 0) continue;
        if (e.seconds > top->seconds) top = &e;
        double util = e.seconds / total;
        if (&e == &entries[0]) util = computeUtil;
        if (&e == &entries[1]) util = memoryUtil;
        out.push_back(
            {e.resource, e.phase, e.seconds / total, std::clamp(util, 0.0, 1.0), e.advice, ""});
    }
    r.binding_resource = top->resource;
    // KV capacity binds when it, not max_batch, caps the batch and the batch runs near it.
    const long long kvSeqs = s.memory.kv_limited_sequences;
    if (kvSeqs < s.sim.max_batch && sim.mean_decode_batch >= 0.8 * double(kvSeqs) &&
        sim.peak_kv_fraction > 0.9) {
        r.binding_resource = "kv-capacity";
        out.insert(out.begin(),
                   {"kv-capacity", BottleneckPhase::kv_capacity, 1.0, sim.peak_kv_fraction,
                    "the KV cache caps the batch at " + std::to_string(kvSeqs) +
                        " sequences: quantize KV (fp8), raise TP, offload KV, or shorten contexts",
                    ""});
    }
    return out;
}

// What the network report shows for serving: one decode iteration at the simulated mean batch
// per replica, one prefill iteration at the token budget (a whole mean prompt without
// chunking) and, with disaggregated pools, the KV transfer of a mean prompt (per request).
std::vector<IssuedCollective> servingCollectives(const ServingSetup& s, const SimResult& sim,
                                                 const CommModel* comm) {
    StepShape decode;
    decode.decode_seqs = std::max(1, static_cast<int>(std::lround(sim.mean_decode_batch)));
    StepShape prefill;
    prefill.prefill_tokens = s.sim.max_step_tokens > 0
                                 ? s.sim.max_step_tokens
                                 : std::max(1, static_cast<int>(std::lround(s.prompt->mean())));
    prefill.prefill_seqs = 1;
    CollectiveLog log;
    for (const StepShape& shape : {decode, prefill})
        for (const IssuedCollective& c : s.step->collectives(shape))
            log.add(c.request, c.cost, c.calls_per_step);
    if (comm && s.prefill_replicas > 0 && s.decode_replicas > 0)
        log.issue(*comm,
                  {Collective::send_recv, ParallelDim::dp,
                   std::round(s.prompt->mean()) * s.step->kvBytesPerTokenPerDevice()},
                  1);
    return log.list();
}

}  // namespace

InferenceEvaluation evaluateInference(const Design& design, const catalog::Catalog& catalog,
                                      const CommModel* comm, const InferenceOptions& options) {
    InferenceEvaluation out;
    EngineMessages& messages = out.messages;
    std::optional<ServingSetup> setup =
        buildServingSetup(design, catalog, comm, options.requests, messages);
    if (!setup || isCancelled(options.cancel)) return out;
    const ServingSetup& s = *setup;
    const Traffic& traffic = design.workload.traffic;
    const Slo& slo = design.workload.slo;
    const TrafficRun run = runTraffic(s, traffic, options.cancel, messages);
    if (isCancelled(options.cancel)) return out;
    const SimResult& sim = run.sim;
    const ServingStats stats =
        summarize(run.requests, sim, slo, traffic.mode == TrafficMode::batch);
    InferenceResults r = servingResults(s, traffic, run, stats);
    out.memory = servingMemory(s);

    // Goodput is a property of an arrival process: Poisson loads only (a batch or an offline
    // burst reports its throughput instead).
    // Start the search near capacity: the offered rate, or what an overloaded run served.
    if (traffic.mode == TrafficMode::poisson && options.goodput) {
        const double served = stats.output_tokens_per_s / std::max(1.0, s.output->mean());
        const double guess = sim.overloaded ? std::max(served, 1e-3) : run.rate;
        r.goodput_rps = findGoodput(
            s, slo, guess, {options.goodput_requests, options.bisection_steps, options.cancel});
        if (isCancelled(options.cancel)) return out;
        if (r.goodput_rps)
            r.goodput_output_tokens_per_s = *r.goodput_rps * s.output->mean();
        else
            messages.warnings.push_back(
                "inference: goodput not computed: the outputs are too "
                "long to simulate within the iteration bound");
    }
    warnAboutTheRun(run, stats, messages);
    out.bottlenecks = servingBottlenecks(s, sim, r);
    out.collectives = servingCollectives(s, sim, s.own_comm ? s.own_comm.get() : comm);
    out.kv_offload_item = s.kv_offload_item;
    out.near_memory_item = s.near_memory_item;
    out.inference = std::move(r);
    return out;
}

}  // namespace infraplan
