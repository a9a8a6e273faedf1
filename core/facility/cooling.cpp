#include "core/facility/cooling.h"

#include <algorithm>

namespace infraplan {

double liquidCaptureFraction(const FacilityParams& p) {
    switch (p.cooling) {
        case Cooling::air:
            return 0;
        case Cooling::rear_door:
            return std::clamp(p.rear_door_capture_fraction, 0.0, 1.0);
        case Cooling::direct_liquid:
            return std::clamp(p.dlc_liquid_fraction, 0.0, 1.0);
        case Cooling::immersion:
            return std::clamp(p.immersion_liquid_fraction, 0.0, 1.0);
    }
    return 0;
}

double componentAirFraction(const FacilityParams& p) {
    switch (p.cooling) {
        case Cooling::air:
        case Cooling::rear_door:
            return 1;  // server fans still move all of it; the door cools it
        case Cooling::direct_liquid:
            return 1 - std::clamp(p.dlc_liquid_fraction, 0.0, 1.0);
        case Cooling::immersion:
            return 1 - std::clamp(p.immersion_liquid_fraction, 0.0, 1.0);
    }
    return 1;
}

double coolantLitersPerMinute(double heat_kw, double delta_t_k, double cp_kj_per_kg_k,
                              double density_kg_per_l) {
    if (heat_kw <= 0 || delta_t_k <= 0 || cp_kj_per_kg_k <= 0 || density_kg_per_l <= 0) return 0;
    const double kg_per_s = heat_kw / (cp_kj_per_kg_k * delta_t_k);  // Q = m cp dT
    return kg_per_s / density_kg_per_l * 60.0;
}

double airflowCfm(double heat_kw, double delta_t_k, double density_kg_per_m3,
                  double cp_kj_per_kg_k) {
    if (heat_kw <= 0 || delta_t_k <= 0 || density_kg_per_m3 <= 0 || cp_kj_per_kg_k <= 0) return 0;
    const double m3_per_s = heat_kw / (density_kg_per_m3 * cp_kj_per_kg_k * delta_t_k);
    return m3_per_s * kCfmPerM3PerS;
}

CoolingResults computeCooling(const FacilityParams& p, double heat_kw, double design_heat_kw,
                              double it_kwh_per_year) {
    CoolingResults c;
    c.type = toString(p.cooling);
    c.heat_kw = std::max(0.0, heat_kw);
    c.design_heat_kw = std::max(0.0, design_heat_kw);
    c.liquid_heat_kw = c.design_heat_kw * liquidCaptureFraction(p);
    c.air_heat_kw = c.design_heat_kw * componentAirFraction(p);
    c.coolant_lpm = coolantLitersPerMinute(c.liquid_heat_kw, p.coolant_delta_t_k,
                                           p.coolant_cp_kj_per_kg_k, p.coolant_density_kg_per_l);
    c.air_cfm =
        airflowCfm(c.air_heat_kw, p.air_delta_t_k, p.air_density_kg_per_m3, p.air_cp_kj_per_kg_k);
    c.refrigeration_tons = c.design_heat_kw / kKwPerRefrigerationTon;
    // WUE (Green Grid; ISO/IEC 30134-9) is litres per kWh of IT energy.
    c.water_m3_per_year = std::max(0.0, it_kwh_per_year) * p.wue_l_per_kwh / 1000.0;
    return c;
}

}  // namespace infraplan
