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

FacilityEvaluation evaluateFacility(const Design& design, const catalog::Catalog& catalog,
                                    const Graph& graph, const FacilityWorkload& workload) {
    FacilityEvaluation ev;
    const FacilityParams params = resolveFacilityParams(design, catalog, ev.diagnostics);
    FacilityResults& res = ev.results;

    PowerRollup rollup = rollUpPower(design, catalog, graph, params, workload, ev.warnings);
    res.power = rollup.power;
    const HardwareTally& tally = rollup.tally;
    if (!tally.unpowered.empty())
        ev.warnings.push_back("no power figure in the catalog for " + joinIds(tally.unpowered) +
                              ": counted as 0 W, so power and cooling are understated");
    if (!tally.unpriced.empty())
        ev.warnings.push_back("no price in the catalog for " + joinIds(tally.unpriced) +
                              ": counted as $0, so capex and cost per hour are understated");

    const double itKwhPerYear =
        annualFacilityKwh(res.power, params.utilization) / std::max(1.0, res.power.pue);
    res.cooling = computeCooling(params, res.power.it_kw, res.power.it_capacity_kw, itKwhPerYear);

    const double devices = static_cast<double>(tally.accelerators);
    const double used = static_cast<double>(tally.accelerators_used);
    std::optional<double> wallH;
    if (workload.mode == WorkloadMode::training) {
        // Nodes and NICs in proportion to the devices the job runs on.
        const double share = devices > 0 ? used / devices : 0;
        ReliabilityInputs in;
        in.devices = tally.accelerators_used;
        in.nodes = std::llround(static_cast<double>(tally.nodes) * share);
        in.nics = std::llround(static_cast<double>(tally.nics) * share);
        in.device_failures_per_year = tally.accelerator_failures_per_year;
        in.checkpoint_bytes = workload.checkpoint_bytes;
        in.ideal_s = workload.training_ideal_s;
        ReliabilityResults rel = computeReliability(params, in);
        if (rel.wall_days) wallH = *rel.wall_days * 24.0;
        if (rel.ettr < 0.5 && used > 0)
            ev.warnings.push_back(
                "the job is interrupted every " + fixed(rel.job_mtbi_h * 60.0, 0) +
                " min on average and keeps only " + fixed(rel.ettr * 100.0, 0) +
                "% of its time for training: shorten restarts (facility.restart_s), "
                "checkpoint faster, or run smaller jobs");
        res.reliability = rel;
    }

    CostInputs ci;
    ci.tally = &tally;
    ci.power = &res.power;
    ci.devices = devices;
    ci.devices_used = used;
    ci.training_wall_h = wallH;
    if (workload.mode == WorkloadMode::inference)
        ci.output_tokens_per_s = workload.output_tokens_per_s;
    else if (workload.output_tokens_per_s)  // tokens trained, less the time interruptions take
        ci.output_tokens_per_s =
            *workload.output_tokens_per_s * (res.reliability ? res.reliability->ettr : 1.0);
    computeCost(params, ci, res.cost, res.energy);
    if (res.cost.own_vs_rent_ratio && *res.cost.own_vs_rent_ratio > 1.0)
        ev.warnings.push_back("owning costs $" + fixed(res.cost.usd_per_device_hour, 2) +
                              " per device-hour at " + fixed(params.utilization * 100, 0) +
                              "% utilization, more than the $" +
                              fixed(params.cloud_price_usd_per_device_hour, 2) +
                              " rent price (economics.cloud_price_usd_per_device_hour)");
    return ev;
}

}  // namespace infraplan
