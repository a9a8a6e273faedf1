#pragma once
// What the facility and economics model reports (docs/results.md: power.*, cooling.*, cost.*,
// energy.*, plus reliability.*). Plain data; core/results/facility_json.cpp writes it.

#include <optional>
#include <string>
#include <vector>

namespace infraplan {

// Racks of one kind (same source, same load): a 4,096-node design lists a handful of these,
// not thousands of rows.
struct RackGroup {
    std::string name;            // unique in the list: "rack group 'row'", "'dgx' (4 per rack) #2"
    long long racks = 0;         // racks of this kind
    long long accelerators = 0;  // per rack
    double nameplate_kw = 0;     // per rack: sum of the parts' ratings
    double average_kw = 0;       // per rack: under the workload
    double limit_kw = 0;         // the binding limit (rack power or cooling type), kW
    bool over_limit = false;
};

struct PowerResults {
    double it_kw = 0;            // average IT draw under the workload
    double it_nameplate_kw = 0;  // sum of the parts' ratings (capacity)
    double it_capacity_kw = 0;   // nameplate x (1 + transient margin): what is provisioned
    double it_idle_kw = 0;       // every device idle (the unallocated hours)
    double facility_kw = 0;      // average, with PUE
    double facility_capacity_kw = 0;
    double pue = 0;          // the PUE used (given, or bottom-up)
    double max_rack_kw = 0;  // highest rack nameplate
    long long racks = 0;
    double kw_per_device_average = 0;   // facility_kw / accelerators (all-in, average)
    double kw_per_device_capacity = 0;  // facility_capacity_kw / accelerators (all-in, sizing)
    // Average IT kW by part, so a user sees where the power goes.
    double accelerators_kw = 0;
    double hosts_kw = 0;
    double nics_kw = 0;
    double switches_kw = 0;
    double optics_kw = 0;
    double memory_kw = 0;
    double other_kw = 0;  // CPUs drawn as items
    std::vector<RackGroup> rack_groups;
};

struct CoolingResults {
    std::string type;               // air | rear-door | direct-liquid | immersion
    double heat_kw = 0;             // average heat to remove (all IT power becomes heat)
    double design_heat_kw = 0;      // at IT capacity: what the plant is sized for
    double liquid_heat_kw = 0;      // design heat carried away by liquid at the rack
    double air_heat_kw = 0;         // design heat carried by air through the equipment
    double coolant_lpm = 0;         // liquid flow at the design heat and coolant dT
    double air_cfm = 0;             // air flow through the equipment at the design heat
    double refrigeration_tons = 0;  // design heat in tons of refrigeration
    double water_m3_per_year = 0;   // site water (WUE x IT energy)
};

struct ReliabilityResults {
    double interruptions_per_hour = 0;  // job interruption rate of the devices in use
    double job_mtbi_h = 0;              // 1 / rate
    double checkpoint_s = 0;            // stall per checkpoint
    double restart_s = 0;               // lost per interruption besides redone work
    double checkpoint_interval_s = 0;   // Young/Daly optimum
    double ettr = 1;                    // effective training time ratio (0..1]
    std::optional<double> ideal_days;   // time to train without interruptions
    std::optional<double> wall_days;    // with them
    std::optional<double> interruptions_per_run;
};

// Capex by class and annual opex by line, so a user sees what drives the cost.
struct CapexBreakdown {
    double compute_usd = 0;  // nodes (accelerators, hosts, in-node NICs), loose accelerators
    double network_usd = 0;  // switches, NICs outside nodes, optics and cables
    double storage_usd = 0;
    double facility_usd = 0;  // build cost ($/MW); 0 under colocation
    double memory_usd = 0;    // memory nodes (CXL pools, ...)
};

struct OpexBreakdown {
    double energy_usd = 0;
    double colocation_usd = 0;
    double maintenance_usd = 0;
    double facility_upkeep_usd = 0;
    double insurance_usd = 0;
    double staff_usd = 0;
    double software_usd = 0;
};

struct CostResults {
    double capex_usd = 0;
    double annualized_capex_usd = 0;  // capex x CRF per class
    double opex_usd_per_year = 0;
    double annual_cost_usd = 0;      // annualized capex + opex
    double tco_usd = 0;              // capex + opex over the lifetime (undiscounted)
    double usd_per_device_hour = 0;  // annual cost / (devices x 8760 x utilization)
    // annual cost / (devices x 8760): per installed hour, the basis of published TCO tiers
    double usd_per_installed_device_hour = 0;
    std::optional<double> training_run_usd;
    std::optional<double> usd_per_million_tokens;
    std::optional<double> cloud_usd_per_device_hour;  // the design's rent price, if any
    std::optional<double> cloud_training_run_usd;
    std::optional<double> own_vs_rent_ratio;  // owned / rented per device-hour
    CapexBreakdown capex;
    OpexBreakdown opex;
};

struct EnergyResults {
    double annual_mwh = 0;  // facility energy over a year at the utilization
    double annual_co2_t = 0;
    std::optional<double> training_run_mwh;  // facility energy of one run (wall time)
    std::optional<double> training_run_co2_t;
    std::optional<double> joules_per_token;  // facility energy per output token
};

struct FacilityResults {
    PowerResults power;
    CoolingResults cooling;
    std::optional<ReliabilityResults> reliability;  // training only
    CostResults cost;
    EnergyResults energy;
};

}  // namespace infraplan
