#!/usr/bin/env bash
# Runs every libFuzzer target in a build tree for a fixed time each.
# Usage: scripts/fuzz.sh BUILD_DIR [SECONDS]   (the tree is configured with -DANNABELLA_FUZZ=ON)
# Seeds come from tests/fuzz/corpus/<target>/ when present; findings are written to
# BUILD_DIR/fuzz-artifacts/ and fail the run.
set -euo pipefail
build=${1:?build dir}
seconds=${2:-20}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$build/fuzz-artifacts"
found=0
for target in "$build"/tests/fuzz_*; do
  [ -x "$target" ] || continue
  name=$(basename "$target")
  work=$(mktemp -d)
  seeds=()
  [ -d "$root/tests/fuzz/corpus/$name" ] && seeds=("$root/tests/fuzz/corpus/$name")
  echo "fuzz: $name for ${seconds}s"
  "$target" -max_total_time="$seconds" -print_final_stats=0 \
    -artifact_prefix="$build/fuzz-artifacts/$name-" "$work" "${seeds[@]}" 2>"$work.log" || {
    echo "fuzz: $name found a failure:"; tail -40 "$work.log"; exit 1; }
  grep -E "^#[0-9]+.*DONE" "$work.log" | tail -1 || true
  found=$((found + 1))
  rm -rf "$work" "$work.log"
done
echo "fuzz: $found targets ran clean"
