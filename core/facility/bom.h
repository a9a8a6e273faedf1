#pragma once
// The bill of materials of an expanded design: every part with quantity, unit price, extended
// price and the source of the price; cables by link and length class with their medium and the
// optics they need; switch ports used and free. Prices come from the facility model's own walk
// (rollUpPower's price ledger), so the compute, network and memory totals are its capex classes.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "core/facility/cabling.h"
#include "core/facility/facility_defaults.h"
#include "core/facility/price_ledger.h"
#include "core/topology/graph.h"

namespace infraplan {

struct SwitchPorts {
    std::string id;
    std::string name;
    long long switches = 0;
    long long ports = 0;  // switches x radix
    long long used = 0;   // cable ends on them
    long long freePorts() const { return ports > used ? ports - used : 0; }
};

struct Bom {
    std::vector<PricedPart> parts;  // compute, then network, then memory; cables last
    std::vector<SwitchPorts> switch_ports;
    long long cables = 0;  // physical cables (lanes of links outside nodes)
    long long optics = 0;  // transceivers on them
    std::vector<std::string> unpriced;
    FacilityParams params;
    std::vector<std::uint64_t> rack_of_vertex;  // for the cabling plan

    double total(CapexClass cls) const;
};

// The medium of a cable line (parts of kind "cable"; their variant is the length class).
CableMedia cableMediaOf(const PricedPart& cable, const FacilityParams& params);
long long opticsOf(const PricedPart& cable, const FacilityParams& params);

Bom buildBom(const Design& design, const catalog::Catalog& catalog, const Graph& graph);

// bom.csv: one row per line, optics and port rows, and a total per capex class
// (docs/report.md lists the columns).
void writeBomCsv(const Bom& bom, std::ostream& out);

// The cabling plan: one row per physical cable, in NetBox's cable bulk-import columns
// (docs/report.md). Returns the rows written.
long long writeCablingCsv(const Bom& bom, const Design& design, const catalog::Catalog& catalog,
                          const Graph& graph, std::ostream& out);

}  // namespace infraplan
