#include <nlohmann/json.hpp>

#include "core/results/inference_results.h"
#include "core/results/results.h"

namespace infraplan {
namespace {
// Null when no request finished: censored times are no latency (the run is infeasible then).
nlohmann::json latency(const LatencyMs& l, long long finished) {
    if (finished <= 0) return nullptr;
    return {{"p50", l.p50}, {"p90", l.p90}, {"p99", l.p99}, {"mean", l.mean}};
}
}  // namespace

void writeInferenceJson(const Results& results, nlohmann::json& out) {
    if (!results.inference) return;
    const InferenceResults& r = *results.inference;
    nlohmann::json j;
    j["traffic"] = r.traffic;
    j["runtime"] = r.runtime;
    j["ttft_ms"] = latency(r.ttft_ms, r.requests_finished);
    j["tpot_ms"] = latency(r.tpot_ms, r.requests_finished);
    j["e2e_ms"] = latency(r.e2e_ms, r.requests_finished);
    j["queue_ms"] = latency(r.queue_ms, r.requests_finished);
    j["output_tokens_per_s"] = r.output_tokens_per_s;
    j["throughput_tokens_per_s"] = r.throughput_tokens_per_s;
    j["output_tokens_per_s_per_device"] = r.output_tokens_per_s_per_device;
    j["request_rate_per_s"] = r.request_rate_per_s;
    j["slo_attainment"] = r.slo_attainment;
    j["goodput_rps"] = r.goodput_rps ? nlohmann::json(*r.goodput_rps) : nlohmann::json();
    j["goodput_output_tokens_per_s"] = r.goodput_output_tokens_per_s
                                           ? nlohmann::json(*r.goodput_output_tokens_per_s)
                                           : nlohmann::json();
    j["requests"] = r.requests;
    j["requests_finished"] = r.requests_finished;
    j["requests_rejected"] = r.requests_rejected;
    j["overloaded"] = r.overloaded;
    j["replicas"] = r.replicas;
    j["prefill_replicas"] = r.prefill_replicas;
    j["decode_replicas"] = r.decode_replicas;
    j["devices_per_replica"] = r.devices_per_replica;
    j["devices_used"] = r.devices_used;
    j["max_concurrent_sequences"] = r.max_concurrent_sequences;
    j["kv_tokens_per_replica"] = r.kv_tokens_per_replica;
    j["kv_bytes_per_token"] = r.kv_bytes_per_token;
    j["mean_batch"] = r.mean_batch;
    j["tokens_per_decode_step"] = r.tokens_per_decode_step;
    j["device_busy_fraction"] = r.device_busy_fraction;
    j["binding_resource"] = r.binding_resource;
    out["inference"] = std::move(j);
}

}  // namespace infraplan
