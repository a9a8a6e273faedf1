#!/usr/bin/env bash
# Build Infraplan and run the whole test suite headless (the README's test command).
#   scripts/test.sh              release build in build/
#   scripts/test.sh --sanitize   AddressSanitizer + UndefinedBehaviorSanitizer build in build-asan/
# Both are unity builds (INFRAPLAN_UNITY): a clean build in about half the CPU time. Iterating
# on a few files, configure a build folder of your own without it (README, "Building").
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/deps.sh

build=build
flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DINFRAPLAN_WERROR=ON -DINFRAPLAN_UNITY=ON)
if [ "${1:-}" = "--sanitize" ]; then
  build=build-asan
  flags=(-DCMAKE_BUILD_TYPE=Debug -DINFRAPLAN_SANITIZE=ON -DINFRAPLAN_WERROR=ON -DINFRAPLAN_UNITY=ON)
  export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
  export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
  export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp:print_suppressions=0"
fi

jobs=$(nproc 2>/dev/null || echo 2)
cmake -S . -B "$build" -G Ninja "${flags[@]}"
cmake --build "$build" --parallel "$jobs"
export QT_QPA_PLATFORM=offscreen
ctest --test-dir "$build" --output-on-failure --parallel "$jobs"
