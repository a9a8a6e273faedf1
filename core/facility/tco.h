#pragma once
// Total cost of ownership and unit economics: capex by class annualized with the capital
// recovery factor over each class's life, annual opex, cost per device-hour at the utilization,
// per training run and per million tokens, and own-vs-rent. Formulas: docs/facility.md
// §4.

#include <optional>

#include "core/facility/facility_defaults.h"
#include "core/facility/facility_results.h"
#include "core/facility/power.h"

namespace infraplan {

// CRF(r, n) = r(1+r)^n / ((1+r)^n - 1); 1/n at r = 0. The level annual payment that repays a
// capital of 1 with interest r over n years.
double capitalRecoveryFactor(double rate, double years);
// Annual cost of a capital outlay: capex x CRF, less the residual value's sinking-fund share
// residual x r / ((1+r)^n - 1) (straight-line (capex - residual)/n at r = 0).
double annualizedCapital(double capex_usd, double rate, double years, double residual_fraction);
// annual cost / (devices x 8760 x utilization): the price of one allocated device-hour.
double usdPerDeviceHour(double annual_cost_usd, double devices, double utilization);

struct CostInputs {
    const HardwareTally* tally = nullptr;
    const PowerResults* power = nullptr;
    double devices = 0;                         // all accelerators in the design
    double devices_used = 0;                    // those the workload runs on
    std::optional<double> training_wall_h;      // one run, interruptions included
    std::optional<double> output_tokens_per_s;  // whole design: served, or trained (x ETTR)
};

// Facility energy over a year: allocated hours at the workload's draw, the rest idle.
double annualFacilityKwh(const PowerResults& power, double utilization);

void computeCost(const FacilityParams& p, const CostInputs& in, CostResults& cost,
                 EnergyResults& energy);

}  // namespace infraplan
