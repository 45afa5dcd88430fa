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
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
# Each stage names the seconds spent so far, so a slow CI run shows where its time went.
stage() { echo "== $1 (at ${SECONDS} s)"; }

bash scripts/setup.sh

stage "g++ release build (warnings are errors)"
cmake -S . -B build/ci-gcc -G Ninja -DCMAKE_BUILD_TYPE=Release -DANNABELLA_WERROR=ON \
  -DCMAKE_CXX_COMPILER=g++ >/dev/null
cmake --build build/ci-gcc -j "$jobs"
ctest --test-dir build/ci-gcc --output-on-failure -j "$jobs" --timeout 300

stage "clang ASan+UBSan build with fuzz targets (warnings are errors)"
cmake -S . -B build/ci-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DANNABELLA_WERROR=ON \
  -DANNABELLA_SANITIZE=ON -DANNABELLA_FUZZ=ON -DANNABELLA_BENCH=OFF -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" >/dev/null
# clang-tidy reads the production code with the clang build's compile commands (it needs no
# object file): it runs at the lowest priority beside the build, the tests and the fuzzing, on
# the CPU time they leave idle, and is waited for below.
nice -n 19 bash scripts/tidy.sh build/ci-asan >build/ci-asan/tidy.log 2>&1 &
tidy_pid=$!
cmake --build build/ci-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
  LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp" \
  ctest --test-dir build/ci-asan --output-on-failure -j "$jobs" --timeout 600

stage "fuzzing"
bash scripts/fuzz.sh build/ci-asan "${FUZZ_SECONDS:-10}"

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
