#pragma once
// Reliability of a training job: its interruption rate from the parts it runs on, the
// checkpoint interval by Young/Daly, and the effective training time ratio (ETTR) that scales
// time-to-train, energy and cost. Formulas: docs/facility.md §3.

#include <optional>

#include "core/facility/facility_defaults.h"
#include "core/facility/facility_results.h"

namespace infraplan {

// Young (1974): tau = sqrt(2 C M), C = checkpoint stall, M = mean time between interruptions.
double youngIntervalS(double checkpoint_s, double mtbi_s);
// Daly (2006) higher-order optimum: sqrt(2CM)(1 + sqrt(C/2M)/3 + C/18M) - C for C < 2M, else M.
double dalyIntervalS(double checkpoint_s, double mtbi_s);
// Daly's expected wall time with exponential failures, T_w = M e^{R/M}(e^{(tau+C)/M} - 1) T/tau,
// as a ratio T/T_w (valid even when C, R are not small against M; -> 1 - C/tau - tau/2M - R/M).
double effectiveTrainingTimeRatio(double interval_s, double checkpoint_s, double restart_s,
                                  double mtbi_s);

struct ReliabilityInputs {
    long long devices = 0;                // accelerators the job runs on
    long long nodes = 0;                  // their nodes
    long long nics = 0;                   // their NICs
    double device_failures_per_year = 0;  // summed catalog rates of those devices
    std::optional<double> checkpoint_bytes;
    std::optional<double> ideal_s;  // time to train without interruptions
};

ReliabilityResults computeReliability(const FacilityParams& p, const ReliabilityInputs& in);

}  // namespace infraplan
