#!/usr/bin/env bash
# clang-tidy over the production code (.clang-tidy at the top: bugprone-*, cognitive complexity
# of 25 at most), with BUILD_DIR's compile_commands.json (a clang build is best: the g++ build's
# flags are read too, but clang may warn about g++-only options).
#   scripts/tidy.sh BUILD_DIR            every production .cpp (what CI checks; in a unity build,
#                                        its combined sources)
#   scripts/tidy.sh BUILD_DIR FILE...    only these files
# Exit 0 when clean, 1 with findings.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: scripts/tidy.sh BUILD_DIR [FILE...]}
shift
if [ $# -eq 0 ] && grep -q '/Unity/unity_' "$build/compile_commands.json"; then
  # A unity build (ANNABELLA_UNITY, as CI's): its combined sources, each of which includes a few
  # production files, and the files compiled on their own; .clang-tidy's HeaderFilterRegex
  # reports what is found in every production file a combined source includes.
  mapfile -t files < <(grep -o '"file": "[^"]*"' "$build/compile_commands.json" |
    sed 's/^"file": "//; s/"$//' |
    grep -E "^$PWD/(core|app|speech|tactile|config)/[^/]+\.cpp$|/CMakeFiles/annabella_(core|app|speech|tactile|config)\.dir/Unity/unity_[0-9]+_cxx\.cxx$" |
    sort -u)
elif [ $# -eq 0 ]; then
  mapfile -t files < <(git ls-files 'core/*.cpp' 'app/*.cpp' 'speech/*.cpp' 'tactile/*.cpp' \
    'config/*.cpp')
else
  files=("$@")
fi
status=0
extra=()
if printf '%s\n' "${files[@]}" | grep -q '/Unity/unity_'; then
  # A combined source includes .cpp files by design: bugprone-suspicious-include is off for
  # the run, and its rule (no production file includes a .cpp file) is checked here instead.
  extra=(--checks=-bugprone-suspicious-include)
  if git grep -nE '#[[:space:]]*include[[:space:]]*[<"][^>"]*\.(c|cc|cpp|cxx)[>"]' -- \
    'core/*' 'app/*' 'speech/*' 'tactile/*' 'config/*'; then
    echo "bugprone-suspicious-include: a production file includes a .cpp file (above)"
    status=1
  fi
fi
printf '%s\n' "${files[@]}" | xargs -P "$(nproc)" -n 4 clang-tidy -p "$build" --quiet \
  --extra-arg=-Wno-unknown-warning-option "${extra[@]}" 2>/dev/null || status=1
exit $status
