#include "core/evaluate/cancel.h"

namespace infraplan {
namespace {
thread_local CancelToken* t_token = nullptr;
}  // namespace

CancelScope::CancelScope(CancelToken* token) : m_previous(t_token) {
    t_token = token;
}

CancelScope::~CancelScope() {
    t_token = m_previous;
}

bool cancelRequested() {
    CancelToken* token = t_token;
    if (!token) return false;
    token->checks.fetch_add(1, std::memory_order_relaxed);
    return token->isCancelled();
}

}  // namespace infraplan
