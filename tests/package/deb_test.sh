#!/usr/bin/env bash
# The Debian package as a user gets it: built with CPack from a configured and built tree,
# unpacked with `dpkg -x` into a scratch root (what `apt install ./annabella_VERSION_ARCH.deb`
# puts on the disk, without needing root), its files and declared dependencies checked, and the
# unpacked executable run.
#   tests/package/deb_test.sh BUILD_DIR VERSION
set -euo pipefail
build=${1:?build dir}
version=${2:?version}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
problems=0
problem() { echo "package: $*" >&2; problems=$((problems + 1)); }

cpack --config "$build/CPackConfig.cmake" -G DEB -B "$scratch/out" >"$scratch/cpack.log" 2>&1 || {
  cat "$scratch/cpack.log" >&2; echo "package: cpack failed" >&2; exit 1; }
arch=$(dpkg --print-architecture)
deb="$scratch/out/annabella_${version}_${arch}.deb"
[ -f "$deb" ] || { ls -l "$scratch/out" >&2; echo "package: $deb was not written" >&2; exit 1; }

# The declared dependencies: the shared libraries (dpkg-shlibdeps) and their data packages.
depends=$(dpkg-deb --field "$deb" Depends)
echo "Depends: $depends"
for needed in libc6 libstdc++6 libespeak-ng1 libportaudio2 libsndfile1 liblouis20 \
  libserialport0 libbrlapi0.8 espeak-ng-data liblouis-data; do
  # Each entry is "name" or "name (>= version)"; names are compared as plain text.
  sed -e 's/ ([^)]*)//g' -e 's/, /\n/g' <<<"$depends" | grep -qxF "$needed" ||
    problem "Depends lacks $needed"
done
[ "$(dpkg-deb --field "$deb" Package)" = annabella ] || problem "the package is not named annabella"
[ "$(dpkg-deb --field "$deb" Version)" = "$version" ] || problem "the version is not $version"

# The files: the executable, its man page, the documentation and the example configuration.
root="$scratch/root"
dpkg -x "$deb" "$root"
for file in usr/bin/annabella usr/share/man/man1/annabella.1.gz \
  usr/share/doc/annabella/README.md usr/share/doc/annabella/assistants-guide.md \
  usr/share/doc/annabella/arbiters-guide.md usr/share/doc/annabella/configuration.md \
  usr/share/doc/annabella/record.md usr/share/doc/annabella/examples/example.toml \
  usr/share/doc/annabella/examples/profiles/fide.txt; do
  [ -f "$root/$file" ] || problem "$file is not in the package"
done
[ -x "$root/usr/bin/annabella" ] || problem "usr/bin/annabella is not executable"
if dpkg-deb --contents "$deb" | grep -Eq '\./usr/(lib|include)/.*\.(a|h)$'; then
  problem "the package holds static libraries or headers"
fi
man=$(zcat "$root/usr/share/man/man1/annabella.1.gz")
for text in "annabella $version" "EXIT STATUS" "perft" "reconcile" "config check" \
  "program version information"; do
  grep -qF -- "$text" <<<"$man" || problem "the man page does not mention \"$text\""
done

# The unpacked program runs on its own: it needs nothing from the source or build tree.
bin="$root/usr/bin/annabella"
cd "$scratch"
out=$("$bin" --version) || problem "--version failed"
[ "$out" = "annabella $version" ] || problem "--version says \"$out\""
out=$("$bin" perft --depth 3) || problem "perft failed"
[ "$out" = 8902 ] || problem "perft --depth 3 says \"$out\""
out=$("$bin" say --silent e4 Nf6) || problem "say --silent failed"
[ "$out" = $'Eva vier\nSpringer Felix sechs' ] || problem "say --silent says \"$out\""
"$bin" config example >"$scratch/example.toml" || problem "config example failed"
cmp -s "$scratch/example.toml" "$root/usr/share/doc/annabella/examples/example.toml" ||
  problem "config example differs from the installed example.toml"
"$bin" config check "$scratch/example.toml" || problem "config check of the example failed"

if [ "$problems" -gt 0 ]; then
  echo "package: $problems problems" >&2
  exit 1
fi
echo "package: $deb is whole and runs"
