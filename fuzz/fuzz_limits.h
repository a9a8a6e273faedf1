#pragma once
#include <chrono>
// Limits the fuzz targets run under: small enough that one input stays well inside
// libFuzzer's per-input timeout, so the search explores logic rather than scale (scale has
// its own budgets, tested in tests/core and tests/app).

namespace infraplan::fuzz {

inline constexpr long long kMaxDevices = 4096;
// Requests a serving simulation runs (the engine's default is 10,000; an offline burst or a
// batch asks for more): a few hundred reach every branch of the simulator.
inline constexpr long long kMaxRequests = 256;
// Wall time one evaluation may take before the watchdog cancels it (fuzz_watchdog.h).
inline constexpr auto kEvaluateBudget = std::chrono::seconds(3);

}  // namespace infraplan::fuzz
