#pragma once
// Cancels an evaluation that runs past a budget. Under the sanitizers a serving example's
// goodput search takes seconds, which would read as a libFuzzer timeout; cancelled, the engine
// must return promptly, so a real hang (a loop that never polls the token) is still caught.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "core/common/cancel.h"

namespace infraplan::fuzz {

class Watchdog {
public:
    explicit Watchdog(std::chrono::milliseconds budget)
        : m_thread([this, budget] {
            std::unique_lock lock(m_mutex);
            if (!m_done.wait_for(lock, budget, [this] { return m_finished; })) m_token.cancel();
        }) {}
    ~Watchdog() {
        {
            std::lock_guard lock(m_mutex);
            m_finished = true;
        }
        m_done.notify_one();
        m_thread.join();
    }
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;
    const CancelToken* token() const { return &m_token; }

private:
    CancelToken m_token;
    std::mutex m_mutex;
    std::condition_variable m_done;
    bool m_finished = false;
    std::thread m_thread;  // last: starts once the members it uses exist
};

}  // namespace infraplan::fuzz
