#!/usr/bin/env bash
# The extension's C sources, one path per line relative to the source tree:
# the module face at the root (*.c, *.h) and the layers under src/<layer>/
# (src/php one folder deeper: src/php/<concern>/).
# The one list that the packaging check, the static build, the PHP 8.4
# compile check and the rebuild-on-header-change rule all read, so a file
# added to a folder is picked up by each of them.
#
#   scripts/sources.sh [--c | --h] [--build]    (SC_SRC: default the repo root)
#     --c / --h   only .c / only .h files
#     --build     also config.m4 and config.w32
# In a git tree: tracked or untracked-but-not-ignored files that exist;
# elsewhere (an unpacked tarball): the files present.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SC_SRC=$(cd "${SC_SRC:-$ROOT}" && pwd)
pats=('*.c' '*.h' 'src/*/*.c' 'src/*/*.h' 'src/php/*/*.c' 'src/php/*/*.h') build=0
for a in "$@"; do
  case $a in
    --c) pats=('*.c' 'src/*/*.c' 'src/php/*/*.c') ;;
    --h) pats=('*.h' 'src/*/*.h' 'src/php/*/*.h') ;;
    --build) build=1 ;;
    *) echo "usage: $0 [--c|--h] [--build]" >&2; exit 2 ;;
  esac
done
((build)) && pats+=(config.m4 config.w32)
cd "$SC_SRC"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1 && [[ $(git rev-parse --show-toplevel) == "$SC_SRC" ]]; then
  git ls-files --cached --others --exclude-standard -- "${pats[@]}" |
    grep -E '^([^/]+|src/[^/]+/[^/]+|src/php/[^/]+/[^/]+)$' | while IFS= read -r f; do [[ -f $f ]] && echo "$f"; done | sort -u
else
  shopt -s nullglob
  for p in "${pats[@]}"; do for f in $p; do [[ -f $f ]] && echo "$f"; done; done | sort -u
fi
