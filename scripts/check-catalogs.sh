#!/usr/bin/env bash
# The message catalogs of the app layer (GNU gettext; docs/languages.md, "The console's
# messages"):
#   scripts/check-catalogs.sh                  checks, as CI does (a CTest test, catalogs.complete):
#     - po/annabella.pot holds every message the sources mark (tr, tr_n, tr_noop), and no other;
#     - every catalog of po/LINGUAS compiles (msgfmt --check);
#     - every language of po/COMPLETE translates every message of the template, none fuzzy.
#   scripts/check-catalogs.sh --template FILE  writes the template from the sources to FILE.
# Exit 0 when all is well, 1 with each problem named.
# ANNABELLA_CATALOG_ROOT names another tree to check (the tests check a changed copy).
set -euo pipefail
cd "${ANNABELLA_CATALOG_ROOT:-$(dirname "$0")/..}"

template() {
  xgettext --language=C++ --from-code=UTF-8 --keyword= --keyword=tr --keyword=tr_n:1,2 --keyword=tr_noop \
    --add-location=file --add-comments=TRANSLATORS: --package-name=annabella --msgid-bugs-address="the annabella issue list" \
    --copyright-holder="the annabella authors" -o "$1" app/*.cpp
  # One stable header: the creation date would make every run a change (and the places are
  # files without line numbers, so a moved line is no change either).
  sed -i '/^"POT-Creation-Date:/d' "$1"
}

if [ "${1:-}" = "--template" ]; then
  template "${2:?usage: scripts/check-catalogs.sh --template FILE}"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0
template "$work/annabella.pot"

# Messages without their places in the sources (a moved line is no change).
messages() { grep -v '^#:' "$1"; }
if ! diff -u <(messages po/annabella.pot) <(messages "$work/annabella.pot") >"$work/stale"; then
  echo "po/annabella.pot is not what the sources mark; update it and the catalogs with"
  echo "  cmake --build BUILD --target annabella-update-po"
  sed -n '1,40p' "$work/stale"
  status=1
fi

while read -r language; do
  case "$language" in ''|'#'*) continue ;; esac
  if ! msgfmt --check -o /dev/null "po/$language.po" 2>"$work/msgfmt"; then
    echo "po/$language.po does not compile:"
    cat "$work/msgfmt"
    status=1
  fi
done <po/LINGUAS

while read -r language; do
  case "$language" in ''|'#'*) continue ;; esac
  msgmerge --quiet --no-fuzzy-matching -o "$work/$language.po" "po/$language.po" \
    "$work/annabella.pot"
  untranslated=$(msgattrib --untranslated --no-obsolete --no-wrap "$work/$language.po" |
    grep -c '^msgid ' || true)
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete --no-wrap "$work/$language.po" |
    grep -c '^msgid ' || true)
  # The header entry (msgid "") counts once in each list when there is anything to list.
  if [ "$untranslated" -gt 0 ] || [ "$fuzzy" -gt 0 ]; then
    echo "po/$language.po (complete in po/COMPLETE) lacks translations:"
    msgattrib --untranslated --no-obsolete --no-wrap "$work/$language.po" |
      grep '^msgid ' | grep -v '^msgid ""$' | sed 's/^/  untranslated: /' || true
    msgattrib --only-fuzzy --no-obsolete --no-wrap "$work/$language.po" |
      grep '^msgid ' | grep -v '^msgid ""$' | sed 's/^/  fuzzy: /' || true
    status=1
  fi
done <po/COMPLETE

[ $status -eq 0 ] && echo "catalogs: the template is current; complete: $(grep -v '^#' po/COMPLETE | tr '\n' ' ')"
exit $status
