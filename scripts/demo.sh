#!/usr/bin/env bash
# Installs what annabella needs, builds it, and runs the demo on embedded defaults.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/release -j "$(nproc)" --target annabella
exec build/release/app/annabella demo "$@"
