#!/usr/bin/env bash
# Builds annabella and runs every test, as CI does (.ci/run calls exactly this):
#   1. installs the Debian packages (scripts/setup.sh),
#   2. g++ Release build with warnings as errors, then every GoogleTest suite under CTest,
#   3. clang build with AddressSanitizer + UndefinedBehaviorSanitizer (no benchmarks), the suites
#      again,
#   4. each libFuzzer target for a short time (FUZZ_SECONDS, default 10), two at a time,
#   5. clang-tidy over the production code (.clang-tidy: bugprone-*, cognitive complexity of 25
#      at most), with the clang build's compile commands,
#   6. clang-format check of every C++ file.
# Both builds compile the libraries and the suites (one executable per area) from combined
# sources (ANNABELLA_UNITY), and steps 3 to 5 overlap (the CPU-bound
# ones at a lower priority), to keep CI within 25 minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
# Each stage names the seconds spent so far, so a slow CI run shows where its time went.
stage() { echo "== $1 (at ${SECONDS} s)"; }
# A failing stage ends the run: the jobs still running beside it (the clang build, clang-tidy,
# fuzzing) and everything they started are stopped with it rather than left running orphaned.
kill_tree() {
  local child
  for child in $(cat /proc/"$1"/task/*/children 2>/dev/null); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
stop_background_jobs() {
  local job
  for job in $(jobs -p); do kill_tree "$job"; done
}
trap stop_background_jobs EXIT

bash scripts/setup.sh

stage "g++ release build (warnings are errors)"
cmake -S . -B build/ci-gcc -G Ninja -DCMAKE_BUILD_TYPE=Release -DANNABELLA_WERROR=ON \
  -DANNABELLA_UNITY=ON -DCMAKE_CXX_COMPILER=g++ >/dev/null
cmake --build build/ci-gcc -j "$jobs"

# The g++ suites spend most of their time waiting on real-time clocks, boards and speech: the
# clang build and clang-tidy use the CPU they leave idle, at a lower priority, so that they never
# delay the suites' own timing.
stage "g++ suites; beside them, the clang ASan+UBSan build with fuzz targets and clang-tidy"
cmake -S . -B build/ci-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DANNABELLA_WERROR=ON \
  -DANNABELLA_SANITIZE=ON -DANNABELLA_FUZZ=ON -DANNABELLA_BENCH=OFF -DANNABELLA_UNITY=ON \
  -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" >/dev/null
nice -n 10 cmake --build build/ci-asan -j "$jobs" >build/ci-asan/build.log 2>&1 &
asan_build_pid=$!
# clang-tidy reads the production code with the clang build's compile commands (it needs no
# object file), at the lowest priority, and is waited for at the end.
nice -n 19 bash scripts/tidy.sh build/ci-asan >build/ci-asan/tidy.log 2>&1 &
tidy_pid=$!
ctest --test-dir build/ci-gcc --output-on-failure -j "$jobs" --timeout 300

stage "clang ASan+UBSan build (finishing)"
if ! wait "$asan_build_pid"; then
  grep -E "error|FAILED" -A5 build/ci-asan/build.log | head -100
  echo "the clang ASan+UBSan build failed (build/ci-asan/build.log)"
  exit 1
fi
tail -1 build/ci-asan/build.log

# The fuzz targets run for a fixed time each, beside the sanitized suites and below them in
# priority: they fuzz on the CPU the suites leave idle.
stage "ASan+UBSan suites; beside them, fuzzing"
nice -n 15 bash scripts/fuzz.sh build/ci-asan "${FUZZ_SECONDS:-10}" >build/ci-asan/fuzz.log 2>&1 &
fuzz_pid=$!
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp" \
  ctest --test-dir build/ci-asan --output-on-failure -j "$jobs" --timeout 600

stage "fuzzing (finishing)"
fuzz_status=0
wait "$fuzz_pid" || fuzz_status=$?
cat build/ci-asan/fuzz.log
[ "$fuzz_status" -eq 0 ] || exit 1

stage "clang-tidy (production code)"
if ! wait "$tidy_pid"; then
  cat build/ci-asan/tidy.log
  echo "clang-tidy found problems (scripts/tidy.sh build/ci-asan FILE... to rerun one)"
  exit 1
fi
echo "clang-tidy: clean"

stage "clang-format"
git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run --Werror

stage "all checks passed"
