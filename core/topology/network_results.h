#pragma once
// What the flow-level network model reports (results `network` section): each collective it
// costed with its algorithm and binding link, the busiest links with the design items they
// connect, and every tier's utilization. Plain data, no Eigen, cheap to include.

#include <string>
#include <vector>

namespace infraplan {

struct NetworkCollective {
    std::string name;       // "dp all-reduce"
    std::string algorithm;  // "ring" | "tree" | "hierarchical" | "all-to-all" | "point-to-point"
    double bytes = 0;       // per rank (S)
    int group_size = 1;
    long long groups = 0;
    double time_s = 0;
    double bandwidth_time_s = 0;
    double latency_time_s = 0;
    std::string binding_link;  // readable: "ib/leaf3 -> ib/spine1"
    std::string binding_tier;
    double binding_utilization = 0;  // share of the collective's time that link is busy
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

struct NetworkResults {
    long long vertices = 0;
    long long edges = 0;
    std::string placement;  // order actually used, innermost first
    std::vector<NetworkCollective> collectives;
    std::vector<NetworkTier> tiers;
    std::vector<NetworkLinkLoad> links;  // the busiest links, at most NetworkOptions::top_links
    std::vector<std::string> warnings;
};

}  // namespace infraplan
