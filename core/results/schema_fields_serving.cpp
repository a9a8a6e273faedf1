// The results contract: the inference section and the flow-level network model's section.
#include "core/results/schema_section.h"

namespace infraplan::schema_detail {
namespace {

using K = FieldKind;
using U = Unit;
using B = Better;

constexpr const char* kPoisson =
    "has a value only for a Poisson load (workload.traffic), and when the search converges; "
    "null otherwise";

// A latency distribution: an object of p50, p90, p99 and mean, in milliseconds.
void latency(std::vector<ResultField>& f, const std::string& key, const std::string& name,
             const std::string& what) {
    Section s(f, "inference.", Modes::inference);
    s.add(key, K::object, U::none, name, what + ": percentiles over the simulated requests",
          "when at least one simulated request finished; null otherwise (no latency to report)");
    for (const char* p : {"p50", "p90", "p99", "mean"})
        s.number(key + "." + p, U::milliseconds, name + " " + p, what + ", " + p);
}

void serving(std::vector<ResultField>& f) {
    Section s(f, "inference", Modes::inference);
    s.add("", K::object, U::none, "Inference",
          "Latency, throughput, SLO attainment and capacity of the simulated serving run",
          "when the inference engine could lay out the replicas (not for an invalid design or "
          "an impossible layout)");
    Section i(f, "inference.", Modes::inference);
    i.text("traffic", "Traffic", "The load simulated: batch, offline or poisson");
    i.text("runtime", "Runtime",
           "The serving runtime's parameter set applied (strategy.runtime): generic, trt-llm, "
           "vllm, sglang, vllm-rocm or trt-llm-engine");
    latency(f, "ttft_ms", "TTFT", "Time to first token");
    latency(f, "tpot_ms", "TPOT", "Time per output token after the first");
    latency(f, "e2e_ms", "End-to-end latency", "Request latency, arrival to last token");
    latency(f, "queue_ms", "Queueing", "Arrival to admission into a batch");
    i.number("output_tokens_per_s", U::tokens_per_s, "Output tokens",
             "Tokens generated per second");
    i.number("throughput_tokens_per_s", U::tokens_per_s, "Token throughput",
             "Input and output tokens processed per second");
    i.number("output_tokens_per_s_per_device", U::tokens_per_s, "Output tokens per device",
             "Output tokens per second / devices used");
    i.number("request_rate_per_s", U::requests_per_s, B::neither, "Request rate",
             "Offered (Poisson) or served (batch, offline) requests per second");
    i.number("slo_attainment", U::fraction, B::higher, "SLO attainment",
             "Share of requests within the SLO's TTFT and TPOT bounds");
    i.number("goodput_rps", U::requests_per_s, "Goodput",
             "Highest request rate whose SLO attainment meets the SLO percentile", kPoisson);
    i.number("goodput_output_tokens_per_s", U::tokens_per_s, "Goodput tokens",
             "Goodput × mean output tokens", kPoisson);
    i.integer("requests", B::neither, "Requests simulated", "Requests in the simulation");
    i.integer("requests_finished", B::neither, "Requests finished",
              "Requests served to their last token");
    i.integer("requests_rejected", B::lower, "Requests rejected",
              "Requests longer than a replica's whole KV cache");
    i.add("overloaded", K::flag, U::none, "Overloaded",
          "The queue hit its bound: the offered rate exceeds the capacity");
    i.integer("replicas", B::neither, "Replicas", "Serving replicas (mixed, or prefill + decode)");
    i.integer("prefill_replicas", B::neither, "Prefill replicas",
              "Prefill replicas when disaggregated (else 0)");
    i.integer("decode_replicas", B::neither, "Decode replicas",
              "Decode replicas when disaggregated (else 0)");
    i.integer("devices_per_replica", B::neither, "Devices per replica", "tp × pp");
    i.integer("devices_used", B::neither, "Devices used", "Accelerators the replicas occupy");
    i.integer("max_concurrent_sequences", B::higher, "Concurrent sequences",
              "Per replica, at the mean sequence length");
    i.integer("kv_tokens_per_replica", B::higher, "KV tokens per replica",
              "Tokens the KV cache of one replica holds (offload included)");
    i.number("kv_bytes_per_token", U::bytes_per_token, B::neither, "KV bytes per token",
             "KV cache of one token, whole model, all layers");
    i.number("mean_batch", U::none, B::neither, "Mean batch",
             "Decoding sequences per iteration, on average");
    i.number("tokens_per_decode_step", U::none, B::higher, "Tokens per decode step",
             "Above 1 with speculative decoding");
    i.number("device_busy_fraction", U::fraction, B::neither, "Device busy",
             "Share of the run the serving devices spend iterating (the rest idle)");
    i.text("binding_resource", "Binding resource",
           "What limits the serving rate: compute, hbm-bandwidth, kv-capacity or network");
}

void collectives(std::vector<ResultField>& f) {
    Section n(f, "network.", Modes::both);
    n.add("collectives", K::records, U::none, "Collectives",
          "Each collective the engines costed over the fabric (none for serving without "
          "collectives)");
    Section c(f, "network.collectives[].", Modes::both);
    c.text("name", "Collective", "The collective, e.g. dp all-reduce, tp all-reduce, pp send");
    c.text("algorithm", "Algorithm",
           "ring, tree, hierarchical, all-to-all or point-to-point; a serving runtime's custom "
           "all-reduce: one-shot or two-shot");
    c.number("bytes", U::bytes, B::neither, "Bytes per rank", "Message size per rank");
    c.integer("group_size", B::neither, "Ranks", "Ranks in one group");
    c.integer("groups", B::neither, "Groups", "Groups running it at once");
    c.number("time_s", U::seconds, "Time", "One collective, bandwidth and latency parts together");
    c.number("bandwidth_time_s", U::seconds, "Bandwidth time", "The bandwidth-bound part");
    c.number("latency_time_s", U::seconds, "Latency time", "The per-hop latency part");
    c.text("binding_link", "Binding link",
           "The link that sets its time (\"ib/leaf3 -> ib/spine1\")");
    c.text("binding_tier", "Binding tier", "The tier of that link");
    c.number("binding_utilization", U::fraction, B::neither, "Binding utilization",
             "Share of the collective's time that link is busy");
}

void networkLinks(std::vector<ResultField>& f) {
    Section n(f, "network.", Modes::both);
    n.add("tiers", K::records, U::none, "Tiers", "Every tier of the fabric with its peak load");
    Section t(f, "network.tiers[].", Modes::both);
    t.text("name", "Tier", "scale-up, pcie, nic, leaf-spine, spine-core, fabric or memory");
    t.integer("links", B::neither, "Links", "Links in the tier");
    t.number("bandwidth_gb_s", U::gigabytes_per_s, B::neither, "Bandwidth",
             "All links of the tier, per direction");
    t.number("max_utilization", U::fraction, B::neither, "Peak utilization",
             "Busiest link of the tier");
    t.text("busiest_collective", "Busiest collective", "The collective that loads it most");
    t.number("oversubscription", U::none, B::neither, "Oversubscription",
             "Of the fabric it belongs to: leaf downlinks : uplinks");
    n.add("links", K::records, U::none, "Busiest links",
          "The most loaded links, busiest first (at most the model's top-links bound)");
    Section l(f, "network.links[].", Modes::both);
    l.text("link", "Link", "Readable name, as binding_link");
    l.text("from_item", "From item", "Design item at one end (the fabric for generated switches)");
    l.text("to_item", "To item", "Design item at the other end");
    l.text("tier", "Tier", "The tier it belongs to");
    l.text("collective", "Collective", "The collective that loads it most");
    l.number("bytes", U::bytes, B::neither, "Bytes",
             "In its busier direction, during that collective");
    l.number("bandwidth_gb_s", U::gigabytes_per_s, B::neither, "Bandwidth", "Per direction");
    l.number("utilization", U::fraction, B::neither, "Utilization",
             "Busy time / that collective's time");
}

void networkMemory(std::vector<ResultField>& f) {
    Section n(f, "network.", Modes::both);
    n.add("memory", K::records, U::none, "Memory tiers",
          "Memory items (HBM or CXL pools) as offload targets, all placed devices streaming at "
          "once (empty without memory items)");
    Section m(f, "network.memory[].", Modes::both);
    m.text("item", "Item", "Design item id");
    m.text("type", "Type", "Catalog memory type, e.g. cxl-pool or hbm-pool");
    m.integer("instances", B::neither, "Instances", "Instances of the item");
    m.number("capacity_gb", U::gigabytes, B::neither, "Capacity", "All instances");
    m.number("per_device_bandwidth_gb_s", U::gigabytes_per_s, B::higher, "Bandwidth per device",
             "Each device, all streaming together");
    m.number("aggregate_bandwidth_gb_s", U::gigabytes_per_s, B::higher, "Aggregate bandwidth",
             "All devices together");
    m.number("latency_ns", U::nanoseconds, "Latency", "Longest path plus the media latency");
    m.text("binding", "Binding", "The limiting link, or media");
    m.integer("unreachable_devices", B::lower, "Unreachable devices",
              "Devices without a path to it");
}

}  // namespace

void addInferenceFields(std::vector<ResultField>& f) {
    serving(f);
}

void addNetworkFields(std::vector<ResultField>& f) {
    Section s(f, "network", Modes::both);
    s.add("", K::object, U::none, "Network",
          "The fabric as the flow-level model saw it: collectives, tiers, busiest links, memory "
          "pools",
          "when the flow-level model ran: the devices the strategy uses are connected by drawn "
          "links (else communication is estimated per tier and a warning says so)");
    Section n(f, "network.", Modes::both);
    n.integer("vertices", B::neither, "Vertices", "Vertices of the expanded graph");
    n.integer("edges", B::neither, "Edges", "Edges of the expanded graph");
    n.text("placement", "Placement", "The rank order used, innermost first");
    collectives(f);
    networkLinks(f);
    networkMemory(f);
}

}  // namespace infraplan::schema_detail
