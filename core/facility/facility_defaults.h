#pragma once
// Every parameter of the facility and economics model, with its default and its source, in one
// table (facility_defaults.cpp; docs/facility.md lists it for users). The design overrides any
// of them: the typed fields of Design::facility / Design::economics, and every other parameter
// by name in their `extra` objects ("facility": {"dlc_liquid_fraction": 0.8}). A catalog
// `default` entry mapped to a parameter (catalogDefaultMappings()) replaces its built-in value.

#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "core/design/design.h"

namespace infraplan {

inline constexpr double kHoursPerYear = 8760.0;

enum class FacilityModel : std::uint8_t { build, colocation };
enum class PueModel : std::uint8_t { fixed, bottom_up };

struct FacilityParams {
    // Typed design fields (defaults in design.h).
    double pue = 0;
    Cooling cooling = Cooling::air;
    double power_price_usd_per_kwh = 0;
    double rack_power_limit_kw = 0;
    double carbon_kg_per_kwh = 0;
    double lifetime_years = 0;
    double utilization = 0;
    double interest_rate = 0;
    double cloud_price_usd_per_device_hour = 0;
    // Named parameters (defaults in the table).
    FacilityModel facility_model = FacilityModel::build;
    PueModel pue_model = PueModel::fixed;
    // power
    double gpu_power_fraction_training = 0;
    double gpu_power_fraction_inference = 0;
    double gpu_active_power_fraction = 0;
    double idle_power_fraction = 0;
    double host_average_fraction = 0;
    double server_power_ratio = 0;
    double transient_margin = 0;
    double rack_units = 0;
    double nodes_per_rack = 0;
    double dac_reach_m = 0;        // cabling plan: copper inside a rack
    double multimode_reach_m = 0;  // cabling plan: multimode optics between racks
    // cooling
    double cooling_limit_kw_air = 0;
    double cooling_limit_kw_rear_door = 0;
    double cooling_limit_kw_direct_liquid = 0;
    double cooling_limit_kw_immersion = 0;
    double dlc_liquid_fraction = 0;
    double immersion_liquid_fraction = 0;
    double rear_door_capture_fraction = 0;
    double coolant_delta_t_k = 0;
    double coolant_cp_kj_per_kg_k = 0;
    double coolant_density_kg_per_l = 0;
    double air_delta_t_k = 0;
    double air_density_kg_per_m3 = 0;
    double air_cp_kj_per_kg_k = 0;
    double wue_l_per_kwh = 0;
    double pue_electrical = 0;
    double pue_other = 0;
    double pue_mech_air = 0;
    double pue_mech_liquid = 0;
    // reliability
    double gpu_interruptions_per_year = 0;  // 0 = share x the catalog's annual_failure_rate
    double gpu_interruption_share = 0;
    double host_interruptions_per_year = 0;
    double nic_interruptions_per_year = 0;
    double software_interruptions_per_device_year = 0;
    double checkpoint_stall_s = 0;
    double checkpoint_write_gb_s = 0;
    double restart_s = 0;
    double environment_loss = 0;
    // cost
    double server_cost_ratio = 0;
    double storage_tb_per_device = 0;
    double storage_usd_per_tb = 0;
    double facility_capex_usd_per_mw_air = 0;
    double facility_capex_usd_per_mw_liquid = 0;
    double colocation_usd_per_kw_month = 0;
    double network_life_years = 0;  // 0 = lifetime_years
    double storage_life_years = 0;  // 0 = lifetime_years
    double facility_life_years = 0;
    double residual_fraction = 0;
    double maintenance_fraction_per_year = 0;
    double facility_upkeep_fraction_per_year = 0;
    double insurance_fraction_per_year = 0;
    double staff_fte_per_1000_devices = 0;
    double staff_usd_per_fte_year = 0;
    double software_usd_per_device_year = 0;

    double coolingLimitKw() const;
    double rackPowerLimitKw() const;  // rack_power_limit_kw, or the cooling limit when 0
    double facilityCapexUsdPerMw() const;
};

// One row of the defaults table.
struct ParamSpec {
    bool design_field;    // a typed member of Design::facility/economics (default in design.h)
    const char* name;     // key in the design's facility/economics object
    const char* section;  // "facility" | "economics"
    double FacilityParams::*member;
    double value;  // built-in default (design fields: design.h's, filled in at startup)
    double min;
    double max;
    const char* unit;
    const char* source;
};

// Catalog `default` entry ids that set a parameter: value x factor (entry unit -> ours).
struct CatalogDefaultMapping {
    const char* catalog_id;
    const char* param;
    double factor;
    bool from_seed = true;  // false: only a user's or a design's entry applies (see the .cpp)
};
const std::vector<CatalogDefaultMapping>& catalogDefaultMappings();
const char* catalogDefaultId(const std::string& param);  // nullptr when none

// The table (typed fields first). Stable order: docs and the GUI list it as is.
const std::vector<ParamSpec>& facilityParamSpecs();

// Defaults, then catalog Default entries, then the design's typed fields and `extra` values.
// Invalid or unknown-typed values are reported with their JSON pointer and ignored.
FacilityParams resolveFacilityParams(const Design& design, const catalog::Catalog& catalog,
                                     Diagnostics& diagnostics);

// Built-in defaults only (tests, docs).
FacilityParams defaultFacilityParams();

}  // namespace infraplan
