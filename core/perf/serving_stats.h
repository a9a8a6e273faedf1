#pragma once
// Latency percentiles, SLO attainment and throughput from a serving simulation's outcomes.

#include <vector>

#include "core/design/design.h"
#include "core/perf/serving_sim.h"

namespace infraplan {

struct LatencyPercentiles {
    double p50_s = 0;
    double p90_s = 0;
    double p99_s = 0;
    double mean_s = 0;
    long long samples = 0;
};

// Nearest-rank percentiles of `values` (taken by value: it is reordered).
LatencyPercentiles percentiles(std::vector<double> values);

struct ServingStats {
    LatencyPercentiles ttft;         // arrived requests (unfinished ones censored at the stop time)
    LatencyPercentiles tpot;         // finished requests with more than one output token
    LatencyPercentiles e2e;          // as ttft
    LatencyPercentiles queue;        // arrival -> admission
    double slo_attainment = 0;       // share of ALL requests finished within both bounds
    double output_tokens_per_s = 0;  // steady state (see summarize)
    double input_tokens_per_s = 0;
    long long requests = 0;
    long long finished = 0;
};

// Throughput is measured between the 10th and 90th percentile completion times, so the
// ramp-up and drain of a finite run do not dilute it; tiny or single-batch runs fall back to
// tokens over the whole run. `whole_run`: always tokens over the whole run (a static batch:
// batch x output tokens / makespan, as gptSessionBenchmark reports, even when KV capacity
// splits it into several waves whose completions would otherwise bound the window).
ServingStats summarize(const std::vector<Request>& requests, const SimResult& sim, const Slo& slo,
                       bool whole_run = false);

// Whether one outcome meets the SLO's bounds (0 = unbounded).
bool meetsSlo(const RequestOutcome& o, const Slo& slo);

}  // namespace infraplan
