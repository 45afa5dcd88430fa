#!/usr/bin/env python3
"""Fails when a sentence for people is written in core/ (issues 13 and 17: core/ returns what
happened, kinds and facts; the application words it through the catalogs, app/i18n.h).

A sentence is a string literal in a core/*.cpp or core/*.h file with two words in a row
("is not", "White has"), comments left out. A literal that only looks like one because it is data
(a PGN tag value, a keyword of the time-control grammar, a clock log's event name) is listed in
scripts/core-wording-allowed.txt, "core/FILE: LITERAL", a tab, and the reason it is data; an entry
without a reason fails. Sentences for people are never listed: they are typed in core/ and worded
in app/.

  scripts/check-core-wording.py           checks (a CTest test, core.no_wording)
  scripts/check-core-wording.py --list    prints every sentence found, as the list spells them
Exit 0 when every sentence found is listed, 1 with each new one named.
"""
import os
import re
import sys

ROOT = os.environ.get("ANNABELLA_SOURCE_ROOT",
                      os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
ALLOWED = os.path.join(ROOT, "scripts", "core-wording-allowed.txt")
WORDS = re.compile(r"[A-Za-z][a-z]+ [a-z]{2,}")


def literals(source):
    """The string literals of a C++ source, comments and character literals left out."""
    out, i, n = [], 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            i = source.find("*/", i + 2)
            i = n if i < 0 else i + 2
        elif c == 'R' and source.startswith('R"', i) and (i == 0 or not source[i - 1].isalnum()):
            open_end = source.find("(", i)
            delimiter = ")" + source[i + 2:open_end] + '"'
            close = source.find(delimiter, open_end)
            out.append(source[open_end + 1:close])
            i = close + len(delimiter)
        elif c in "\"'":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            if c == '"':
                out.append(source[i + 1:j])
            i = j + 1
        else:
            i += 1
    return out


def found():
    hits = []
    core = os.path.join(ROOT, "core")
    for name in sorted(os.listdir(core)):
        if not name.endswith((".cpp", ".h")):
            continue
        with open(os.path.join(core, name), encoding="utf-8") as f:
            for text in literals(f.read()):
                if WORDS.search(text):
                    hits.append(f"core/{name}: {text}")
    return hits


def allowed():
    """The entries of the list, and those of them without a reason."""
    entries, unexplained = set(), []
    with open(ALLOWED, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            entry, _, reason = line.partition("\t")
            entries.add(entry)
            if not reason.strip():
                unexplained.append(entry)
    return entries, unexplained


def main():
    hits = found()
    if sys.argv[1:] == ["--list"]:
        print("\n".join(hits))
        return 0
    known, unexplained = allowed()
    for entry in unexplained:
        print(f"listed without the reason it is data (a tab, then the reason): {entry}")
    new = [hit for hit in hits if hit not in known]
    for hit in new:
        print(f"English sentence in core/ (word it in app/ through tr(), issue 17): {hit}")
    gone = sorted(known - set(hits))
    for line in gone:
        print(f"listed but no longer in core/ (take it off {os.path.relpath(ALLOWED, ROOT)}): "
              f"{line}")
    return 1 if new or gone or unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
