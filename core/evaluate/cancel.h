#pragma once
// Cooperative cancellation of an evaluation. The caller owns a CancelToken and passes it in
// EvaluateOptions; evaluate() installs it for its thread (CancelScope) and the long loops of
// the engines (expansion, routing, the serving simulation's event loop, the goodput
// bisection) poll cancelRequested() at coarse points and stop early. A cancelled evaluation
// comes back marked `cancelled`, with no engine numbers in it.
//
// The token is found through a thread-local pointer rather than a parameter so that loops deep
// inside the engines can poll it without every signature on the way carrying it.

#include <atomic>

namespace infraplan {

struct CancelToken {
    std::atomic<bool> requested{false};
    std::atomic<long long> checks{0};  // polls so far: tests bound the work done after a cancel
    void cancel() { requested.store(true, std::memory_order_relaxed); }
    bool isCancelled() const { return requested.load(std::memory_order_relaxed); }
};

// Makes `token` (may be null) the current thread's token for its lifetime; restores the
// previous one after (scopes nest).
class CancelScope {
public:
    explicit CancelScope(CancelToken* token);
    ~CancelScope();
    CancelScope(const CancelScope&) = delete;
    CancelScope& operator=(const CancelScope&) = delete;

private:
    CancelToken* m_previous;
};

// True once the current thread's token was cancelled (false without a token). Cheap: a
// thread-local read and a relaxed atomic load; still, poll it every few hundred iterations.
bool cancelRequested();

}  // namespace infraplan
