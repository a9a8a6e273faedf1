#pragma once
// The one interface through which the engines ask what communication costs. The training and
// inference engines describe each collective of a phase; a CommModel answers in seconds.
// Two implementations: a per-tier alpha-beta estimate from node templates (perf/), and the
// flow-level model that routes every flow over the expanded fabric (topology/). Both folders
// include this neutral one, never each other.
//
// A CommModel is a pure function of its requests: asking has no effect on later answers or on
// what is reported (an implementation may memoize what it computed). What a step issued is the
// step's own explicit list (issued_collectives.h), from which the network report is built.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace infraplan {

enum class Collective : std::uint8_t {
    all_reduce,
    reduce_scatter,
    all_gather,
    all_to_all,
    send_recv
};
const char* toString(Collective c);

// The parallel dimension a collective runs over; the model knows which ranks form each group
// from the strategy and the placement.
enum class ParallelDim : std::uint8_t { tp, cp, ep, dp, pp };
const char* toString(ParallelDim d);

struct CollectiveRequest {
    Collective op = Collective::all_reduce;
    ParallelDim dim = ParallelDim::dp;
    double bytes =
        0;  // message size per rank (S in docs/training-engine.md): the buffer each rank holds
    // Every group of this dimension runs it at the same time (all DP groups all-reduce at once).
};

// "dp all-reduce": how results and bottlenecks name a collective.
std::string collectiveName(const CollectiveRequest& request);

struct CollectiveCost {
    double time_s = 0;
    double bandwidth_time_s = 0;  // the bytes-over-bandwidth part
    double latency_time_s = 0;    // the alpha part
    std::string binding_tier;     // "nvlink" | "nic" | "leaf-spine" | ...
    std::string binding_link;     // a readable name of the most loaded link ("" if unknown)
    std::string binding_item;     // the design item that link leads to ("" if unknown)
    double binding_utilization = 0;
    // Set when a serving runtime's own kernel replaces the model's algorithm ("one-shot",
    // "two-shot" custom all-reduce): the network report then shows this cost and name.
    std::string runtime_algorithm;
};

// A memory item (HBM/CXL pool) as an offload target, seen from the devices: what each device
// gets when all of them stream to it at once, limited by the drawn links and the media.
struct MemoryPath {
    double per_device_bandwidth_b_s = 0;
    double latency_s = 0;
    double capacity_bytes = 0;  // all instances of the item
    std::string binding;        // the limiting link, or "media"
    long long unreachable_devices = 0;
};

class CommModel {
public:
    virtual ~CommModel() = default;
    // Cost of one collective, run concurrently by every group of its dimension.
    virtual CollectiveCost cost(const CollectiveRequest& request) const = 0;
    // Cost of several collectives that run at the same time (they share links).
    virtual CollectiveCost concurrentCost(std::span<const CollectiveRequest> requests) const {
        CollectiveCost worst;
        for (const auto& r : requests) {
            CollectiveCost c = cost(r);
            if (c.time_s > worst.time_s) worst = c;
        }
        return worst;
    }
    // The path from the devices to memory item `itemId`; nullopt when this model does not see
    // drawn links (the per-tier estimate) or the design has no such memory item.
    virtual std::optional<MemoryPath> memoryPath(const std::string& itemId) const {
        (void)itemId;
        return std::nullopt;
    }
};

}  // namespace infraplan
