#include "core/perf/serving_goodput.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/perf/serving_stats.h"

namespace infraplan {
namespace {

struct Probe {
    double attainment = 0;
    bool truncated = false;  // cut short by its iteration bound (or a cancel): no verdict
    bool queueing = true;    // requests waited noticeably: a lower rate could help
};

Probe probeAt(const ServingSetup& s, const std::vector<Request>& unitRate, double rate,
              const Slo& slo, const CancelToken* cancel) {
    std::vector<Request> requests = unitRate;
    rescaleArrivals(requests, 1.0, rate);
    SimConfig cfg = s.sim;
    cfg.max_waiting = std::max<long long>(64, static_cast<long long>(requests.size()) / 4);
    cfg.max_steps = std::min<long long>(cfg.max_steps, 1'000'000);
    cfg.cancel = cancel;
    const SimResult sim = simulateServing(requests, *s.step, cfg);
    const ServingStats stats = summarize(requests, sim, slo);
    Probe p;
    p.attainment = stats.slo_attainment;
    p.truncated = sim.truncated;
    // A probe cut short by its step bound (enormous outputs) cannot tell load from latency.
    p.queueing = sim.overloaded || (!sim.truncated && stats.queue.mean_s > 0.05 * stats.e2e.mean_s);
    return p;
}

// The bisection's state: the highest rate known to pass, the lowest known to fail.
class GoodputSearch {
public:
    GoodputSearch(const ServingSetup& s, const Slo& slo, const GoodputOptions& options)
        : m_setup(s), m_slo(slo), m_options(options) {
        m_target = std::clamp(slo.percentile, 1.0, 100.0) / 100.0 - 1e-12;
        // Probes hold about half a million output tokens, so long outputs stay quick.
        const long long probeRequests =
            std::clamp<long long>(static_cast<long long>(5e5 / std::max(1.0, s.output->mean())),
                                  100, std::max<long long>(100, options.requests));
        m_unitRate =
            makeRequests(*s.prompt, *s.output, probeRequests, 1.0, s.seed + 7, options.cancel);
    }

    std::optional<double> run(double guess_rps) {
        if (m_unitRate.empty()) return std::nullopt;  // cancelled while drawing
        double rate = std::isfinite(guess_rps) && guess_rps > 0 ? guess_rps : 1.0;
        Probe first = probe(rate);
        if (first.attainment >= m_target) {
            m_pass = rate;
            for (int i = 0; i < 30 && m_fail == 0 && !stopped(); ++i) {
                rate *= 2;
                (probe(rate).attainment >= m_target ? m_pass : m_fail) = rate;
            }
            if (stopped()) return std::nullopt;
            if (m_fail == 0) return m_pass;
        } else {
            m_fail = rate;
            for (int i = 0; i < 16 && m_pass == 0; ++i) {
                // Missing the SLO without queueing is latency, not load: a lower rate won't help.
                if (stopped()) return std::nullopt;
                if (!first.queueing) return 0.0;
                rate /= 2;
                first = probe(rate);
                (first.attainment >= m_target ? m_pass : m_fail) = rate;
            }
            if (stopped()) return std::nullopt;
            if (m_pass == 0) return 0.0;
        }
        for (int i = 0; i < m_options.bisection_steps && !stopped(); ++i) {
            const double mid = 0.5 * (m_pass + m_fail);
            (probe(mid).attainment >= m_target ? m_pass : m_fail) = mid;
        }
        if (stopped()) return std::nullopt;
        return m_pass;
    }

private:
    Probe probe(double rate) {
        if (isCancelled(m_options.cancel)) {
            m_cancelled = true;
            return {};
        }
        Probe p = probeAt(m_setup, m_unitRate, rate, m_slo, m_options.cancel);
        m_truncated |= p.truncated;
        return p;
    }
    bool stopped() const { return m_truncated || m_cancelled; }

    const ServingSetup& m_setup;
    const Slo& m_slo;
    const GoodputOptions& m_options;
    double m_target = 0;
    std::vector<Request> m_unitRate;
    double m_pass = 0, m_fail = 0;
    bool m_truncated = false, m_cancelled = false;
};

}  // namespace

std::optional<double> findGoodput(const ServingSetup& setup, const Slo& slo, double guess_rps,
                                  const GoodputOptions& options) {
    return GoodputSearch(setup, slo, options).run(guess_rps);
}

}  // namespace infraplan
