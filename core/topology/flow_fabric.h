#pragma once
// What the flow-level comm model needs from the drawn hardware alone, whatever the strategy:
// the router over the expanded graph (its route domains and core trees), readable link names,
// each link direction's achieved bandwidth, the per-step latencies and which vertices are
// connected. A strategy only moves ranks between devices (the placement), so a strategy
// search builds one fabric that every worker's comm models share, layout after layout;
// evaluate() builds one per evaluation.

#include <Eigen/Core>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "catalog/catalog.h"
#include "core/comm/collective_efficiency.h"
#include "core/common/cancel.h"
#include "core/design/design.h"
#include "core/topology/graph.h"
#include "core/topology/link_labels.h"
#include "core/topology/router.h"

namespace infraplan {

struct FlowModelOptions {
    CollectiveEfficiency efficiency;
    int top_links = 20;                   // links listed in NetworkResults
    const CancelToken* cancel = nullptr;  // routing stops early once it is set
};

class FlowFabric {
public:
    // Keeps a copy of `design` (the link names read its items) and a reference to `catalog`,
    // which must outlive it.
    FlowFabric(std::shared_ptr<const Graph> graph, const Design& design,
               const catalog::Catalog& catalog, const FlowModelOptions& options = {});
    ~FlowFabric();

    // Routes `flows` (ECMP over the graph). Serialized: comm models on several threads may
    // share one fabric. Remembered by the exact flow list: layouts that group ranks alike (the
    // same TP groups under another pp or dp) route each class once.
    std::shared_ptr<const RoutedClass> route(std::span<const FlowDemand> flows) const;

    const Graph& graph() const { return *m_graph; }
    const catalog::Catalog& catalog() const { return m_catalog; }
    const FlowModelOptions& options() const { return m_options; }
    const LinkLabels& labels() const { return *m_labels; }
    const Eigen::VectorXd& bandwidths() const { return m_bandwidth_b_s; }  // per direction
    double stepLatencyUp_s() const { return m_stepLatencyUp_s; }
    double stepLatencyOut_s() const { return m_stepLatencyOut_s; }
    // Links drawn without a bandwidth (counted as 1 MB/s).
    const std::vector<std::string>& warnings() const { return m_warnings; }
    // The connected component of each vertex (its lowest-numbered root).
    std::uint32_t component(std::uint32_t vertex) const { return m_component[vertex]; }

private:
    void initBandwidths();
    void initComponents();

    std::shared_ptr<const Graph> m_graph;
    const Design m_design;
    const catalog::Catalog& m_catalog;
    FlowModelOptions m_options;
    std::unique_ptr<LinkLabels> m_labels;
    Eigen::VectorXd m_bandwidth_b_s;  // achieved, per link direction
    double m_stepLatencyUp_s = 0;     // software latency per algorithm step, per class
    double m_stepLatencyOut_s = 0;
    std::vector<std::string> m_warnings;
    std::vector<std::uint32_t> m_component;
    struct RememberedRoute {
        std::vector<FlowDemand> flows;
        std::shared_ptr<const RoutedClass> routed;
    };
    mutable std::mutex m_mutex;
    mutable std::unique_ptr<Router> m_router;  // its scratch buffers change as it routes
    mutable std::unordered_multimap<std::uint64_t, RememberedRoute> m_routes;  // by flows' hash
    mutable std::size_t m_rememberedBytes = 0;
};

}  // namespace infraplan
