#pragma once
// Cooperative cancellation: the one token type of the engine. Whoever starts work owns a
// CancelToken and passes a pointer to it down explicitly (EvaluateOptions, SearchOptions, the
// engines' options, the serving simulation's config); long loops poll it at coarse points and
// stop early. A null pointer means "never cancelled". evaluate() returns a cancelled
// evaluation marked `cancelled`, with no engine numbers in it.

#include <atomic>

namespace infraplan {

class CancelToken {
public:
    // Any thread may call it, any number of times.
    void cancel() { m_requested.store(true, std::memory_order_relaxed); }
    // Polled by the work; counts the polls (tests bound the work done after a cancel).
    bool cancelled() const {
        m_polls.fetch_add(1, std::memory_order_relaxed);
        return m_requested.load(std::memory_order_relaxed);
    }
    long long polls() const { return m_polls.load(std::memory_order_relaxed); }

private:
    std::atomic<bool> m_requested{false};
    mutable std::atomic<long long> m_polls{0};
};

// True once `token` (may be null) was cancelled. Cheap (two relaxed atomics); still, poll it
// every few hundred iterations of a hot loop, not every one.
inline bool isCancelled(const CancelToken* token) {
    return token && token->cancelled();
}

}  // namespace infraplan
