#pragma once
// The flow-level communication model (issue 5): every collective becomes flows between the
// devices its ranks are placed on (placement.h), flows are routed over the expanded graph
// with ECMP (router.h), and the loads of all concurrent collectives add up per link through a
// sparse routing matrix (Eigen: link directions x flow classes) times a volume vector. A
// collective's time is its busiest link's bytes over that link's achieved bandwidth, plus
// per-step latency. Among ring, tree and hierarchical algorithms it takes the fastest, as
// NCCL's tuner does by message size.
//
// Asking costs nothing observable: routes are memoized (under a mutex, so one model serves
// several threads), and the network report is built from the explicit list of collectives a
// step issued (network()), not from whatever was asked before.

#include <Eigen/SparseCore>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <unordered_map>
#include <vector>

#include "catalog/catalog.h"
#include "core/comm/collective_efficiency.h"
#include "core/comm/comm_model.h"
#include "core/comm/issued_collectives.h"
#include "core/common/cancel.h"
#include "core/design/design.h"
#include "core/results/network_results.h"
#include "core/topology/collective_flows.h"
#include "core/topology/flow_fabric.h"
#include "core/topology/graph.h"
#include "core/topology/placement.h"

namespace infraplan {

class FlowCommModel final : public CommModel {
public:
    // Keeps references to `design` and `catalog`, which must outlive it; shares the expanded
    // graph (a prepared design's, reused by every evaluation of the same hardware).
    FlowCommModel(std::shared_ptr<const Graph> graph, const Design& design,
                  const catalog::Catalog& catalog, const FlowModelOptions& options = {});
    // The ranks of `design`'s strategy placed on `fabric`, built from the same hardware (a
    // search's layouts share their worker's fabric). Keeps a reference to `design`.
    FlowCommModel(std::shared_ptr<const FlowFabric> fabric, const Design& design);
    ~FlowCommModel() override;

    CollectiveCost cost(const CollectiveRequest& request) const override;
    CollectiveCost concurrentCost(std::span<const CollectiveRequest> requests) const override;

    // The results section for the collectives a step issued (one entry each, in list order):
    // their algorithms and binding links, the tiers they load and the busiest links.
    NetworkResults network(std::span<const IssuedCollective> issued) const;
    // What building the model found (placement, links without bandwidth).
    const std::vector<std::string>& warnings() const { return m_warnings; }
    // Whether every placed device can reach every other through the graph.
    bool connected() const { return m_connected; }
    // The connected part of the graph a vertex is in (the fabric's component()).
    std::uint32_t component(std::uint32_t vertex) const { return m_fabric->component(vertex); }
    const Graph& graph() const { return m_fabric->graph(); }
    const Placement& placement() const { return *m_placement; }

    // Memory items as offload targets (issue 5 item 6), all placed devices streaming at once.
    std::vector<NetworkMemoryTier> memoryTiers() const;
    std::optional<MemoryPath> memoryPath(const std::string& itemId) const override;

    // Bytes per link direction of one request under its chosen algorithm (for tests).
    Eigen::VectorXd linkLoads(const CollectiveRequest& request) const;

private:
    struct Phase {
        int column = 0;     // flow class
        double volume = 0;  // bytes per unit-weight flow
        double steps = 0;   // latency steps
    };
    struct Plan {
        const char* algorithm = "";
        std::vector<Phase> phases;
        double bandwidth_s = 0, latency_s = 0;
        std::uint32_t binding_dir = 0;
        double binding_busy_s = 0;
    };
    bool placedDevicesConnected() const;
    const Eigen::VectorXd& bandwidths() const { return m_fabric->bandwidths(); }
    const LinkLabels& labels() const { return m_fabric->labels(); }
    std::optional<NetworkMemoryTier> memoryTier(std::uint32_t item) const;  // m_mutex held
    int column(FlowPattern pattern, ParallelDim dim) const;  // routes the class on first use
    std::vector<Plan> candidates(const CollectiveRequest& r) const;  // m_mutex held
    void evaluate(Plan& plan) const;
    Plan best(const CollectiveRequest& r) const;
    CollectiveCost toCost(const Plan& plan) const;
    Eigen::VectorXd loadsOf(std::span<const Plan> plans) const;
    const Eigen::SparseMatrix<double>& routing() const;
    // Warnings for flow classes the listed collectives route that have unreachable flows.
    std::vector<std::string> routingWarnings(std::span<const IssuedCollective> issued) const;
    std::vector<NetworkTier> tierCapacities() const;

    std::shared_ptr<const FlowFabric> m_fabric;
    const Design& m_design;
    std::vector<std::string> m_warnings;
    std::unique_ptr<Placement> m_placement;
    bool m_connected = false;
    mutable std::mutex m_mutex;
    mutable std::map<std::pair<FlowPattern, ParallelDim>, int> m_columns;
    mutable std::vector<std::shared_ptr<const RoutedClass>> m_classes;     // the fabric's
    mutable std::vector<std::pair<FlowPattern, ParallelDim>> m_classKeys;  // per class
    mutable std::vector<double> m_secondsPerByte;     // per class: busiest direction
    mutable std::vector<std::uint32_t> m_bindingDir;  // per class
    mutable Eigen::SparseMatrix<double> m_routing;    // directions x classes, built on demand
    mutable bool m_routingStale = false;
    mutable std::map<ParallelDim, NodeSplit> m_splits;  // per dimension, on first use
    // cost() of each request asked (a strategy search asks the same few many times).
    struct RequestKey {
        Collective op;
        ParallelDim dim;
        std::uint64_t bytes_bits;  // the message size's exact bits
        bool operator==(const RequestKey&) const = default;
    };
    struct RequestKeyHash {
        std::size_t operator()(const RequestKey& k) const;
    };
    mutable std::unordered_map<RequestKey, CollectiveCost, RequestKeyHash> m_costs;
};

}  // namespace infraplan
