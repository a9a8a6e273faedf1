#include "core/facility/facility_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/facility/cooling.h"
#include "core/facility/reliability.h"
#include "core/facility/tco.h"

namespace infraplan {
namespace {

std::string fixed(double value, int decimals) {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string joinIds(const std::vector<std::string>& ids) {
    std::string out;
    for (const std::string& id : ids)
        out += (out.empty() ? "" : ", ") + id;
    return out;
}

}  // namespace

FacilityWorkload facilityWorkloadFromDesign(const Design& design, long long devices) {
    FacilityWorkload w;
    w.mode = design.workload.mode;
    const Strategy& s = design.strategy;
    long long ranks = -1;  // all devices
    if (w.mode == WorkloadMode::training && !s.dpIsAuto() && s.tp > 0 && s.pp > 0 && s.cp > 0)
        ranks = static_cast<long long>(s.tp) * s.pp * s.cp * s.dp;
    if (ranks >= 0) w.devices_used = std::min(ranks, devices);
    return w;
}

namespace {

// Interruptions, checkpoints and restarts of a training job on the devices it uses (nodes and
// NICs in proportion to them).
ReliabilityResults trainingReliability(const FacilityParams& params, const HardwareTally& tally,
                                       const WorkloadPower& usedPower,
                                       const FacilityWorkload& workload,
                                       std::vector<std::string>* warnings) {
    const double devices = static_cast<double>(tally.accelerators);
    const double used = static_cast<double>(usedPower.accelerators_used);
    const double share = devices > 0 ? used / devices : 0;
    ReliabilityInputs in;
    in.devices = usedPower.accelerators_used;
    in.nodes = std::llround(static_cast<double>(tally.nodes) * share);
    in.nics = std::llround(static_cast<double>(tally.nics) * share);
    in.device_failures_per_year = usedPower.accelerator_failures_per_year;
    in.checkpoint_bytes = workload.checkpoint_bytes;
    in.ideal_s = workload.training_ideal_s;
    ReliabilityResults rel = computeReliability(params, in);
    if (warnings && rel.ettr < 0.5 && used > 0)
        warnings->push_back("the job is interrupted every " + fixed(rel.job_mtbi_h * 60.0, 0) +
                            " min on average and keeps only " + fixed(rel.ettr * 100.0, 0) +
                            "% of its time for training: shorten restarts (facility.restart_s), "
                            "checkpoint faster, or run smaller jobs");
    return rel;
}

void warnAboutCatalogGaps(const HardwareTally& tally, std::vector<std::string>& warnings) {
    if (!tally.unpowered.empty())
        warnings.push_back("no power figure in the catalog for " + joinIds(tally.unpowered) +
                           ": counted as 0 W, so power and cooling are understated");
    if (!tally.unpriced.empty())
        warnings.push_back("no price in the catalog for " + joinIds(tally.unpriced) +
                           ": counted as $0, so capex and cost per hour are understated");
}

}  // namespace

FacilityEvaluation evaluateFacility(const Design& design, const catalog::Catalog& catalog,
                                    const Graph& graph, const FacilityWorkload& workload) {
    Diagnostics diagnostics;
    const FacilityHardware hardware = describeFacilityHardware(
        design, catalog, graph, resolveFacilityParams(design, catalog, diagnostics));
    FacilityEvaluation ev = evaluateFacility(hardware, workload);
    ev.diagnostics = std::move(diagnostics);
    return ev;
}

FacilityEvaluation evaluateFacility(const FacilityHardware& hardware,
                                    const FacilityWorkload& workload, FacilityDetail detail) {
    FacilityEvaluation ev;
    const bool full = detail == FacilityDetail::full;
    std::vector<std::string>* warnings = full ? &ev.warnings : nullptr;
    const FacilityParams& params = hardware.params;
    const HardwareTally& tally = hardware.tally;
    FacilityResults& res = ev.results;
    if (full) ev.warnings = hardware.warnings;

    const WorkloadPower used = powerUnderWorkload(hardware, workload, full, ev.warnings);
    res.power = used.power;
    ev.used_accelerator_w = used.used_accelerator_w;
    if (full) warnAboutCatalogGaps(tally, ev.warnings);

    const double itKwhPerYear =
        annualFacilityKwh(res.power, params.utilization) / std::max(1.0, res.power.pue);
    res.cooling = computeCooling(params, res.power.it_kw, res.power.it_capacity_kw, itKwhPerYear);

    std::optional<double> wallH;
    if (workload.mode == WorkloadMode::training) {
        res.reliability = trainingReliability(params, tally, used, workload, warnings);
        if (res.reliability->wall_days) wallH = *res.reliability->wall_days * 24.0;
    }

    CostInputs ci;
    ci.tally = &tally;
    ci.power = &res.power;
    ci.devices = static_cast<double>(tally.accelerators);
    ci.devices_used = static_cast<double>(used.accelerators_used);
    ci.training_wall_h = wallH;
    if (workload.mode == WorkloadMode::inference)
        ci.output_tokens_per_s = workload.output_tokens_per_s;
    else if (workload.output_tokens_per_s)  // tokens trained, less the time interruptions take
        ci.output_tokens_per_s =
            *workload.output_tokens_per_s * (res.reliability ? res.reliability->ettr : 1.0);
    computeCost(params, ci, res.cost, res.energy);
    if (full && res.cost.own_vs_rent_ratio && *res.cost.own_vs_rent_ratio > 1.0)
        ev.warnings.push_back("owning costs $" + fixed(res.cost.usd_per_device_hour, 2) +
                              " per device-hour at " + fixed(params.utilization * 100, 0) +
                              "% utilization, more than the $" +
                              fixed(params.cloud_price_usd_per_device_hour, 2) +
                              " rent price (economics.cloud_price_usd_per_device_hour)");
    return ev;
}

void applyFacilityEnergy(const FacilityEvaluation& facility, TrainingResults& training) {
    const double acceleratorsW = facility.results.power.accelerators_kw * 1000.0;
    training.device_power_w = facility.used_accelerator_w;
    training.energy_per_step_j = acceleratorsW * training.step_time_s;
    training.training_energy_mwh =
        training.time_to_train_days > 0
            ? acceleratorsW * training.time_to_train_days * 86400.0 / 3.6e9
            : 0;
}

}  // namespace infraplan
