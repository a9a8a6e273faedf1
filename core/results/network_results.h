#pragma once
// What the flow-level network model reports (results `network` section): each collective it
// costed with its algorithm and binding link, the busiest links with the design items they
// connect, and every tier's utilization. Plain data, no Eigen, cheap to include.

#include <string>
#include <vector>

#include "core/comm/comm_model.h"

namespace infraplan {

struct NetworkCollective {
    std::string name;       // "dp all-reduce"
    std::string algorithm;  // "ring" | "tree" | "hierarchical" | "all-to-all" | "point-to-point"
                            // | a serving runtime's "one-shot" | "two-shot" all-reduce
    double bytes = 0;       // per rank (S)
    int group_size = 1;
    long long groups = 0;
    double time_s = 0;
    double bandwidth_time_s = 0;
    double latency_time_s = 0;
    std::string binding_link;  // readable: "ib/leaf3 -> ib/spine1"
    std::string binding_tier;
    double binding_utilization = 0;     // share of the collective's time that link is busy
    ParallelDim dim = ParallelDim::dp;  // the groups it runs over (typed; `name` says it too)
    std::string binding_item;           // the design item the binding link leads to
    double calls_per_step = 0;          // on one device, per step or serving iteration
};

struct NetworkLinkLoad {
    std::string link;       // readable name, as binding_link
    std::string from_item;  // design item ids at both ends (the fabric for generated switches)
    std::string to_item;
    std::string tier;
    std::string collective;  // the collective that loads it most
    double bytes = 0;        // in its busier direction, during that collective
    double bandwidth_gb_s = 0;
    double utilization = 0;  // busy time / that collective's time
};

struct NetworkTier {
    std::string
        name;  // "scale-up" | "pcie" | "nic" | "leaf-spine" | "spine-core" | "fabric" | "memory"
    long long links = 0;
    double bandwidth_gb_s = 0;  // all links of the tier, per direction
    double max_utilization = 0;
    std::string busiest_collective;
    double oversubscription = 1;  // of the fabric it belongs to (leaf downlinks : uplinks)
};

// A memory item (HBM/CXL pool) as an offload target: what every placed device gets when all
// of them stream to it at once, limited by the links on the way and the pool's own media.
struct NetworkMemoryTier {
    std::string item;  // design item id
    std::string type;  // catalog memory type: "cxl-pool", "hbm-pool", ...
    long long instances = 0;
    double capacity_gb = 0;                // all instances
    double per_device_bandwidth_gb_s = 0;  // each device, all streaming together
    double aggregate_bandwidth_gb_s = 0;   // all devices together
    double latency_ns = 0;                 // longest path plus the media latency
    std::string binding;                   // the limiting link, or "media"
    long long unreachable_devices = 0;     // devices without a path to it
};

struct NetworkResults {
    long long vertices = 0;
    long long edges = 0;
    std::string placement;  // order actually used, innermost first
    std::vector<NetworkCollective> collectives;
    std::vector<NetworkTier> tiers;
    std::vector<NetworkLinkLoad> links;  // the busiest links, at most FlowModelOptions::top_links
    std::vector<NetworkMemoryTier> memory;
    std::vector<std::string> warnings;
};

}  // namespace infraplan
