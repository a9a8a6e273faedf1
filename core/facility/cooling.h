#pragma once
// Cooling from the IT heat: liquid/air split by cooling type, coolant flow, air flow, tons of
// refrigeration and site water. All electrical power ends up as heat.
// Formulas: docs/facility.md §2.

#include "core/facility/facility_defaults.h"
#include "core/facility/facility_results.h"

namespace infraplan {

inline constexpr double kKwPerRefrigerationTon = 3.517;  // 12,000 BTU/h
inline constexpr double kCfmPerM3PerS = 2118.88;

// Share of rack heat that leaves the rack in liquid (cold plates, immersion fluid, or the water
// coil of a rear door).
double liquidCaptureFraction(const FacilityParams& p);
// Share of heat carried off the components by air (everything but cold plates/immersion).
double componentAirFraction(const FacilityParams& p);

// Liquid flow that carries `heat_kw` at a rise of `delta_t_k`: m = P / (cp dT) kg/s, in L/min.
double coolantLitersPerMinute(double heat_kw, double delta_t_k, double cp_kj_per_kg_k,
                              double density_kg_per_l);
// Air flow that carries `heat_kw` at a rise of `delta_t_k`: V = P / (rho cp dT), in CFM.
double airflowCfm(double heat_kw, double delta_t_k, double density_kg_per_m3,
                  double cp_kj_per_kg_k);

// design_heat_kw sizes flows and tonnage; heat_kw is the average; it_kwh_per_year for water.
CoolingResults computeCooling(const FacilityParams& p, double heat_kw, double design_heat_kw,
                              double it_kwh_per_year);

}  // namespace infraplan
