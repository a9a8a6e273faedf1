#pragma once
// Power of the expanded hardware graph: each accelerator at a workload-dependent draw (idle
// power when the strategy leaves it unused), host overhead per node, NICs, switches and the
// optics at both ends of every cable drawn; nameplate (capacity) apart from average (energy);
// IT -> facility power by PUE, given or bottom-up. Formulas: docs/facility.md §1.

#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "core/facility/facility_defaults.h"
#include "core/facility/facility_results.h"
#include "core/facility/price_ledger.h"
#include "core/topology/graph.h"

namespace infraplan {

// What the facility model needs from the workload engines (bridged in evaluate()).
struct FacilityWorkload {
    WorkloadMode mode = WorkloadMode::training;
    long long devices_used = -1;  // accelerators the strategy uses, in rank order; -1 = all
    // Share of the time used devices are busy (compute or memory work), 0..1; scales their
    // draw between idle and the full-activity fraction. Absent = 1.
    std::optional<double> busy_fraction;
    std::optional<double> training_ideal_s;  // time to train without interruptions
    std::optional<double> checkpoint_bytes;  // whole model state written per checkpoint
    // Whole design: inference output tokens at the SLO (goodput); training tokens trained.
    std::optional<double> output_tokens_per_s;
};

// --- pure formulas ---------------------------------------------------------------------------

// Idle draw: the catalog's idle_w, else idle_fraction x TDP.
double acceleratorIdleW(const catalog::Accelerator& acc, double idle_fraction);
// Average draw of a used device: idle + (fraction x TDP - idle) x busy.
double acceleratorAverageW(double tdp_w, double idle_w, double full_fraction, double busy);
// Host rating of a node template (CPUs, DRAM, fans, scale-up switches: all but accelerators and
// NICs): host_power_w, else max_power_w minus parts, else (ratio - 1) x accelerator TDPs minus
// NICs. `estimated` is set when the last rule applied.
double hostNameplateW(const catalog::NodeTemplate& node, const catalog::Accelerator* acc,
                      const catalog::Nic* nic, double server_power_ratio, bool* estimated);
// PUE from its parts: 1 + electrical + other + mechanical by the liquid/air heat split.
double bottomUpPue(const FacilityParams& p, double liquid_share);

// --- the roll-up over the graph --------------------------------------------------------------

// Counts and prices gathered on the same walk, for reliability and capex.
struct HardwareTally {
    long long accelerators = 0;
    long long accelerators_used = 0;
    long long nodes = 0;
    long long nics = 0;
    long long switches = 0;
    long long cables = 0;                      // scale-out/memory link lanes outside nodes
    double accelerator_failures_per_year = 0;  // sum of the used devices' catalog rates
    double compute_usd = 0;
    double network_usd = 0;
    double memory_usd = 0;
    PriceLedger prices;                  // every priced part: the lines the class totals sum
    std::vector<std::string> unpriced;   // catalog ids counted at $0
    std::vector<std::string> unpowered;  // catalog ids counted at 0 W
};

struct PowerRollup {
    PowerResults power;
    HardwareTally tally;
    // Average draw of one accelerator the strategy uses (mean over them), W: the one figure
    // the training results quote as device_power_w.
    double used_accelerator_w = 0;
    // The rack each graph vertex sits in (opaque keys: equal = same rack), for the cabling plan.
    std::vector<std::uint64_t> rack_of_vertex;
};

// Never throws; problems (unknown refs, racks over limits) go to `warnings`.
PowerRollup rollUpPower(const Design& design, const catalog::Catalog& catalog, const Graph& graph,
                        const FacilityParams& params, const FacilityWorkload& workload,
                        std::vector<std::string>& warnings);

}  // namespace infraplan
