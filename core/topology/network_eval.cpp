#include "core/topology/network_eval.h"

#include <cmath>
#include <cstdio>

namespace infraplan {
namespace {

const char* describeTier(const std::string& tier) {
    if (tier == "leaf-spine") return "leaf-to-spine uplinks";
    if (tier == "spine-core") return "spine-to-core uplinks";
    if (tier == "nic") return "NIC links";
    if (tier == "scale-up") return "scale-up links";
    if (tier == "pcie") return "PCIe links";
    if (tier == "memory") return "memory links";
    return "fabric links";
}

const char* adviceFor(const std::string& tier, double oversubscription) {
    if (tier == "leaf-spine" || tier == "spine-core")
        return oversubscription > 1 ? "lower the fabric's oversubscription, or place the group "
                                      "so its traffic stays under one leaf"
                                    : "place the group so its traffic stays under one leaf";
    if (tier == "nic")
        return "more or faster NICs per device (rails), or less data-parallel "
               "traffic (larger TP/PP, gradient overlap)";
    if (tier == "scale-up") return "a larger or faster scale-up domain";
    if (tier == "pcie") return "a faster host interface, or GPU-direct paths to the NICs";
    return "a fabric with more bisection bandwidth";
}

std::string percent(double share) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f%%", 100 * share);
    return buf;
}

}  // namespace

std::unique_ptr<FlowCommModel> makeNetworkModel(const Design& design,
                                                const catalog::Catalog& catalog, const Graph& graph,
                                                Results& results) {
    auto model = std::make_unique<FlowCommModel>(graph, design, catalog);
    if (!model->placement().valid()) return nullptr;  // the engines report the shortfall
    if (!model->connected()) {
        results.warnings.push_back(
            "network: the devices the strategy uses are not all connected by drawn links; "
            "communication is estimated per tier instead of over the fabric");
        return nullptr;
    }
    return model;
}

// The training engine already lists each exposed communication phase (phase names of
// core/perf/training_advice.cpp); the network model adds which links bind it and where.
void addNetworkResults(const FlowCommModel& model, const Design& /*design*/, Results& results) {
    NetworkResults net = model.network();
    for (const std::string& w : net.warnings)
        results.warnings.push_back("network: " + w);
    if (results.training && results.training->step_time_s > 0) {
        const TrainingResults& t = *results.training;
        struct Dim {
            const char* name;
            const char* phase;
            double exposed_s;
        };
        const Dim dims[] = {{"tp", "tp collectives", t.breakdown.tp_comm_s},
                            {"pp", "pp send/recv", t.breakdown.pp_comm_s},
                            {"dp", "dp gradient reduction", t.breakdown.dp_comm_s},
                            {"ep", "moe all-to-all", t.breakdown.ep_comm_s},
                            {"cp", "cp ring attention", t.breakdown.cp_comm_s}};
        for (const Dim& dim : dims) {
            const double share = dim.exposed_s / t.step_time_s;
            if (!(share >= 0.05) || !std::isfinite(share)) continue;
            const NetworkCollective* slowest = nullptr;
            for (const NetworkCollective& c : net.collectives)
                if (c.name.rfind(dim.name, 0) == 0 && (!slowest || c.time_s > slowest->time_s))
                    slowest = &c;
            if (!slowest || slowest->binding_tier.empty()) continue;
            double oversubscription = 1;
            for (const NetworkTier& tier : net.tiers)
                if (tier.name == slowest->binding_tier) oversubscription = tier.oversubscription;
            std::string text = slowest->name;
            for (std::size_t i = 0; i < 2 && i < text.size(); ++i)
                text[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[i])));
            text += " is limited by " + std::string(describeTier(slowest->binding_tier));
            if (oversubscription > 1 &&
                (slowest->binding_tier == "leaf-spine" || slowest->binding_tier == "spine-core")) {
                char buf[48];
                std::snprintf(buf, sizeof buf, " at %g:1 oversubscription", oversubscription);
                text += buf;
            }
            text += " (" + slowest->binding_link + "): " + percent(share) + " of the step; " +
                    adviceFor(slowest->binding_tier, oversubscription);
            std::string item;
            for (const NetworkLinkLoad& l : net.links)
                if (l.link == slowest->binding_link) item = l.to_item;
            Bottleneck* existing = nullptr;
            for (Bottleneck& b : results.bottlenecks)
                if (b.phase == dim.phase) existing = &b;
            if (!existing) {
                results.bottlenecks.push_back(
                    Bottleneck{slowest->binding_tier, dim.phase, share, 0, "", ""});
                existing = &results.bottlenecks.back();
            }
            existing->advice = text;
            existing->utilization = slowest->binding_utilization;
            existing->item_id = item;
        }
    }
    results.network = std::move(net);
}

}  // namespace infraplan
