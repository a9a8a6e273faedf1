#include "core/facility/tco.h"

#include <algorithm>
#include <cmath>

namespace infraplan {

double capitalRecoveryFactor(double rate, double years) {
    if (!(years > 0)) return 0;
    if (!(rate > 1e-12)) return 1.0 / years;
    const double growth = std::pow(1.0 + rate, years);
    return rate * growth / (growth - 1.0);
}

double annualizedCapital(double capex_usd, double rate, double years, double residual_fraction) {
    if (!(years > 0) || !(capex_usd > 0)) return 0;
    const double residual = capex_usd * std::clamp(residual_fraction, 0.0, 1.0);
    if (!(rate > 1e-12)) return (capex_usd - residual) / years;
    const double sinkingFund = rate / (std::pow(1.0 + rate, years) - 1.0);
    return capex_usd * capitalRecoveryFactor(rate, years) - residual * sinkingFund;
}

double usdPerDeviceHour(double annual_cost_usd, double devices, double utilization) {
    const double hours = devices * kHoursPerYear * utilization;
    return hours > 0 ? annual_cost_usd / hours : 0;
}

double annualFacilityKwh(const PowerResults& power, double utilization) {
    const double u = std::clamp(utilization, 0.0, 1.0);
    const double itKw = u * power.it_kw + (1 - u) * power.it_idle_kw;
    return itKw * power.pue * kHoursPerYear;
}

void computeCost(const FacilityParams& p, const CostInputs& in, CostResults& cost,
                 EnergyResults& energy) {
    const HardwareTally empty;
    const HardwareTally& t = in.tally ? *in.tally : empty;
    const PowerResults none;
    const PowerResults& pw = in.power ? *in.power : none;
    const double devices = std::max(0.0, in.devices);
    const double life = p.lifetime_years;
    const double r = p.interest_rate;

    // Capex by class.
    CapexBreakdown& cx = cost.capex;
    cx.compute_usd = t.compute_usd;
    cx.memory_usd = t.memory_usd;
    cx.network_usd = t.network_usd;
    cx.storage_usd = devices * p.storage_tb_per_device * p.storage_usd_per_tb;
    const bool colo = p.facility_model == FacilityModel::colocation;
    // Build cost is quoted per MW of critical IT capacity.
    cx.facility_usd = colo ? 0 : pw.it_capacity_kw / 1000.0 * p.facilityCapexUsdPerMw();
    cost.capex_usd =
        cx.compute_usd + cx.memory_usd + cx.network_usd + cx.storage_usd + cx.facility_usd;

    const double networkLife = p.network_life_years > 0 ? p.network_life_years : life;
    const double storageLife = p.storage_life_years > 0 ? p.storage_life_years : life;
    cost.annualized_capex_usd =
        annualizedCapital(cx.compute_usd + cx.memory_usd, r, life, p.residual_fraction) +
        annualizedCapital(cx.network_usd, r, networkLife, p.residual_fraction) +
        annualizedCapital(cx.storage_usd, r, storageLife, p.residual_fraction) +
        annualizedCapital(cx.facility_usd, r, p.facility_life_years, 0);

    // Opex per year.
    OpexBreakdown& ox = cost.opex;
    const double kwh = annualFacilityKwh(pw, p.utilization);
    ox.energy_usd = kwh * p.power_price_usd_per_kwh;
    ox.colocation_usd = colo ? pw.it_capacity_kw * p.colocation_usd_per_kw_month * 12.0 : 0;
    const double hardware = cx.compute_usd + cx.memory_usd + cx.network_usd + cx.storage_usd;
    ox.maintenance_usd = hardware * p.maintenance_fraction_per_year;
    ox.facility_upkeep_usd = cx.facility_usd * p.facility_upkeep_fraction_per_year;
    ox.insurance_usd = cost.capex_usd * p.insurance_fraction_per_year;
    ox.staff_usd = devices / 1000.0 * p.staff_fte_per_1000_devices * p.staff_usd_per_fte_year;
    ox.software_usd = devices * p.software_usd_per_device_year;
    cost.opex_usd_per_year = ox.energy_usd + ox.colocation_usd + ox.maintenance_usd +
                             ox.facility_upkeep_usd + ox.insurance_usd + ox.staff_usd +
                             ox.software_usd;

    cost.annual_cost_usd = cost.annualized_capex_usd + cost.opex_usd_per_year;
    // Levelized over the cluster's life: the facility contributes its annual share only.
    cost.tco_usd = cost.annual_cost_usd * life;
    cost.usd_per_device_hour = usdPerDeviceHour(cost.annual_cost_usd, devices, p.utilization);
    cost.usd_per_installed_device_hour = usdPerDeviceHour(cost.annual_cost_usd, devices, 1.0);
    const double clusterUsdPerHour = cost.usd_per_device_hour * devices;

    energy.annual_mwh = kwh / 1000.0;
    energy.annual_co2_t = energy.annual_mwh * p.carbon_kg_per_kwh;  // MWh x kg/kWh = t

    if (in.training_wall_h && *in.training_wall_h > 0 && std::isfinite(*in.training_wall_h)) {
        const double h = *in.training_wall_h;
        cost.training_run_usd = clusterUsdPerHour * h;
        energy.training_run_mwh = pw.facility_kw * h / 1000.0;
        energy.training_run_co2_t = *energy.training_run_mwh * p.carbon_kg_per_kwh;
        if (p.cloud_price_usd_per_device_hour > 0)
            cost.cloud_training_run_usd =
                p.cloud_price_usd_per_device_hour * std::max(0.0, in.devices_used) * h;
    }
    if (in.output_tokens_per_s && *in.output_tokens_per_s > 0 &&
        std::isfinite(*in.output_tokens_per_s)) {
        // InferenceX: $/Mtok = $/h x 1e6 / (tok/s x 3600), at the SLO operating point.
        cost.usd_per_million_tokens = clusterUsdPerHour * 1e6 / (*in.output_tokens_per_s * 3600.0);
        energy.joules_per_token = pw.facility_kw * 1000.0 / *in.output_tokens_per_s;
    }
    if (p.cloud_price_usd_per_device_hour > 0) {
        cost.cloud_usd_per_device_hour = p.cloud_price_usd_per_device_hour;
        cost.own_vs_rent_ratio = cost.usd_per_device_hour / p.cloud_price_usd_per_device_hour;
    }
}

}  // namespace infraplan
