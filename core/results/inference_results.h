#pragma once
// The inference section of Results (docs/results.md `inference.*`): latency percentiles,
// throughput, SLO attainment, goodput, memory and the resource that binds.

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

namespace infraplan {

struct Results;

struct LatencyMs {
    double p50 = 0;
    double p90 = 0;
    double p99 = 0;
    double mean = 0;
};

struct InferenceResults {
    std::string traffic;  // "batch" | "offline" | "poisson"
    std::string runtime;  // strategy.runtime: the parameter set whose overheads were applied
    LatencyMs ttft_ms;    // time to first token
    LatencyMs tpot_ms;    // time per output token after the first
    LatencyMs e2e_ms;     // request latency
    LatencyMs queue_ms;   // arrival -> admitted into a batch
    double output_tokens_per_s = 0;
    double throughput_tokens_per_s = 0;  // input + output
    double output_tokens_per_s_per_device = 0;
    double request_rate_per_s = 0;      // offered (Poisson) or served (batch, offline)
    double slo_attainment = 0;          // share of requests within the SLO's bounds
    std::optional<double> goodput_rps;  // highest rate meeting the SLO at its percentile
    std::optional<double> goodput_output_tokens_per_s;  // goodput x mean output tokens
    long long requests = 0;                             // simulated
    long long requests_finished = 0;
    long long requests_rejected = 0;  // longer than a replica's whole KV cache
    bool overloaded = false;          // the queue hit its bound: the rate exceeds capacity
    int replicas = 0;                 // mixed replicas, or prefill + decode
    int prefill_replicas = 0;
    int decode_replicas = 0;
    int devices_per_replica = 0;
    long long devices_used = 0;
    long long max_concurrent_sequences = 0;  // per replica, at the mean sequence length
    long long kv_tokens_per_replica = 0;
    double kv_bytes_per_token = 0;      // whole model, all layers
    double mean_batch = 0;              // decoding sequences per iteration
    double tokens_per_decode_step = 1;  // > 1 with speculative decoding
    // Share of the run the serving devices spend iterating (the rest idle): for power and
    // energy per token (facility model).
    double device_busy_fraction = 0;
    std::string binding_resource;  // "compute" | "hbm-bandwidth" | "kv-capacity" | "network"
    // Memory per device.
    double weights_bytes = 0;
    double kv_cache_bytes = 0;
    double activation_bytes = 0;
    double capacity_bytes = 0;
};

// Writes results.inference (when present) into `out["inference"]`, docs/results.md names.
void writeInferenceJson(const Results& results, nlohmann::json& out);

}  // namespace infraplan
