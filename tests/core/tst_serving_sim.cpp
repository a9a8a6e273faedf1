// The serving simulation on its own, with step costs whose answer is known in closed form:
// queueing theory (M/M/1), token accounting, KV-capacity admission and overload behaviour.

#include <QtTest>

#include "core/perf/inference_load.h"
#include "core/perf/serving_sim.h"
#include "core/perf/serving_stats.h"

using namespace infraplan;

namespace {
// Every token costs the same, prefill or decode: service time = tokens x tau.
class PerTokenCost : public StepCostModel {
public:
    explicit PerTokenCost(double tau_s, double fixed_s = 0) : m_tau(tau_s), m_fixed(fixed_s) {}
    StepTime stepTime(const StepShape& s) const override {
        StepTime t;
        t.total_s = m_fixed + m_tau * (s.prefill_tokens + s.decode_seqs);
        t.compute_s = t.total_s;
        return t;
    }

private:
    double m_tau;
    double m_fixed;
};

TokenCount dist(double mean, const std::string& name, double p99 = 0) {
    TokenCount t = TokenCount::fixed(mean);
    t.distribution = name;
    if (p99 > 0) t.p99 = p99;
    return t;
}
}  // namespace

class TestServingSim : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void lognormalFitHitsMeanAndP99() {
        TokenSampler s(dist(1000, "lognormal", 4000));
        QCOMPARE(s.kind(), TokenSampler::Kind::lognormal);
        std::mt19937_64 rng(7);
        std::vector<double> xs;
        for (int i = 0; i < 200000; ++i)
            xs.push_back(s.sample(rng));
        LatencyPercentiles p = percentiles(xs);
        QVERIFY(std::abs(p.mean_s / 1000 - 1) < 0.02);
        QVERIFY(std::abs(p.p99_s / 4000 - 1) < 0.03);
    }

    void seededRunsRepeatExactly() {
        TokenSampler prompt(dist(500, "", 2000)), output(dist(100, "", 400));
        auto a = makeRequests(prompt, output, 2000, 5.0, 42);
        auto b = makeRequests(prompt, output, 2000, 5.0, 42);
        PerTokenCost cost(1e-4, 5e-3);
        SimConfig cfg;
        cfg.max_batch = 32;
        SimResult ra = simulateServing(a, cost, cfg), rb = simulateServing(b, cost, cfg);
        QCOMPARE(ra.steps, rb.steps);
        for (std::size_t i = 0; i < ra.outcomes.size(); ++i)
            QCOMPARE(ra.outcomes[i].e2e_s, rb.outcomes[i].e2e_s);
    }

    // One server, one request at a time, exponential service (geometric prompt of mean m
    // tokens, each costing tau, produced in one step): an M/M/1 queue. Mean wait in queue
    // Wq = rho / (mu - lambda) (Kleinrock, Queueing Systems I, §3.2).
    void reproducesMm1MeanWait() {
        const double m = 1000, tau = 1e-3;  // mean service 1 s
        const double mu = 1.0 / (m * tau), lambda = 0.6 * mu;
        TokenSampler prompt(dist(m, "exponential")), output(TokenCount::fixed(1));
        auto requests = makeRequests(prompt, output, 200000, lambda, 2026);
        PerTokenCost cost(tau);
        SimConfig cfg;
        cfg.max_batch = 1;
        SimResult sim = simulateServing(requests, cost, cfg);
        ServingStats stats = summarize(requests, sim, Slo{});
        const double expectedWait = (lambda / mu) / (mu - lambda);
        const double error = stats.queue.mean_s / expectedWait - 1;
        qInfo("M/M/1 rho=0.6: simulated mean wait %.4f s, theory %.4f s, error %+.2f%%",
              stats.queue.mean_s, expectedWait, 100 * error);
        QVERIFY(std::abs(error) < 0.05);
        const double sojourn = stats.e2e.mean_s / (1 / (mu - lambda)) - 1;
        QVERIFY(std::abs(sojourn) < 0.05);
    }

    void continuousBatchingTokenAccounting() {
        // 4 requests at t=0, prompt 10, output 5, fixed step cost: one prefill step for all,
        // then 4 decode steps; TPOT is the step time and every token is counted.
        std::vector<Request> requests(4, Request{0, 10, 5});
        PerTokenCost cost(0, 0.01);
        SimConfig cfg;
        SimResult sim = simulateServing(requests, cost, cfg);
        QCOMPARE(sim.steps, 5LL);
        for (const auto& o : sim.outcomes) {
            QVERIFY(o.finished);
            QCOMPARE(o.ttft_s, 0.01);
            QVERIFY(std::abs(o.tpot_s - 0.01) < 1e-12);
        }
    }

    void kvCapacityLimitsConcurrency() {
        std::vector<Request> requests(10, Request{0, 100, 28});  // 128 tokens = 8 blocks
        PerTokenCost cost(0, 0.01);
        SimConfig cfg;
        cfg.kv_capacity_tokens = 3 * 128 + 100;  // room for 3 sequences
        SimResult sim = simulateServing(requests, cost, cfg);
        QVERIFY(sim.peak_kv_fraction <= 1.0);
        QVERIFY(sim.mean_decode_batch <= 3.0 + 1e-9);
        QVERIFY(sim.mean_decode_batch > 2.0);
        cfg.kv_capacity_tokens = 64;  // nothing fits: rejected, not hung
        SimResult none = simulateServing(requests, cost, cfg);
        QCOMPARE(none.rejected, 10LL);
    }

    void overloadIsBoundedAndAttainmentFalls() {
        TokenSampler prompt(dist(200, "")), output(dist(50, ""));
        PerTokenCost cost(2e-5, 2e-3);
        SimConfig cfg;
        cfg.max_batch = 16;
        cfg.max_waiting = 2000;
        Slo slo;
        slo.ttft_ms = 200;
        double previous = 2;
        for (double rate : {5.0, 50.0, 500.0, 50000.0}) {
            auto requests = makeRequests(prompt, output, 20000, rate, 3);
            SimResult sim = simulateServing(requests, cost, cfg);
            ServingStats stats = summarize(requests, sim, slo);
            QVERIFY(stats.slo_attainment <= previous + 1e-12);
            previous = stats.slo_attainment;
            if (rate >= 500) QVERIFY(sim.overloaded);
        }
        QVERIFY(previous < 0.2);
    }

    void disaggregatedPoolsHandOver() {
        TokenSampler prompt(dist(300, "")), output(dist(20, ""));
        auto requests = makeRequests(prompt, output, 500, 20, 9);
        PerTokenCost cost(1e-5, 1e-3);
        SimConfig cfg;
        cfg.prefill_replicas = 1;
        cfg.decode_replicas = 2;
        SimResult sim = simulateServing(requests, cost, cfg);
        ServingStats stats = summarize(requests, sim, Slo{});
        QCOMPARE(stats.finished, 500LL);
        QVERIFY(stats.tpot.p50_s > 0);
    }
};

QTEST_GUILESS_MAIN(TestServingSim)
#include "tst_serving_sim.moc"
