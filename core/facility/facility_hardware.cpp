#include "core/facility/facility_hardware.h"

#include <algorithm>
#include <limits>

namespace infraplan {
namespace {

// What one device of each kind draws under the workload, and how many of each are used.
struct KindDraw {
    double average_w = 0;
    long long used = 0;
};

// The strategy uses the first devices_used accelerators in rank order; the rest idle. With the
// engine's busy share, a used device draws idle + (active - idle) x busy; without it, the
// measured average fraction of TDP.
std::vector<KindDraw> drawOfKinds(const FacilityHardware& hw, const FacilityWorkload& workload,
                                  long long used) {
    const FacilityParams& p = hw.params;
    const double modeFraction = workload.mode == WorkloadMode::training
                                    ? p.gpu_power_fraction_training
                                    : p.gpu_power_fraction_inference;
    const double fullFraction = workload.busy_fraction ? p.gpu_active_power_fraction : modeFraction;
    const double busyShare = std::clamp(workload.busy_fraction.value_or(1.0), 0.0, 1.0);
    std::vector<KindDraw> draws;
    draws.reserve(hw.kinds.size());
    for (const AcceleratorKind& kind : hw.kinds) {
        KindDraw d;
        d.average_w = acceleratorAverageW(kind.tdp_w, kind.idle_w, fullFraction, busyShare);
        d.used = std::lower_bound(kind.ranks.begin(), kind.ranks.end(), used) - kind.ranks.begin();
        draws.push_back(d);
    }
    return draws;
}

// Each rack's average load with its accelerators' draw, grouped for the results.
std::vector<RackGroup> rackGroupsUnder(const FacilityHardware& hw,
                                       const std::vector<KindDraw>& draws, long long used,
                                       std::vector<std::string>& warnings) {
    std::vector<RackLoad> loads = hw.rack_base;
    for (const AcceleratorSeat& seat : hw.seats) {
        if (seat.rack >= loads.size() || seat.kind >= draws.size()) continue;
        const bool busy = seat.rank >= 0 && seat.rank < used;
        loads[seat.rack].average_w +=
            busy ? draws[seat.kind].average_w : hw.kinds[seat.kind].idle_w;
    }
    return groupRacks(hw.rack_names, loads, hw.params, warnings);
}

}  // namespace

WorkloadPower powerUnderWorkload(const FacilityHardware& hw, const FacilityWorkload& workload,
                                 bool rack_groups, std::vector<std::string>& warnings) {
    const long long used = workload.devices_used < 0
                               ? hw.ranked_accelerators
                               : std::min(workload.devices_used, hw.ranked_accelerators);
    const std::vector<KindDraw> draws = drawOfKinds(hw, workload, used);
    WorkloadPower out;
    double acceleratorsW = 0, usedW = 0;
    double usedMinW = std::numeric_limits<double>::infinity();
    double usedMaxW = -std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < draws.size(); ++k) {
        const AcceleratorKind& kind = hw.kinds[k];
        const KindDraw& d = draws[k];
        const double usedCount = static_cast<double>(d.used);
        acceleratorsW +=
            usedCount * d.average_w + static_cast<double>(kind.count - d.used) * kind.idle_w;
        out.accelerators_used += d.used;
        out.accelerator_failures_per_year += usedCount * kind.failures_per_year;
        if (d.used == 0) continue;
        usedW += usedCount * d.average_w;
        usedMinW = std::min(usedMinW, d.average_w);
        usedMaxW = std::max(usedMaxW, d.average_w);
    }
    // One kind of device draws one figure (exactly, not a rounded mean); mixed ones, the mean.
    if (out.accelerators_used > 0)
        out.used_accelerator_w =
            usedMinW == usedMaxW ? usedMinW : usedW / static_cast<double>(out.accelerators_used);

    PowerResults& pw = out.power;
    pw = hw.power;
    pw.accelerators_kw = acceleratorsW / 1000.0;
    pw.it_kw = hw.others_it_kw + pw.accelerators_kw;
    pw.facility_kw = pw.it_kw * pw.pue;
    if (hw.tally.accelerators > 0)
        pw.kw_per_device_average = pw.facility_kw / static_cast<double>(hw.tally.accelerators);
    if (rack_groups) pw.rack_groups = rackGroupsUnder(hw, draws, used, warnings);
    return out;
}

PowerRollup rollUpPower(const Design& design, const catalog::Catalog& catalog, const Graph& graph,
                        const FacilityParams& p, const FacilityWorkload& workload,
                        std::vector<std::string>& warnings) {
    FacilityHardware hw = describeFacilityHardware(design, catalog, graph, p);
    warnings.insert(warnings.end(), hw.warnings.begin(), hw.warnings.end());
    WorkloadPower wp = powerUnderWorkload(hw, workload, true, warnings);
    PowerRollup out;
    out.power = std::move(wp.power);
    out.tally = std::move(hw.tally);
    out.tally.accelerators_used = wp.accelerators_used;
    out.tally.accelerator_failures_per_year = wp.accelerator_failures_per_year;
    out.used_accelerator_w = wp.used_accelerator_w;
    out.rack_of_vertex = std::move(hw.rack_of_vertex);
    return out;
}

}  // namespace infraplan
