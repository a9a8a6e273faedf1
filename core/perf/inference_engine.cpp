#include "core/perf/inference_engine.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "core/perf/inference_setup.h"
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

struct Probe {
    double attainment = 0;
    bool truncated = false;  // cut short by its iteration bound: no verdict
    bool queueing = true;    // requests waited noticeably: a lower rate could help
};

Probe probeAt(const ServingSetup& s, const std::vector<Request>& unitRate, double rate,
              const Slo& slo) {
    std::vector<Request> requests = unitRate;
    rescaleArrivals(requests, 1.0, rate);
    SimConfig cfg = s.sim;
    cfg.max_waiting = std::max<long long>(64, static_cast<long long>(requests.size()) / 4);
    cfg.max_steps = std::min<long long>(cfg.max_steps, 1'000'000);
    const SimResult sim = simulateServing(requests, *s.step, cfg);
    const ServingStats stats = summarize(requests, sim, slo);
    Probe p;
    p.attainment = stats.slo_attainment;
    p.truncated = sim.truncated;
    // A probe cut short by its step bound (enormous outputs) cannot tell load from latency.
    p.queueing = sim.overloaded || (!sim.truncated && stats.queue.mean_s > 0.05 * stats.e2e.mean_s);
    return p;
}

// DistServe's goodput: the highest Poisson rate at which the share of requests meeting the
// SLO reaches its percentile. Arrivals come from one unit-rate draw rescaled per probe
// (common random numbers), so attainment falls smoothly and the search repeats exactly.
// nullopt when a probe cannot finish within its iteration bound (enormous outputs).
std::optional<double> findGoodput(const ServingSetup& s, const Slo& slo, double guess_rps,
                                  const InferenceOptions& options) {
    const double target = std::clamp(slo.percentile, 1.0, 100.0) / 100.0 - 1e-12;
    // Probes hold about half a million output tokens, so long outputs stay quick.
    const long long probeRequests =
        std::clamp<long long>(static_cast<long long>(5e5 / std::max(1.0, s.output->mean())), 100,
                              std::max<long long>(100, options.goodput_requests));
    const std::vector<Request> unitRate =
        makeRequests(*s.prompt, *s.output, probeRequests, 1.0, s.seed + 7);
    double pass = 0, fail = 0;
    double rate = std::isfinite(guess_rps) && guess_rps > 0 ? guess_rps : 1.0;
    bool truncated = false;
    auto probe = [&](double at) {
        Probe p = probeAt(s, unitRate, at, slo);
        truncated |= p.truncated;
        return p;
    };
    Probe first = probe(rate);
    if (first.attainment >= target) {
        pass = rate;
        for (int i = 0; i < 30 && fail == 0; ++i) {
            rate *= 2;
            (probe(rate).attainment >= target ? pass : fail) = rate;
        }
        if (truncated) return std::nullopt;
        if (fail == 0) return pass;
    } else {
        fail = rate;
        for (int i = 0; i < 16 && pass == 0; ++i) {
            // Missing the SLO without queueing is latency, not load: a lower rate won't help.
            if (truncated) return std::nullopt;
            if (!first.queueing) return 0.0;
            rate /= 2;
            first = probe(rate);
            (first.attainment >= target ? pass : fail) = rate;
        }
        if (truncated) return std::nullopt;
        if (pass == 0) return 0.0;
    }
    for (int i = 0; i < options.bisection_steps; ++i) {
        const double mid = 0.5 * (pass + fail);
        (probe(mid).attainment >= target ? pass : fail) = mid;
    }
    if (truncated) return std::nullopt;
    return pass;
}

void addBottlenecks(const ServingSetup& s, const SimResult& sim, InferenceResults& r,
                    Results& results) {
    const StepTime& b = sim.time_by_bound;
    const double total = b.total_s > 0 ? b.total_s : 1;
    struct Entry {
        const char* resource;
        const char* phase;
        double seconds;
        const char* advice;
    };
    const std::array<Entry, 6> entries{{
        {"compute", "prefill and large-batch decode", b.compute_s,
         "matrix throughput binds: use a lower precision (fp8/fp4) or more devices per replica"},
        {"hbm-bandwidth", "decode", b.memory_s,
         "weight and KV reads bind: raise the batch, quantize weights/KV, or use a part with "
         "more memory bandwidth"},
        {"network", "tp/pp/ep communication", b.comm_s,
         "communication binds: lower TP, keep TP inside the scale-up domain, or use replicas"},
        {"kv-offload-link", "decode", b.offload_s,
         "offloaded KV reads bind: more device memory, fp8 KV, or a faster memory link"},
        {"near-memory", "decode attention", b.near_memory_s,
         "the near-memory device's attention binds: more PIM devices, or attention back on "
         "the accelerators"},
        {"launch-overhead", "every iteration", b.overhead_s,
         "kernel launches bind: larger batches or graph-captured/fused kernels"},
    }};
    // Utilization while iterating: achieved FLOP/s over peak, bytes/s over peak bandwidth;
    // for links, the share of time they bind.
    const Roofline& roof = s.step->roofline();
    const double computeUtil = roof.peak_flops > 0 ? b.flops / (total * roof.peak_flops) : 0;
    const double memoryUtil = roof.memory_bw > 0 ? b.bytes / (total * roof.memory_bw) : 0;
    const Entry* top = &entries[0];
    for (const Entry& e : entries) {
        if (e.seconds <= 0) continue;
        if (e.seconds > top->seconds) top = &e;
        double util = e.seconds / total;
        if (&e == &entries[0]) util = computeUtil;
        if (&e == &entries[1]) util = memoryUtil;
        results.bottlenecks.push_back(
            {e.resource, e.phase, e.seconds / total, std::clamp(util, 0.0, 1.0), e.advice, ""});
    }
    r.binding_resource = top->resource;
    // KV capacity binds when it, not max_batch, caps the batch and the batch runs near it.
    const long long kvSeqs = s.memory.kv_limited_sequences;
    if (kvSeqs < s.sim.max_batch && sim.mean_decode_batch >= 0.8 * double(kvSeqs) &&
        sim.peak_kv_fraction > 0.9) {
        r.binding_resource = "kv-capacity";
        results.bottlenecks.insert(
            results.bottlenecks.begin(),
            {"kv-capacity", "decode", 1.0, sim.peak_kv_fraction,
             "the KV cache caps the batch at " + std::to_string(kvSeqs) +
                 " sequences: quantize KV (fp8), raise TP, offload KV, or shorten contexts",
             ""});
    }
}

}  // namespace

void evaluateInference(const Design& design, const catalog::Catalog& catalog, const CommModel* comm,
                       Results& results, const InferenceOptions& options) {
    std::optional<ServingSetup> setup =
        buildServingSetup(design, catalog, comm, options.requests, results, options.memory_tiers);
    if (!setup) {
        results.feasible = false;
        return;
    }
    ServingSetup& s = *setup;
    const Traffic& traffic = design.workload.traffic;
    const Slo& slo = design.workload.slo;
    long long count = s.requests;
    double rate = 0;
    switch (traffic.mode) {
        case TrafficMode::batch:
            count = traffic.batch_size;
            break;
        case TrafficMode::offline:
            count = std::max<long long>(
                count, 4LL * s.servingReplicas() * std::max<long long>(1, s.memory.max_sequences));
            break;
        case TrafficMode::poisson:
            rate = traffic.rate_per_s;
            break;
    }
    if (count > kMaxSimulatedRequests) {
        results.warnings.push_back("simulating the first " + std::to_string(kMaxSimulatedRequests) +
                                   " of " + std::to_string(count) + " requests");
        count = kMaxSimulatedRequests;
    }
    std::vector<Request> requests = makeRequests(*s.prompt, *s.output, count, rate, s.seed);
    SimConfig cfg = s.sim;
    if (traffic.mode == TrafficMode::poisson) {
        // A bound on the waiting queue keeps an overloaded run short: a stable system's queue
        // stays near its batch slots, so once a fifth of the run (or 20x the slots) waits,
        // the run stops and the open requests count as missing the SLO.
        const long long slots = static_cast<long long>(s.servingReplicas()) *
                                std::max<long long>(1, s.memory.max_sequences);
        cfg.max_waiting = std::max<long long>(100, std::min(20 * slots, count / 5));
    } else {
        cfg.max_waiting = count + 1;  // a burst at t = 0 is all queued by design
    }
    const SimResult sim = simulateServing(requests, *s.step, cfg);
    const ServingStats stats = summarize(requests, sim, slo, traffic.mode == TrafficMode::batch);

    InferenceResults r;
    r.traffic = toString(traffic.mode);
    if (stats.finished > 0) {  // censored times of requests that never finished are no latency
        r.ttft_ms = toMs(stats.ttft);
        r.tpot_ms = toMs(stats.tpot);
        r.e2e_ms = toMs(stats.e2e);
        r.queue_ms = toMs(stats.queue);
    } else {
        results.feasible = false;
        results.reasons.push_back(
            "inference: no request finished in the simulation (" + std::to_string(stats.requests) +
            " simulated" +
            (sim.overloaded ? "; the offered load far exceeds the serving capacity" : "") +
            (sim.truncated ? "; the outputs are too long to finish within the iteration bound"
                           : "") +
            (sim.rejected > 0 ? "; requests longer than a replica's KV cache were refused" : "") +
            "): there are no latencies to report");
    }
    r.output_tokens_per_s = stats.output_tokens_per_s;
    r.throughput_tokens_per_s = stats.output_tokens_per_s + stats.input_tokens_per_s;
    r.output_tokens_per_s_per_device =
        s.devices_used > 0 ? stats.output_tokens_per_s / double(s.devices_used) : 0;
    const double meanOutput = std::max(1.0, s.output->mean());
    r.request_rate_per_s = rate > 0 ? rate : stats.output_tokens_per_s / meanOutput;
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
    // The runtime preallocates the KV pool (vLLM, TensorRT-LLM): it is held whatever the load.
    MemoryResults memory;
    memory.capacity_bytes = s.memory.capacity_bytes;
    memory.breakdown.weights = s.memory.weights_bytes;
    memory.breakdown.activations = s.memory.activation_bytes;
    memory.breakdown.kv_cache = s.memory.kv_budget_bytes;
    memory.breakdown.workspace = s.memory.reserve_bytes;
    memory.per_device_bytes = memory.breakdown.weights + memory.breakdown.activations +
                              memory.breakdown.kv_cache + memory.breakdown.workspace;
    results.memory = memory;

    // Goodput is a property of an arrival process: Poisson loads only (a batch or an offline
    // burst reports its throughput instead).
    // Start the search near capacity: the offered rate, or what an overloaded run served.
    if (traffic.mode == TrafficMode::poisson) {
        const double served = stats.output_tokens_per_s / meanOutput;
        const double guess = sim.overloaded ? std::max(served, 1e-3) : rate;
        r.goodput_rps = findGoodput(s, slo, guess, options);
        if (r.goodput_rps)
            r.goodput_output_tokens_per_s = *r.goodput_rps * s.output->mean();
        else
            results.warnings.push_back(
                "inference: goodput not computed: the outputs are too "
                "long to simulate within the iteration bound");
    }
    if (sim.overloaded)
        results.warnings.push_back(
            "inference: " + fmt("%.4g", rate) +
            " requests/s exceeds the serving capacity; the simulation stopped when " +
            std::to_string(cfg.max_waiting) + " requests were waiting (at t = " +
            fmt("%.4g", sim.end_s) + " s) and counts the open requests as missing the SLO");
    if (sim.truncated)
        results.warnings.push_back("inference: the simulation stopped after " +
                                   std::to_string(cfg.max_steps) +
                                   " iterations (very long outputs); unfinished requests count "
                                   "as missing the SLO");
    if (sim.rejected > 0)
        results.warnings.push_back("inference: " + std::to_string(sim.rejected) +
                                   " requests are longer than a replica's whole KV cache and "
                                   "were refused");
    addBottlenecks(s, sim, r, results);
    results.inference = std::move(r);
}

}  // namespace infraplan
