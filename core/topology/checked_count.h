#pragma once
// Overflow-safe counting for expansion limits: sizes are summed and multiplied before anything
// is allocated, and an absurd design must saturate instead of wrapping around.

#include <cstdint>

namespace infraplan {

inline constexpr long long kCountSaturated = 1LL << 62;

inline long long checkedMultiply(long long a, long long b) {
    if (a <= 0 || b <= 0) return 0;
    long long out = 0;
    if (__builtin_mul_overflow(a, b, &out) || out > kCountSaturated) return kCountSaturated;
    return out;
}

inline long long checkedAdd(long long a, long long b) {
    long long out = 0;
    if (__builtin_add_overflow(a, b, &out) || out > kCountSaturated) return kCountSaturated;
    return out;
}

}  // namespace infraplan
