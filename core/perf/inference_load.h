#pragma once
// Request loads for the serving simulation (docs/design-file.md `traffic`): token-length samplers
// (fixed, lognormal fitted to a mean and a p99, exponential) and arrival streams (a burst at
// t = 0 or Poisson). Everything is drawn from one seeded std::mt19937_64, so a run repeats
// exactly.

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "core/common/cancel.h"
#include "core/design/design.h"

namespace infraplan {

// Draws integer token counts >= 1 from a TokenCount. Named distributions: "" or "lognormal"
// (fixed when no p99 is given), "fixed", "exponential" (memoryless, mean only).
class TokenSampler {
public:
    enum class Kind : std::uint8_t { fixed, lognormal, exponential };

    // Unsupported names or impossible parameters fall back to a fixed length; `warning`
    // then says why (empty when all is well).
    explicit TokenSampler(const TokenCount& count, long long max_tokens = 10'000'000);

    Kind kind() const { return m_kind; }
    double mean() const { return m_mean; }
    double sigma() const { return m_sigma; }  // lognormal shape (0 otherwise)
    const std::string& warning() const { return m_warning; }
    // Largest value it can return.
    long long maxTokens() const { return m_max; }

    int sample(std::mt19937_64& rng) const;

private:
    Kind m_kind = Kind::fixed;
    double m_mean = 1;
    double m_mu = 0;     // lognormal log-mean
    double m_sigma = 0;  // lognormal log-sd
    long long m_max = 1;
    std::string m_warning;
};

struct Request {
    double arrival_s = 0;
    int prompt_tokens = 1;
    int output_tokens = 1;
};

// `count` requests: arrivals at t = 0 (rate <= 0, a burst) or Poisson at `rate_per_s`.
// Arrival gaps are drawn at unit rate and scaled, so the same seed at another rate gives the
// same requests at proportionally stretched times (common random numbers for bisection).
// `cancel` (may be null) is polled every 4096 requests; a cancelled draw returns no requests.
std::vector<Request> makeRequests(const TokenSampler& prompt, const TokenSampler& output,
                                  long long count, double rate_per_s, std::uint64_t seed,
                                  const CancelToken* cancel = nullptr);

// Rescale the arrival times of requests made at `from_rate` to `to_rate` (both > 0).
void rescaleArrivals(std::vector<Request>& requests, double from_rate, double to_rate);

}  // namespace infraplan
