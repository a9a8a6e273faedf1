#include "core/facility/reliability.h"

#include <algorithm>
#include <cmath>

namespace infraplan {

double youngIntervalS(double checkpoint_s, double mtbi_s) {
    if (checkpoint_s <= 0 || mtbi_s <= 0 || !std::isfinite(mtbi_s)) return 0;
    return std::sqrt(2.0 * checkpoint_s * mtbi_s);
}

double dalyIntervalS(double checkpoint_s, double mtbi_s) {
    if (checkpoint_s <= 0 || mtbi_s <= 0 || !std::isfinite(mtbi_s)) return 0;
    if (checkpoint_s >= 2.0 * mtbi_s) return mtbi_s;
    const double r = checkpoint_s / (2.0 * mtbi_s);
    return youngIntervalS(checkpoint_s, mtbi_s) * (1.0 + std::sqrt(r) / 3.0 + r / 9.0) -
           checkpoint_s;
}

double effectiveTrainingTimeRatio(double interval_s, double checkpoint_s, double restart_s,
                                  double mtbi_s) {
    const double c = std::max(0.0, checkpoint_s);
    const double r = std::max(0.0, restart_s);
    if (!(mtbi_s > 0) || !std::isfinite(mtbi_s)) {  // no interruptions: only checkpoint stalls
        return interval_s > 0 ? interval_s / (interval_s + c) : 1.0;
    }
    if (!(interval_s > 0)) return 0;
    const double denom = mtbi_s * std::exp(std::min(r / mtbi_s, 700.0)) *
                         std::expm1(std::min((interval_s + c) / mtbi_s, 700.0));
    if (!(denom > 0) || !std::isfinite(denom)) return 0;
    return std::clamp(interval_s / denom, 0.0, 1.0);
}

ReliabilityResults computeReliability(const FacilityParams& p, const ReliabilityInputs& in) {
    ReliabilityResults out;
    const double devices = static_cast<double>(std::max(0LL, in.devices));
    // Interruptions per year: accelerators (their share of the catalog's all-cause rate, or
    // the override per device), their hosts, NICs and the software stack; Llama 3's split of
    // causes (ref §5.1) seeds the defaults, so its 16,384-GPU run is reproduced.
    const double gpu =
        p.gpu_interruptions_per_year > 0
            ? p.gpu_interruptions_per_year * devices
            : in.device_failures_per_year * std::clamp(p.gpu_interruption_share, 0.0, 1.0);
    const double perYear = gpu + p.host_interruptions_per_year * std::max(0LL, in.nodes) +
                           p.nic_interruptions_per_year * std::max(0LL, in.nics) +
                           p.software_interruptions_per_device_year * devices;
    out.interruptions_per_hour = std::max(0.0, perYear / kHoursPerYear);
    out.job_mtbi_h = out.interruptions_per_hour > 0 ? 1.0 / out.interruptions_per_hour : 0;

    out.checkpoint_s = p.checkpoint_stall_s;
    if (p.checkpoint_write_gb_s > 0 && in.checkpoint_bytes && *in.checkpoint_bytes > 0)
        out.checkpoint_s = *in.checkpoint_bytes / (p.checkpoint_write_gb_s * 1e9);
    out.restart_s = p.restart_s;

    const double mtbiS = out.job_mtbi_h * 3600.0;
    if (mtbiS > 0) {
        out.checkpoint_interval_s = dalyIntervalS(out.checkpoint_s, mtbiS);
        if (out.checkpoint_s <= 0) out.checkpoint_interval_s = 0;
        out.ettr = out.checkpoint_s > 0
                       ? effectiveTrainingTimeRatio(out.checkpoint_interval_s, out.checkpoint_s,
                                                    out.restart_s, mtbiS)
                       // no checkpoint cost: only the restart is lost per interruption
                       : std::exp(-std::min(out.restart_s / mtbiS, 700.0));
    } else {
        out.ettr = 1.0;
    }
    out.ettr *= 1.0 - std::clamp(p.environment_loss, 0.0, 0.99);

    if (in.ideal_s && *in.ideal_s > 0 && std::isfinite(*in.ideal_s)) {
        out.ideal_days = *in.ideal_s / 86400.0;
        if (out.ettr > 0) {
            out.wall_days = *out.ideal_days / out.ettr;
            out.interruptions_per_run = out.interruptions_per_hour * *out.wall_days * 24.0;
        }
    }
    return out;
}

}  // namespace infraplan
