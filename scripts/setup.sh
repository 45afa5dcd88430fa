#!/usr/bin/env bash
# Installs every Debian 12 package annabella needs to build, run, test and benchmark.
# Idempotent: packages already present are skipped quickly. Needs root (or sudo).
set -euo pipefail

packages=(
  # build
  build-essential cmake ninja-build pkg-config clang clang-format libclang-rt-14-dev
  # the man page (help2man) and the Debian package (CPack calls dpkg-shlibdeps and file)
  help2man dpkg-dev file
  # libraries the design names
  portaudio19-dev libespeak-ng-dev espeak-ng-data libserialport-dev
  # well-kept helpers (see docs/dependencies.md for why each is here)
  libtomlplusplus-dev libcli11-dev libsndfile1-dev libsodium-dev
  # voice input: the recogniser, its en-us model and tools (docs/voice.md)
  libpocketsphinx-dev libsphinxbase-dev pocketsphinx-en-us pocketsphinx sphinxbase-utils sphinxtrain
  liblouis-dev liblouis-data libbrlapi-dev brltty zlib1g-dev
  # the assistant's console: line editing and history at a terminal (app/line_editor.cpp)
  libedit-dev
  # message catalogs: xgettext, msgfmt, msgmerge (libintl itself is in glibc)
  gettext
  # tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev stockfish pgn-extract espeak-ng alsa-utils python3 sox
  chromium
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "setup: done"
