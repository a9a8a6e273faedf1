#include "core/perf/step_bound.h"

#include <algorithm>

#include "core/perf/layer_time.h"

namespace infraplan {
namespace {

// Rounding must never lift the bound above the step it bounds: the two sum the same times in
// another order.
constexpr double kRoundingMargin = 1 - 1e-9;

double layerSeconds(const LayerTime& t) {
    return t.fwd.total() + t.bwd.total() + t.recompute.total();
}

// Compute and memory time of one micro-batch through each stage (forward, backward, recompute,
// and the LM head on the last).
std::vector<double> stageComputeSeconds(const TrainingPlan& p, LayerTimeMemo* memo) {
    const Rooflines rl = trainingRooflines(p);
    const double dense =
        p.params.dense_layers > 0
            ? layerSeconds(timePart(p, rl, LayerPart::dense, p.recompute, 1.0, nullptr, 0, memo))
            : 0;
    const double moe = p.params.moe_layers > 0
                           ? layerSeconds(timePart(p, rl, LayerPart::moe, p.recompute,
                                                   p.moe_imbalance, nullptr, 0, memo))
                           : 0;
    const LayerTime head = timePart(p, rl, LayerPart::head, Recompute::none, 1.0, nullptr, 0, memo);
    std::vector<double> seconds;
    seconds.reserve(p.stages.size());
    for (const StageLoad& load : p.stages)
        seconds.push_back(load.dense_layers * dense + load.moe_layers * moe +
                          (load.last ? head.fwd.total() + head.bwd.total() : 0));
    return seconds;
}

// The schedule's step over stages that take `c` each: the slowest stage m times, plus the fill
// and drain of the others (trainingStep's pipelineBubble) bounded from below. With T the real
// stage times and S the slowest, a step of m T(S) + sum_{i != S} T(i) / v is at least
// (m - 1/v) max c + sum c / v, since T(S) >= max T >= max c and sum T >= sum c.
double scheduledSeconds(const TrainingPlan& p, const std::vector<double>& c) {
    const double slowest = c.empty() ? 0 : *std::max_element(c.begin(), c.end());
    double all = 0;
    for (double s : c)
        all += s;
    const double m = double(p.micro_batches);
    if (p.pp <= 1 || p.schedule == PipelineSchedule::zero_bubble) return m * slowest;
    const double v = p.schedule == PipelineSchedule::interleaved ? p.virtual_stages : 1;
    return (m - 1 / v) * slowest + all / v;
}

}  // namespace

TrainingResults trainingStepBound(const TrainingPlan& p, LayerTimeMemo* memo) {
    TrainingResults r;
    r.step_time_s = scheduledSeconds(p, stageComputeSeconds(p, memo)) * kRoundingMargin;
    const double step = std::max(r.step_time_s, 1e-12);  // as trainingStep's rates divide
    const double tokensPerStep = double(p.global_batch) * p.seq_len;
    r.tokens_per_s = tokensPerStep / step;
    r.samples_per_s = double(p.global_batch) / step;
    r.time_to_train_days = p.train_tokens > 0 ? p.train_tokens / r.tokens_per_s / 86400 : 0;
    r.devices_used = p.devices_used;
    r.devices_idle = std::max(0LL, p.devices_total - p.devices_used);
    r.dp = p.dp;
    r.micro_batches = p.micro_batches;
    return r;
}

}  // namespace infraplan
