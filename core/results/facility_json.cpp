#include "core/results/facility_json.h"

namespace infraplan {
namespace {

using nlohmann::json;

template <class T>
void putOptional(json& j, const char* key, const std::optional<T>& value) {
    if (value) j[key] = *value;
}

json powerToJson(const PowerResults& p) {
    json racks = json::array();
    for (const RackGroup& g : p.rack_groups)
        racks.push_back({{"name", g.name},
                         {"racks", g.racks},
                         {"accelerators", g.accelerators},
                         {"nameplate_kw", g.nameplate_kw},
                         {"average_kw", g.average_kw},
                         {"limit_kw", g.limit_kw},
                         {"over_limit", g.over_limit}});
    return {{"it_kw", p.it_kw},
            {"it_nameplate_kw", p.it_nameplate_kw},
            {"it_capacity_kw", p.it_capacity_kw},
            {"it_idle_kw", p.it_idle_kw},
            {"facility_kw", p.facility_kw},
            {"facility_capacity_kw", p.facility_capacity_kw},
            {"pue", p.pue},
            {"max_rack_kw", p.max_rack_kw},
            {"racks", p.racks},
            {"kw_per_device_average", p.kw_per_device_average},
            {"kw_per_device_capacity", p.kw_per_device_capacity},
            {"breakdown_kw",
             {{"accelerators", p.accelerators_kw},
              {"hosts", p.hosts_kw},
              {"nics", p.nics_kw},
              {"switches", p.switches_kw},
              {"optics", p.optics_kw},
              {"memory", p.memory_kw},
              {"other", p.other_kw}}},
            {"per_rack", racks}};
}

json coolingToJson(const CoolingResults& c) {
    return {{"type", c.type},
            {"heat_kw", c.heat_kw},
            {"design_heat_kw", c.design_heat_kw},
            {"liquid_heat_kw", c.liquid_heat_kw},
            {"air_heat_kw", c.air_heat_kw},
            {"coolant_lpm", c.coolant_lpm},
            {"air_cfm", c.air_cfm},
            {"refrigeration_tons", c.refrigeration_tons},
            {"water_m3_per_year", c.water_m3_per_year}};
}

json reliabilityToJson(const ReliabilityResults& r) {
    json j = {{"interruptions_per_hour", r.interruptions_per_hour},
              {"job_mtbi_h", r.job_mtbi_h},
              {"checkpoint_s", r.checkpoint_s},
              {"restart_s", r.restart_s},
              {"checkpoint_interval_s", r.checkpoint_interval_s},
              {"ettr", r.ettr}};
    putOptional(j, "ideal_days", r.ideal_days);
    putOptional(j, "wall_days", r.wall_days);
    putOptional(j, "interruptions_per_run", r.interruptions_per_run);
    return j;
}

json costToJson(const CostResults& c) {
    json j = {{"capex_usd", c.capex_usd},
              {"annualized_capex_usd", c.annualized_capex_usd},
              {"opex_usd_per_year", c.opex_usd_per_year},
              {"annual_cost_usd", c.annual_cost_usd},
              {"tco_usd", c.tco_usd},
              {"usd_per_device_hour", c.usd_per_device_hour},
              {"usd_per_installed_device_hour", c.usd_per_installed_device_hour},
              {"capex_breakdown",
               {{"compute_usd", c.capex.compute_usd},
                {"network_usd", c.capex.network_usd},
                {"storage_usd", c.capex.storage_usd},
                {"memory_usd", c.capex.memory_usd},
                {"facility_usd", c.capex.facility_usd}}},
              {"opex_breakdown",
               {{"energy_usd", c.opex.energy_usd},
                {"colocation_usd", c.opex.colocation_usd},
                {"maintenance_usd", c.opex.maintenance_usd},
                {"facility_upkeep_usd", c.opex.facility_upkeep_usd},
                {"insurance_usd", c.opex.insurance_usd},
                {"staff_usd", c.opex.staff_usd},
                {"software_usd", c.opex.software_usd}}}};
    putOptional(j, "training_run_usd", c.training_run_usd);
    putOptional(j, "usd_per_million_tokens", c.usd_per_million_tokens);
    putOptional(j, "cloud_usd_per_device_hour", c.cloud_usd_per_device_hour);
    putOptional(j, "cloud_training_run_usd", c.cloud_training_run_usd);
    putOptional(j, "own_vs_rent_ratio", c.own_vs_rent_ratio);
    return j;
}

json energyToJson(const EnergyResults& e) {
    json j = {{"annual_mwh", e.annual_mwh}, {"annual_co2_t", e.annual_co2_t}};
    putOptional(j, "training_run_mwh", e.training_run_mwh);
    putOptional(j, "training_run_co2_t", e.training_run_co2_t);
    putOptional(j, "joules_per_token", e.joules_per_token);
    return j;
}

}  // namespace

void writeFacilityJson(const Results& results, json& out) {
    if (!results.facility) return;
    const FacilityResults& f = *results.facility;
    out["power"] = powerToJson(f.power);
    out["cooling"] = coolingToJson(f.cooling);
    if (f.reliability) out["reliability"] = reliabilityToJson(*f.reliability);
    out["cost"] = costToJson(f.cost);
    out["energy"] = energyToJson(f.energy);
}

}  // namespace infraplan
