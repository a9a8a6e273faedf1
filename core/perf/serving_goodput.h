#pragma once
// DistServe's goodput (Zhong et al., OSDI'24): the highest Poisson request rate at which the
// share of requests meeting the SLO reaches its percentile, found by bisection on the rate.

#include <optional>

#include "core/common/cancel.h"
#include "core/perf/inference_setup.h"

namespace infraplan {

struct GoodputOptions {
    long long requests = 2'000;  // per probe, at most
    int bisection_steps = 12;
    const CancelToken* cancel = nullptr;  // polled before each probe and inside it
};

// Arrivals come from one unit-rate draw rescaled per probe (common random numbers), so
// attainment falls smoothly and the search repeats exactly. nullopt when a probe cannot finish
// within its iteration bound (enormous outputs) or the search was cancelled.
std::optional<double> findGoodput(const ServingSetup& setup, const Slo& slo, double guess_rps,
                                  const GoodputOptions& options = {});

}  // namespace infraplan
