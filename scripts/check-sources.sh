#!/usr/bin/env bash
# The build's list of C sources agrees with scripts/sources.sh, the one list
# of the extension's files: config.m4 names every .c file of it exactly once
# and no .c file that is not there.  (package.xml is held against the same
# list by scripts/check-package.sh, the PHP 8.4 compile check by the
# compile84 step of scripts/test.sh.)
#
#   scripts/check-sources.sh            the check: a line per difference, exit 1
#   scripts/check-sources.sh --always   the .c files config.m4 builds with or
#                                       without inotify (its first
#                                       statcache_sources="..." assignment)
# Env: SC_SRC (default the repo root).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SC_SRC=$(cd "${SC_SRC:-$ROOT}" && pwd)
m4=$SC_SRC/config.m4

# config.m4 without dnl comments, continuation lines joined
m4_text() { sed -e '/^[[:space:]]*dnl/d' "$m4" | sed -e ':a' -e '/\\$/N; s/\\\n//; ta'; }

if [[ ${1:-} == --always ]]; then
  m4_text | sed -n 's/^[[:space:]]*statcache_sources="\([^"]*\)".*/\1/p' | head -n 1 |
    tr -s ' \t' '\n' | grep -E '\.c$' || true
  exit 0
fi
[[ $# -eq 0 ]] || { echo "usage: $0 [--always]" >&2; exit 2; }

listed=$(m4_text | grep -oE '[A-Za-z0-9_./-]+\.c\b' | sort)
expected=$(SC_SRC=$SC_SRC "$ROOT/scripts/sources.sh" --c)
bad=0
while IFS= read -r f; do
  [[ -n $f ]] || continue
  n=$(grep -cxF "$f" <<<"$listed" || true)
  if ((n == 0)); then echo "check-sources: config.m4 does not build $f (scripts/sources.sh lists it)"; bad=1
  elif ((n > 1)); then echo "check-sources: config.m4 names $f $n times"; bad=1; fi
done <<<"$expected"
while IFS= read -r f; do
  [[ -n $f ]] || continue
  grep -qxF "$f" <<<"$expected" || { echo "check-sources: config.m4 names $f, which is not a source of the tree"; bad=1; }
done <<<"$(sort -u <<<"$listed")"
((bad == 0)) || exit 1
echo "check-sources: ok: config.m4 builds the $(wc -l <<<"$expected") C sources of scripts/sources.sh, each once"
