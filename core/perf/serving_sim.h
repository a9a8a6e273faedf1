#pragma once
// Discrete-event simulation of LLM serving: requests arrive, wait in a replica's queue, are
// admitted while batch slots and KV-cache blocks allow, run prefill (optionally chunked) and
// then decode one token (or a speculative run) per iteration. Iteration times come from a
// StepCostModel, so the simulation itself holds no physics. Continuous batching (Orca,
// OSDI'22; vLLM, SOSP'23) and static batching; disaggregated prefill/decode pools with a KV
// transfer in between (DistServe, OSDI'24). Work per request is O(log batch), not per token:
// a decoding sequence's finishing iteration is known when it starts decoding.

#include <cstdint>
#include <vector>

#include "core/common/cancel.h"
#include "core/perf/inference_load.h"

namespace infraplan {

// What one iteration of one replica processes.
struct StepShape {
    int decode_seqs = 0;                 // sequences that each gain decode tokens this step
    double decode_context_tokens = 0;    // sum of their contexts (KV tokens read)
    int prefill_tokens = 0;              // prompt tokens processed (all chunks together)
    double prefill_attention_pairs = 0;  // sum over those tokens of the context each attends to
    int prefill_seqs = 0;                // sequences with a prefill chunk in this step
};

// Seconds an iteration takes, split by what bound each part of it (for bottleneck reports).
struct StepTime {
    double total_s = 0;
    double compute_s = 0;      // parts bound by matrix/vector throughput
    double memory_s = 0;       // parts bound by device-memory bandwidth
    double comm_s = 0;         // TP/PP/EP communication
    double offload_s = 0;      // KV reads from an offload memory over its link
    double near_memory_s = 0;  // decode attention run by a near-memory (PIM) device
    double overhead_s = 0;     // launch and other fixed costs
    double flops = 0;          // per device, for utilization figures
    double bytes = 0;          // device-memory traffic per device
};

class StepCostModel {
public:
    virtual ~StepCostModel() = default;
    virtual StepTime stepTime(const StepShape& shape) const = 0;
    // Tokens each decoding sequence gains per iteration (1; more with speculative decoding).
    virtual double tokensPerDecodeStep() const { return 1.0; }
    // Seconds to move a prefilled prompt's KV cache from a prefill to a decode replica.
    virtual double kvTransferTime(int /*prompt_tokens*/) const { return 0.0; }
};

enum class SimScheduler : std::uint8_t { continuous, static_batch };

struct SimConfig {
    SimScheduler scheduler = SimScheduler::continuous;
    int replicas = 1;          // mixed replicas (prefill and decode on the same devices)
    int prefill_replicas = 0;  // > 0 together with decode_replicas: disaggregated pools
    int decode_replicas = 0;
    int max_batch = 256;  // sequences resident per replica (prefilling + decoding)
    // Token budget per iteration (Sarathi-Serve chunked prefill); 0 = whole prompts at once.
    int max_step_tokens = 0;
    long long kv_capacity_tokens = 1LL << 40;          // per (decode or mixed) replica
    long long prefill_kv_capacity_tokens = 1LL << 40;  // per prefill replica
    int kv_block_tokens = 16;  // paged KV: reservations round up to whole blocks
    // Bound on requests waiting in all queues; past it the run stops as overloaded and the
    // requests still open count as missing every SLO. Keeps memory and time bounded.
    long long max_waiting = 200'000;
    // Bound on iterations over all replicas: very long outputs cannot make a run take
    // minutes; past it the run stops (truncated) and open requests count as unfinished.
    long long max_steps = 5'000'000;
    std::uint64_t seed = 1;  // for the load balancer's random choices
    // Polled every 1024 iterations: once set, the run stops (marked truncated) and its caller
    // discards it. Null: runs to the end.
    const CancelToken* cancel = nullptr;
};

struct RequestOutcome {
    double ttft_s = 0;   // arrival -> first token (censored at the stop time if unfinished)
    double tpot_s = 0;   // mean time per output token after the first
    double e2e_s = 0;    // arrival -> last token
    double queue_s = 0;  // arrival -> first scheduled (admitted into a batch)
    bool finished = false;
    bool arrived = false;
};

struct SimResult {
    std::vector<RequestOutcome> outcomes;  // one per request, in arrival order
    double end_s = 0;                      // simulated time when the run stopped
    bool overloaded = false;               // stopped at max_waiting
    bool truncated = false;                // stopped at max_steps
    long long rejected = 0;                // requests larger than a replica's whole KV cache
    long long steps = 0;                   // iterations over all replicas
    double busy_s = 0;                     // replica-seconds spent iterating
    double mean_decode_batch = 0;          // decode sequences per iteration, time-weighted
    double peak_kv_fraction = 0;           // highest KV reservation / capacity on any replica
    StepTime time_by_bound;                // replica-seconds per bound, summed over iterations
};

// Runs `requests` (sorted by arrival) to completion or to the overload bound. Never loops
// forever: every iteration makes progress, and unservable requests are rejected up front.
SimResult simulateServing(const std::vector<Request>& requests, const StepCostModel& cost,
                          const SimConfig& config);

}  // namespace infraplan
