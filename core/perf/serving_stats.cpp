#include "core/perf/serving_stats.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace infraplan {

LatencyPercentiles percentiles(std::vector<double> values) {
    LatencyPercentiles p;
    p.samples = static_cast<long long>(values.size());
    if (values.empty()) return p;
    const double n = static_cast<double>(values.size());
    auto rank = [&](double q) {
        // Nearest rank: the smallest value with at least q of the samples at or below it.
        const auto k = static_cast<std::size_t>(std::max(1.0, std::ceil(q * n))) - 1;
        std::nth_element(values.begin(), values.begin() + static_cast<long>(k), values.end());
        return values[k];
    };
    p.p50_s = rank(0.50);
    p.p90_s = rank(0.90);
    p.p99_s = rank(0.99);
    p.mean_s = std::accumulate(values.begin(), values.end(), 0.0) / n;
    return p;
}

bool meetsSlo(const RequestOutcome& o, const Slo& slo) {
    if (!o.finished) return false;
    if (slo.ttft_ms > 0 && o.ttft_s * 1e3 > slo.ttft_ms) return false;
    if (slo.tpot_ms > 0 && o.tpot_s * 1e3 > slo.tpot_ms) return false;
    return true;
}

ServingStats summarize(const std::vector<Request>& requests, const SimResult& sim, const Slo& slo,
                       bool whole_run) {
    ServingStats s;
    s.requests = static_cast<long long>(requests.size());
    std::vector<double> ttft, tpot, e2e, queue;
    std::vector<std::pair<double, std::size_t>> completions;  // (finish time, request)
    long long good = 0;
    for (std::size_t i = 0; i < sim.outcomes.size() && i < requests.size(); ++i) {
        const RequestOutcome& o = sim.outcomes[i];
        if (!o.arrived) continue;
        ttft.push_back(o.ttft_s);
        e2e.push_back(o.e2e_s);
        queue.push_back(o.queue_s);
        if (!o.finished) continue;
        ++s.finished;
        if (requests[i].output_tokens > 1) tpot.push_back(o.tpot_s);
        if (meetsSlo(o, slo)) ++good;
        completions.emplace_back(requests[i].arrival_s + o.e2e_s, i);
    }
    s.ttft = percentiles(std::move(ttft));
    s.tpot = percentiles(std::move(tpot));
    s.e2e = percentiles(std::move(e2e));
    s.queue = percentiles(std::move(queue));
    s.slo_attainment = s.requests > 0 ? static_cast<double>(good) / s.requests : 0;

    std::sort(completions.begin(), completions.end());
    const std::size_t n = completions.size();
    double in = 0, out = 0, span = 0;
    if (n >= 20 && !whole_run) {
        const std::size_t lo = n / 10, hi = n * 9 / 10;
        span = completions[hi].first - completions[lo].first;
        for (std::size_t k = lo + 1; k <= hi; ++k) {
            in += requests[completions[k].second].prompt_tokens;
            out += requests[completions[k].second].output_tokens;
        }
    }
    if (!(span > 1e-9)) {
        in = out = 0;
        double first = n > 0 ? requests[completions.front().second].arrival_s : 0;
        for (const auto& [t, i] : completions) {
            in += requests[i].prompt_tokens;
            out += requests[i].output_tokens;
            first = std::min(first, requests[i].arrival_s);
        }
        span = n > 0 ? completions.back().first - first : 0;
    }
    s.output_tokens_per_s = span > 1e-12 ? out / span : 0;
    s.input_tokens_per_s = span > 1e-12 ? in / span : 0;
    return s;
}

}  // namespace infraplan
