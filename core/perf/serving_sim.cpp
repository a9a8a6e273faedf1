#include "core/perf/serving_sim.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <numeric>
#include <queue>
#include <random>

#include "core/common/cancel.h"

namespace infraplan {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// Pools larger than this pick a replica by the power of two choices (Mitzenmacher 2001)
// instead of scanning every replica on every arrival.
constexpr int kFullScanReplicas = 64;

enum class Role : std::uint8_t { mixed, prefill, decode };

struct Chunk {
    int request = 0;
    int tokens = 0;
};

struct Finish {
    long long step = 0;
    int request = 0;
    bool operator>(const Finish& o) const {
        return step != o.step ? step > o.step : request > o.request;
    }
};

struct Replica {
    Role role = Role::mixed;
    long long kv_capacity = 0;
    std::deque<int> waiting;
    std::vector<int> prefilling;  // admitted, prompt not finished (FCFS)
    std::priority_queue<Finish, std::vector<Finish>, std::greater<>> finishing;
    int decoding = 0;
    double context = 0;  // sum of decoding sequences' contexts
    long long kv_reserved = 0;
    long long completed_steps = 0;
    long long outstanding = 0;  // assigned and not yet handed on or finished
    bool busy = false;
    std::vector<Chunk> chunks;  // the running iteration's prefill work
    // Static batching keeps finished sequences in the batch (padding) until all are done.
    int pad_seqs = 0;
    double pad_context = 0;
};

struct Event {
    double time = 0;
    long long order = 0;  // insertion order: ties resolve deterministically
    bool transfer = false;
    int id = 0;  // replica (step end) or request (transfer done)
    bool operator>(const Event& o) const {
        return time != o.time ? time > o.time : order > o.order;
    }
};

struct RequestState {
    double admitted = -1;
    double first_token = -1;
    double finished = -1;
    double context_added = 0;  // what this request added to its replica's context sum
    int prefilled = 0;
};

class Simulation {
public:
    Simulation(const std::vector<Request>& requests, const StepCostModel& cost,
               const SimConfig& config)
        : m_req(requests)
        , m_cost(cost)
        , m_cfg(config)
        , m_state(requests.size())
        , m_rng(config.seed) {
        m_tokensPerStep = std::max(1.0, cost.tokensPerDecodeStep());
        const bool disaggregated = config.prefill_replicas > 0 && config.decode_replicas > 0;
        auto add = [&](Role role, int n, long long capacity) {
            for (int i = 0; i < std::max(1, n); ++i) {
                Replica r;
                r.role = role;
                r.kv_capacity = std::max<long long>(1, capacity);
                m_replicas.push_back(std::move(r));
            }
        };
        if (disaggregated) {
            add(Role::prefill, config.prefill_replicas, config.prefill_kv_capacity_tokens);
            m_firstDecode = static_cast<int>(m_replicas.size());
            add(Role::decode, config.decode_replicas, config.kv_capacity_tokens);
        } else {
            add(Role::mixed, config.replicas, config.kv_capacity_tokens);
            m_firstDecode = static_cast<int>(m_replicas.size());
        }
        m_entryCount = disaggregated ? config.prefill_replicas : std::max(1, config.replicas);
    }

    SimResult run() {
        std::vector<int> order(m_req.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(),
                         [&](int a, int b) { return m_req[a].arrival_s < m_req[b].arrival_s; });
        std::size_t next = 0;
        for (long long iteration = 0;; ++iteration) {
            // A cancelled evaluation stops here; its caller discards the run.
            if (iteration % 1024 == 0 && isCancelled(m_cfg.cancel)) {
                m_result.truncated = true;
                break;
            }
            const double tArrival = next < order.size() ? m_req[order[next]].arrival_s : kInf;
            const double tEvent = m_events.empty() ? kInf : m_events.top().time;
            if (tArrival == kInf && tEvent == kInf) break;
            if (tArrival <= tEvent) {
                m_now = tArrival;
                arrive(order[next++]);
                if (m_waitingTotal > m_cfg.max_waiting) {
                    m_result.overloaded = true;
                    break;
                }
                // Requests arriving together are batched together: start steps only once
                // every arrival at this instant is queued.
                if (next == order.size() || m_req[order[next]].arrival_s > m_now) kickPending();
            } else {
                if (m_result.steps >= m_cfg.max_steps) {
                    m_result.truncated = true;
                    break;
                }
                Event e = m_events.top();
                m_events.pop();
                m_now = e.time;
                if (e.transfer) {
                    enqueue(pickReplica(m_firstDecode, decodeCount()), e.id);
                    kickPending();
                } else
                    endStep(e.id);
            }
        }
        return finish();
    }

private:
    int decodeCount() const { return static_cast<int>(m_replicas.size()) - m_firstDecode; }

    int pickReplica(int first, int count) {
        if (count <= 1) return first;
        auto load = [&](int i) { return m_replicas[first + i].outstanding; };
        if (count <= kFullScanReplicas) {
            int best = 0;
            for (int i = 1; i < count; ++i)
                if (load(i) < load(best)) best = i;
            return first + best;
        }
        std::uniform_int_distribution<int> pick(0, count - 1);
        const int a = pick(m_rng), b = pick(m_rng);
        return first + (load(b) < load(a) ? b : a);
    }

    long long reservation(const Replica& r, int request) const {
        const Request& q = m_req[request];
        const long long tokens =
            r.role == Role::prefill ? q.prompt_tokens : q.prompt_tokens + q.output_tokens;
        const long long block = std::max(1, m_cfg.kv_block_tokens);
        return (tokens + block - 1) / block * block;
    }

    void arrive(int request) {
        m_arrived.push_back(request);
        enqueue(pickReplica(0, m_entryCount), request);
    }

    void enqueue(int replica, int request) {
        Replica& r = m_replicas[replica];
        if (reservation(r, request) > r.kv_capacity) {
            ++m_result.rejected;  // can never fit: refuse now rather than block the queue
            return;
        }
        r.waiting.push_back(request);
        ++r.outstanding;
        ++m_waitingTotal;
        if (!r.busy) m_pending.push_back(replica);
    }

    void kickPending() {
        for (int replica : m_pending)
            startStep(replica);
        m_pending.clear();
    }

    void admit(Replica& r) {
        const bool staticBatch = m_cfg.scheduler == SimScheduler::static_batch;
        if (staticBatch && (r.decoding > 0 || !r.prefilling.empty() || r.pad_seqs > 0)) return;
        const int maxBatch = std::max(1, m_cfg.max_batch);
        while (!r.waiting.empty()) {
            const int request = r.waiting.front();
            const int resident = r.decoding + static_cast<int>(r.prefilling.size());
            const long long need = reservation(r, request);
            if (resident >= maxBatch || r.kv_reserved + need > r.kv_capacity) break;
            r.waiting.pop_front();
            --m_waitingTotal;
            r.kv_reserved += need;
            m_result.peak_kv_fraction =
                std::max(m_result.peak_kv_fraction,
                         static_cast<double>(r.kv_reserved) / static_cast<double>(r.kv_capacity));
            RequestState& s = m_state[request];
            if (s.admitted < 0) s.admitted = m_now;
            if (r.role == Role::decode)
                startDecoding(r, request);
            else
                r.prefilling.push_back(request);
        }
    }

    void startDecoding(Replica& r, int request) {
        const Request& q = m_req[request];
        const long long steps =
            static_cast<long long>(std::ceil((q.output_tokens - 1) / m_tokensPerStep - 1e-9));
        RequestState& s = m_state[request];
        s.context_added = q.prompt_tokens + 1 + static_cast<double>(steps) * m_tokensPerStep;
        r.context += q.prompt_tokens + 1;
        ++r.decoding;
        r.finishing.push({r.completed_steps + std::max(1LL, steps), request});
    }

    void startStep(int replica) {
        Replica& r = m_replicas[replica];
        if (r.busy) return;
        admit(r);
        StepShape shape;
        shape.decode_seqs = r.decoding + r.pad_seqs;
        shape.decode_context_tokens = r.context + r.pad_context;
        long long budget = m_cfg.max_step_tokens > 0
                               ? static_cast<long long>(m_cfg.max_step_tokens) - shape.decode_seqs
                               : std::numeric_limits<long long>::max();
        r.chunks.clear();
        for (int request : r.prefilling) {
            if (budget <= 0) break;
            const int done = m_state[request].prefilled;
            const int take =
                static_cast<int>(std::min<long long>(m_req[request].prompt_tokens - done, budget));
            r.chunks.push_back({request, take});
            shape.prefill_tokens += take;
            shape.prefill_attention_pairs += take * (done + (take + 1) / 2.0);
            ++shape.prefill_seqs;
            budget -= take;
        }
        if (shape.decode_seqs == 0 && shape.prefill_tokens == 0) return;  // idle
        StepTime t = m_cost.stepTime(shape);
        if (!std::isfinite(t.total_s) || t.total_s < 1e-9) t.total_s = 1e-9;
        accumulate(t, shape);
        r.busy = true;
        m_events.push({m_now + t.total_s, m_order++, false, replica});
    }

    void accumulate(const StepTime& t, const StepShape& shape) {
        ++m_result.steps;
        m_result.busy_s += t.total_s;
        m_decodeSeqTime += shape.decode_seqs * t.total_s;
        StepTime& b = m_result.time_by_bound;
        b.total_s += t.total_s;
        b.compute_s += t.compute_s;
        b.memory_s += t.memory_s;
        b.comm_s += t.comm_s;
        b.offload_s += t.offload_s;
        b.near_memory_s += t.near_memory_s;
        b.overhead_s += t.overhead_s;
        b.flops += t.flops;
        b.bytes += t.bytes;
    }

    void endStep(int replica) {
        Replica& r = m_replicas[replica];
        r.busy = false;
        ++r.completed_steps;
        r.context += r.decoding * m_tokensPerStep;
        r.pad_context += r.pad_seqs * m_tokensPerStep;
        const bool staticBatch = m_cfg.scheduler == SimScheduler::static_batch;
        while (!r.finishing.empty() && r.finishing.top().step <= r.completed_steps) {
            const int request = r.finishing.top().request;
            r.finishing.pop();
            --r.decoding;
            r.context = std::max(0.0, r.context - m_state[request].context_added);
            if (staticBatch) {
                ++r.pad_seqs;
                r.pad_context += m_state[request].context_added;
            }
            complete(r, request);
        }
        for (const Chunk& c : r.chunks) {
            RequestState& s = m_state[c.request];
            s.prefilled += c.tokens;
            if (s.prefilled < m_req[c.request].prompt_tokens) continue;
            s.first_token = m_now;
            r.prefilling.erase(std::find(r.prefilling.begin(), r.prefilling.end(), c.request));
            if (m_req[c.request].output_tokens <= 1) {
                if (staticBatch) {
                    ++r.pad_seqs;
                    r.pad_context += m_req[c.request].prompt_tokens + 1;
                }
                complete(r, c.request);
            } else if (r.role == Role::prefill) {
                r.kv_reserved -= reservation(r, c.request);
                --r.outstanding;
                const double transfer =
                    std::max(0.0, m_cost.kvTransferTime(m_req[c.request].prompt_tokens));
                m_events.push({m_now + transfer, m_order++, true, c.request});
            } else {
                startDecoding(r, c.request);
            }
        }
        r.chunks.clear();
        if (r.decoding == 0 && r.prefilling.empty()) {
            r.pad_seqs = 0;
            r.pad_context = 0;
        }
        startStep(replica);
    }

    void complete(Replica& r, int request) {
        m_state[request].finished = m_now;
        r.kv_reserved -= reservation(r, request);
        --r.outstanding;
    }

    SimResult finish() {
        m_result.end_s = m_now;
        m_result.mean_decode_batch = m_result.busy_s > 0 ? m_decodeSeqTime / m_result.busy_s : 0;
        m_result.outcomes.resize(m_req.size());
        for (int request : m_arrived) {
            const Request& q = m_req[request];
            const RequestState& s = m_state[request];
            RequestOutcome& o = m_result.outcomes[request];
            o.arrived = true;
            o.finished = s.finished >= 0;
            const double end = o.finished ? s.finished : m_now;
            o.ttft_s = (s.first_token >= 0 ? s.first_token : end) - q.arrival_s;
            o.e2e_s = end - q.arrival_s;
            o.queue_s = (s.admitted >= 0 ? s.admitted : end) - q.arrival_s;
            if (o.finished && q.output_tokens > 1)
                o.tpot_s = (s.finished - s.first_token) / (q.output_tokens - 1);
        }
        return std::move(m_result);
    }

    const std::vector<Request>& m_req;
    const StepCostModel& m_cost;
    const SimConfig& m_cfg;
    std::vector<RequestState> m_state;
    std::vector<Replica> m_replicas;
    std::vector<int> m_arrived;
    std::vector<int> m_pending;  // idle replicas with new work, started once time advances
    std::priority_queue<Event, std::vector<Event>, std::greater<>> m_events;
    std::mt19937_64 m_rng;
    SimResult m_result;
    double m_now = 0;
    double m_tokensPerStep = 1;
    double m_decodeSeqTime = 0;
    long long m_order = 0;
    long long m_waitingTotal = 0;
    int m_firstDecode = 0;
    int m_entryCount = 1;
};

}  // namespace

SimResult simulateServing(const std::vector<Request>& requests, const StepCostModel& cost,
                          const SimConfig& config) {
    return Simulation(requests, cost, config).run();
}

}  // namespace infraplan
