#include "core/results/network_json.h"

namespace infraplan {

void writeNetworkJson(const Results& results, nlohmann::json& out) {
    if (!results.network) return;
    const NetworkResults& n = *results.network;
    nlohmann::json j = {
        {"vertices", n.vertices},           {"edges", n.edges},
        {"placement", n.placement},         {"collectives", nlohmann::json::array()},
        {"tiers", nlohmann::json::array()}, {"links", nlohmann::json::array()}};
    for (const NetworkCollective& c : n.collectives)
        j["collectives"].push_back({{"name", c.name},
                                    {"algorithm", c.algorithm},
                                    {"bytes", c.bytes},
                                    {"group_size", c.group_size},
                                    {"groups", c.groups},
                                    {"time_s", c.time_s},
                                    {"bandwidth_time_s", c.bandwidth_time_s},
                                    {"latency_time_s", c.latency_time_s},
                                    {"binding_link", c.binding_link},
                                    {"binding_tier", c.binding_tier},
                                    {"binding_utilization", c.binding_utilization}});
    for (const NetworkTier& t : n.tiers)
        j["tiers"].push_back({{"name", t.name},
                              {"links", t.links},
                              {"bandwidth_gb_s", t.bandwidth_gb_s},
                              {"max_utilization", t.max_utilization},
                              {"busiest_collective", t.busiest_collective},
                              {"oversubscription", t.oversubscription}});
    for (const NetworkLinkLoad& l : n.links)
        j["links"].push_back({{"link", l.link},
                              {"from_item", l.from_item},
                              {"to_item", l.to_item},
                              {"tier", l.tier},
                              {"collective", l.collective},
                              {"bytes", l.bytes},
                              {"bandwidth_gb_s", l.bandwidth_gb_s},
                              {"utilization", l.utilization}});
    j["memory"] = nlohmann::json::array();
    for (const NetworkMemoryTier& m : n.memory)
        j["memory"].push_back({{"item", m.item},
                               {"type", m.type},
                               {"instances", m.instances},
                               {"capacity_gb", m.capacity_gb},
                               {"per_device_bandwidth_gb_s", m.per_device_bandwidth_gb_s},
                               {"aggregate_bandwidth_gb_s", m.aggregate_bandwidth_gb_s},
                               {"latency_ns", m.latency_ns},
                               {"binding", m.binding},
                               {"unreachable_devices", m.unreachable_devices}});
    out["network"] = std::move(j);
}

}  // namespace infraplan
