#include "core/perf/inference_load.h"

#include <algorithm>
#include <cmath>

namespace infraplan {
namespace {
// z of the 99th percentile of the standard normal.
constexpr double kZ99 = 2.3263478740408408;

int clampTokens(double x, long long max_tokens) {
    if (!std::isfinite(x) || x < 1) return 1;
    return static_cast<int>(std::min<double>(std::round(x), static_cast<double>(max_tokens)));
}
}  // namespace

TokenSampler::TokenSampler(const TokenCount& count, long long max_tokens) {
    m_max = std::clamp<long long>(max_tokens, 1, 1'000'000'000);
    m_mean = std::isfinite(count.mean) && count.mean >= 1 ? count.mean : 1;
    const std::string& name = count.distribution;
    if (name == "exponential") {
        m_kind = Kind::exponential;
        return;
    }
    if (name == "fixed" || ((name.empty() || name == "lognormal") && !count.p99)) {
        m_kind = Kind::fixed;
        return;
    }
    if (!name.empty() && name != "lognormal") {
        m_warning = "token distribution '" + name +
                    "' is not supported (fixed, lognormal, exponential); using a fixed length";
        return;
    }
    // Lognormal with mean m and 99th percentile q: m = exp(mu + s^2/2), q = exp(mu + z*s),
    // so s^2/2 - z*s + ln(q/m) = 0; the smaller root is the fit (s <= z).
    const double q = count.p99 ? *count.p99 : m_mean;
    const double gap = std::log(std::max(q, 1.0) / m_mean);
    if (!(gap > 0)) {
        m_warning = "token p99 does not exceed the mean; using a fixed length";
        return;
    }
    const double disc = kZ99 * kZ99 - 2 * gap;
    m_sigma = disc > 0 ? kZ99 - std::sqrt(disc) : kZ99;
    if (disc <= 0)
        m_warning =
            "token p99 is more than 15x the mean, beyond any lognormal; the fit keeps "
            "the mean and caps the spread";
    m_mu = std::log(m_mean) - m_sigma * m_sigma / 2;
    m_kind = Kind::lognormal;
}

int TokenSampler::sample(std::mt19937_64& rng) const {
    switch (m_kind) {
        case Kind::fixed:
            return clampTokens(m_mean, m_max);
        case Kind::exponential: {
            if (m_mean <= 1.0) return 1;  // the geometric law needs p < 1
            // Geometric on 1, 2, ...: the discrete memoryless law, mean exactly m_mean.
            std::geometric_distribution<long long> d(1.0 / m_mean);
            return clampTokens(1.0 + static_cast<double>(d(rng)), m_max);
        }
        case Kind::lognormal: {
            std::lognormal_distribution<double> d(m_mu, m_sigma);
            return clampTokens(d(rng), m_max);
        }
    }
    return 1;
}

std::vector<Request> makeRequests(const TokenSampler& prompt, const TokenSampler& output,
                                  long long count, double rate_per_s, std::uint64_t seed,
                                  const CancelToken* cancel) {
    std::vector<Request> requests;
    if (count <= 0 || isCancelled(cancel)) return requests;
    requests.resize(static_cast<std::size_t>(count));
    // Three independent streams, so changing one distribution leaves the others' draws alone.
    std::mt19937_64 arrivals(seed), prompts(seed ^ 0x9E3779B97F4A7C15ULL),
        outputs(seed ^ 0xC2B2AE3D27D4EB4FULL);
    std::exponential_distribution<double> gap(1.0);
    const bool poisson = std::isfinite(rate_per_s) && rate_per_s > 0;
    double t = 0;
    std::size_t drawn = 0;
    for (Request& r : requests) {
        if (++drawn % 4096 == 0 && isCancelled(cancel)) return {};
        if (poisson) t += gap(arrivals) / rate_per_s;
        r.arrival_s = t;
        r.prompt_tokens = prompt.sample(prompts);
        r.output_tokens = output.sample(outputs);
    }
    return requests;
}

void rescaleArrivals(std::vector<Request>& requests, double from_rate, double to_rate) {
    if (!(from_rate > 0) || !(to_rate > 0)) return;
    const double factor = from_rate / to_rate;
    for (Request& r : requests)
        r.arrival_s *= factor;
}

}  // namespace infraplan
