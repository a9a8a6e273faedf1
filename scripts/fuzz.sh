#!/usr/bin/env bash
# Coverage-guided fuzzing of the input paths a user controls (fuzz/): design files, catalog
# imports (JSON, CSV, Hugging Face config, SQLite) and --set assignments, under libFuzzer with
# AddressSanitizer and UndefinedBehaviorSanitizer (clang 14, libclang-rt-14-dev).
#
#   scripts/fuzz.sh                  every target for 10 minutes (a campaign)
#   scripts/fuzz.sh 60               every target for 60 seconds
#   scripts/fuzz.sh 600 fuzz_design  one target
#   scripts/fuzz.sh --build-only
#
# Inputs start from tests/fuzz/corpus/<target>/ (seeds from the examples, templates and seed
# catalog, plus every reproducer ever fixed); new inputs go to build-fuzz/corpus/<target>/ and
# crashes to build-fuzz/artifacts/<target>/. Add a fixed crash to tests/fuzz/corpus/<target>/
# so that every later run replays it. Exits 1 when a target finds a problem.
set -euo pipefail
cd "$(dirname "$0")/.."

build_only=0
if [ "${1:-}" = "--build-only" ]; then build_only=1; shift; fi
seconds=${1:-600}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_design fuzz_set_path fuzz_catalog_text fuzz_catalog_sqlite)

bash scripts/deps.sh --fuzz
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

build=build-fuzz
cmake -S . -B "$build" -G Ninja -DINFRAPLAN_FUZZ=ON -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_COMPILER=clang++-14 "${launcher[@]}" \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" >/dev/null
cmake --build "$build" --parallel "$(nproc 2>/dev/null || echo 2)" --target "${targets[@]}"
[ "$build_only" = 1 ] && exit 0

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
status=0
for target in "${targets[@]}"; do
  seeds=tests/fuzz/corpus/$target
  corpus=$build/corpus/$target
  artifacts=$build/artifacts/$target
  mkdir -p "$corpus" "$artifacts"
  echo "== $target: ${seconds}s"
  if ! "$build/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
      -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts/" \
      "$corpus" "$seeds" 2>"$build/$target.log"; then
    status=1
    echo "$target FOUND A PROBLEM (inputs in $artifacts/):"
    grep -E "ERROR|SUMMARY|Test unit written" "$build/$target.log" | head -20
  fi
  grep -E "^stat::|cov: .* ft: " "$build/$target.log" | tail -8
done
exit $status
