#pragma once
// Whether this is the AddressSanitizer build (INFRAPLAN_SANITIZE): instrumented, with the
// libraries at -O1, it runs the engines about 4x slower, so suites draw fewer cases and wait
// longer there. GCC and Clang both define the macro under -fsanitize=address.

namespace infraplan::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitizerBuild = true;
#else
inline constexpr bool kSanitizerBuild = false;
#endif

}  // namespace infraplan::test
