#!/usr/bin/env bash
# Coverage-guided fuzzing of the input paths a user controls (fuzz/): design files, catalog
# imports (JSON, CSV, Hugging Face config, SQLite) and --set assignments, under libFuzzer with
# AddressSanitizer and UndefinedBehaviorSanitizer (clang 14, libclang-rt-14-dev).
#
#   scripts/fuzz.sh                  every target for 10 minutes (a campaign)
#   scripts/fuzz.sh 60               every target for 60 seconds
#   scripts/fuzz.sh 600 fuzz_design  one target
#   scripts/fuzz.sh --build-only
#   FUZZ_JOBS=4 scripts/fuzz.sh      targets at once (default: one a core)
#   FUZZ_TIMEOUT=30 scripts/fuzz.sh  seconds one input may take (default 10; more on a busy machine)
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
cmake -S . -B "$build" -G Ninja -DINFRAPLAN_FUZZ=ON -DINFRAPLAN_UNITY=ON -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_COMPILER=clang++-14 "${launcher[@]}" \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" >/dev/null
cmake --build "$build" --parallel "$(nproc 2>/dev/null || echo 2)" --target "${targets[@]}"
[ "$build_only" = 1 ] && exit 0

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:allocator_may_return_null=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# One target a core, all at once: a campaign of N targets takes N/cores times the duration.
fuzz_one() {
  local target=$1 corpus=$build/corpus/$1 artifacts=$build/artifacts/$1
  mkdir -p "$corpus" "$artifacts"
  local rc=0
  "$build/fuzz/$target" -max_total_time="$seconds" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$artifacts/" \
    "$corpus" "tests/fuzz/corpus/$target" >"$build/$target.log" 2>&1 || rc=$?
  echo "$rc" >"$build/$target.rc"
}
cores=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$cores" ]; do wait -n || true; done
  echo "== $target: ${seconds}s"
  rm -f "$build/$target.rc"
  fuzz_one "$target" &
done
wait
status=0
for target in "${targets[@]}"; do
  if [ "$(cat "$build/$target.rc" 2>/dev/null)" = 0 ]; then
    echo "$target: clean"
  else
    status=1
    echo "$target FOUND A PROBLEM (inputs in $build/artifacts/$target/):"
    grep -E "ERROR|SUMMARY|Test unit written" "$build/$target.log" | head -20 || true
  fi
  grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|cov: .* ft: " \
    "$build/$target.log" | tail -4 || true
done
exit $status
