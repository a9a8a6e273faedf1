#pragma once
// Where each cable of the expanded graph runs and what it is made of: inside one rack or between
// racks, from the racks the facility model assigns. Both are the catalog link's optics (a
// transceiver at each end and fiber), which is what its cost_usd and power_w_per_port price; an
// in-rack run is within a passive copper DAC's reach, which the medium's name says. The rule and
// the reaches are in docs/report.md; the reaches are facility parameters with their sources
// (dac_reach_m, multimode_reach_m).

#include <cstdint>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "core/facility/facility_defaults.h"
#include "core/topology/graph.h"

namespace infraplan {

enum class LengthClass : std::uint8_t { in_rack, between_racks };
const char* toString(LengthClass c);  // "in-rack" | "between racks"

inline LengthClass lengthClassOf(std::uint64_t rack_a, std::uint64_t rack_b) {
    return rack_a == rack_b ? LengthClass::in_rack : LengthClass::between_racks;
}

// The catalog link of an edge that is a physical cable the facility model pays for and powers;
// null for links inside a node template (the node's price and rating cover them) and for edges
// without a catalog link.
const catalog::Link* cableLink(const Edge& edge, const std::vector<Item>& items, const Graph& graph,
                               const catalog::Catalog& catalog);

struct CableMedia {
    const char* netbox_type;  // NetBox cable type: mmf
    const char* name;         // "multimode fiber, transceiver at each end"
    int optics_per_cable;     // transceivers: one per end
    double reach_m;           // the length class's reach (a facility parameter)
};
CableMedia mediaFor(LengthClass length, const FacilityParams& params);

// Device and port names for the cabling plan: "<item id>-<n>" for replicated items (node parts
// share their node's device), "<fabric id>-<leaf|spine|core>-<n>" for fabric switches; ports are
// numbered per device in the order cables reach them ("nic3", "port17").
class DeviceNames {
public:
    DeviceNames(const Design& design, const Graph& graph);
    const std::string& device(std::uint32_t vertex) const { return m_device[vertex]; }
    // The next free port of a vertex (each call takes one).
    std::string takePort(std::uint32_t vertex);

private:
    const Design& m_design;
    const Graph& m_graph;
    std::vector<std::string> m_device;
    std::vector<int> m_nicIndex;        // NICs inside nodes: their index in the node
    std::vector<std::uint32_t> m_used;  // ports taken per vertex
};

}  // namespace infraplan
