#!/usr/bin/env bash
# Runs every libFuzzer target in a build tree for a fixed time each, FUZZ_JOBS targets at a time
# (default 2: the CI machine has two cores), so the whole run takes about
# targets / FUZZ_JOBS x SECONDS instead of targets x SECONDS.
# Usage: scripts/fuzz.sh BUILD_DIR [SECONDS]   (the tree is configured with -DANNABELLA_FUZZ=ON)
# Seeds come from tests/fuzz/corpus/<target>/ when present; findings are written to
# BUILD_DIR/fuzz-artifacts/ and fail the run. Each target's output is kept apart and shown whole
# (its last 40 lines) only when it fails, so parallel runs never interleave.
set -euo pipefail
build=${1:?build dir}
seconds=${2:-20}
parallel=${FUZZ_JOBS:-2}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$build/fuzz-artifacts"
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT

# One target: its own corpus folder and log; writes NAME.ok or NAME.failed into $results.
fuzz_one() {
  local target=$1 name work seeds=()
  name=$(basename "$target")
  work=$(mktemp -d)
  [ -d "$root/tests/fuzz/corpus/$name" ] && seeds=("$root/tests/fuzz/corpus/$name")
  if "$target" -max_total_time="$seconds" -print_final_stats=0 \
    -artifact_prefix="$build/fuzz-artifacts/$name-" "$work" "${seeds[@]}" \
    >"$results/$name.log" 2>&1; then
    { grep -E "^#[0-9]+.*DONE" "$results/$name.log" | tail -1 || true; } >"$results/$name.ok"
  else
    touch "$results/$name.failed"
  fi
  rm -rf "$work"
}

targets=()
for target in "$build"/tests/fuzz_*; do
  [ -x "$target" ] && targets+=("$target")
done
echo "fuzz: ${#targets[@]} targets, ${seconds}s each, $parallel at a time"
running=0
for target in "${targets[@]}"; do
  if [ "$running" -ge "$parallel" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  # After a failure no new target starts; those running finish.
  compgen -G "$results/*.failed" >/dev/null && break
  echo "fuzz: $(basename "$target") started"
  fuzz_one "$target" &
  running=$((running + 1))
done
wait

failed=0
for target in "${targets[@]}"; do
  name=$(basename "$target")
  if [ -f "$results/$name.failed" ]; then
    echo "fuzz: $name found a failure (artifacts in $build/fuzz-artifacts/):"
    tail -40 "$results/$name.log" | sed "s/^/  $name: /"
    failed=$((failed + 1))
  elif [ -f "$results/$name.ok" ]; then
    echo "fuzz: $name clean $(cat "$results/$name.ok")"
  fi
done
if [ "$failed" -gt 0 ]; then
  echo "fuzz: $failed targets failed"
  exit 1
fi
echo "fuzz: ${#targets[@]} targets ran clean"
