#pragma once
// Limits the fuzz targets run under: small enough that one input stays well inside
// libFuzzer's per-input timeout, so the search explores logic rather than scale (scale has
// its own budgets, tested in tests/core and tests/app).

namespace infraplan::fuzz {

inline constexpr long long kMaxDevices = 4096;

}  // namespace infraplan::fuzz
