#!/usr/bin/env bash
# Every shipped file speaks of the software, never of how it was built:
#   session   work sessions and their numbers ("session 8", "this session's
#             machine"), and result names made of them ("cpu-s12")
#   round     round numbers ("round 3")
#   issue     numbers of an issue tracker ("issue #23", "(issue 8)")
#   commit    a commit standing for a version ("main 8123ac4", a result's
#             "source": "<hash>", or any word that is a commit of this
#             repository): name a release version or a date instead
#   env       the build environment's limits ("not served", "404  Not
#             Found", "Failed to fetch", "CI machines"): say what was run,
#             not what could not be fetched
# The shipped files: what git archives and clones carry (git ls-files,
# tracked and untracked-but-not-ignored) and what package.xml's <contents>
# puts in the PECL tarball; binary files are skipped. File names are checked
# too. A short allow-list below keeps the software's own words: PHP's
# sessions, the differential tester's sessions (tests/diff), a phpt's
# "-- round N" marker.
#
#   scripts/check-words.sh            print each finding, "file:line: rule: text",
#                                     then a count per folder; exit 1 on any
#   scripts/check-words.sh --files    print the files it checks
#
# Env: SC_SRC (default the repository root).
set -uo pipefail
export LC_ALL=C
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "${SC_SRC:-$ROOT}" || exit 2

# rule<TAB>extended regex (case-insensitive)
RULES=$(cat <<'EOF'
session	\bsessions?[ -]?#?[0-9]+\b|\b(this|that|next|previous|earlier|later|last) sessions?\b|\bthe session's (changes|code|work|build|machine|hit path|ci)\b|[a-z]-s[0-9]+\b
round	(^|[^-])\brounds? #?[0-9]+\b
issue	\b(issues?|tickets?|pull requests?|prs?|gh)[ -]?#[0-9]+\b|\bissues? [0-9]+\b|\b(fixes|fixed|closes|closed|see|in) #[0-9]+\b
commit	\b(main|master|commit|head|branch|revision|rev)('s)? +\(?[0-9a-f]{7,40}\b|"(source|commit|revision|rev|git)" *: *"[0-9a-f]{7,40}"
env	\bnot served( here|[:.;,)]|$| to (these|this))|\bserved (here|to (these|this) machines?)\b|\b404 +not found\b|\bfailed to fetch\b|\bci machines?\b
EOF
)
# rule<TAB>path glob<TAB>regex of the allowed line (case-insensitive)
ALLOW=$(cat <<'EOF'
*	scripts/check-words.sh	.
session	tests/diff/*	session
session	*	php'?s session|session (module|files?|id|handler|cookie|data|save)|sessions? in sqlite|[$]_session|session_[a-z]|sess_
round	tests/*.phpt	^-- round [0-9]+$
EOF
)

files() {
  {
    git ls-files --cached --others --exclude-standard 2>/dev/null
    [ -f package.xml ] && sed -n 's:.*<file [^>]*name="\([^"]*\)".*:\1:p' package.xml
  } | while IFS= read -r f; do [ -f "$f" ] && printf '%s\n' "$f"; done | sort -u
}

case ${1:-} in
  --files) files; exit 0 ;;
  "") ;;
  *) echo "usage: $0 [--files]" >&2; exit 2 ;;
esac
git rev-parse --is-inside-work-tree >/dev/null 2>&1 ||
  { echo "check-words: FAIL: $PWD is not a git work tree (the file list is git's)" >&2; exit 2; }

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
files >"$tmp/files"
[ -s "$tmp/files" ] || { echo "check-words: FAIL: no files to check" >&2; exit 2; }

# the words: file:line:text per rule
while IFS=$'\t' read -r rule re; do
  tr '\n' '\0' <"$tmp/files" | xargs -0 grep -I -n -H -i -E -e "$re" -- 2>/dev/null |
    sed "s/^/$rule	/"
done <<<"$RULES" >"$tmp/hits"
# commits of this repository named in a file (a version should be named instead)
tr '\n' '\0' <"$tmp/files" | xargs -0 grep -I -o -h -w -E '[0-9a-f]{7,40}' -- 2>/dev/null |
  grep '[a-f]' | grep '[0-9]' | sort -u | sed 's/$/^{commit}/' |
  git cat-file --batch-check 2>/dev/null | awk '$2 == "commit" {print $1}' >"$tmp/commits"
if [ -s "$tmp/commits" ]; then
  tr '\n' '\0' <"$tmp/files" | xargs -0 grep -I -n -H -w -F -f "$tmp/commits" -- 2>/dev/null |
    sed 's/^/commit	/' >>"$tmp/hits"
fi
# file names
# (a result is named by its date or the version it measured, "cpu-2026-12-03"
# or "instr-0.3.0": under results/, a word glued to a number of 1 to 3
# digits that is neither, "cpu22" or "mediawiki-cpu15-debian", is a
# session's or an issue's number)
grep -i -E '(^|[/_-])s[0-9]+([-_./]|$)|(^|/)(session|round|issue)[-_]?[0-9]+' "$tmp/files" |
  sed 's/^/session	/; s/$/:0:(file name)/' >>"$tmp/hits"
grep -E '(^|/)results/' "$tmp/files" | grep -i -E '/results/(.*[/-])?[a-z]+[0-9]{1,3}([/_-]|\.json$)' |
  sed 's/^/issue	/; s/$/:0:(file name: a number that is no date or version)/' >>"$tmp/hits"

# drop what the allow-list keeps, and duplicates
awk -F'\t' -v allow="$ALLOW" '
  BEGIN { n = split(allow, a, "\n"); for (i = 1; i <= n; i++) { split(a[i], f, "\t"); ar[i] = f[1]; ag[i] = f[2]; ax[i] = tolower(f[3]) } }
  function glob(p, s,   r) { r = p; gsub(/[.+^$(){}|]/, "\\\\&", r); gsub(/\*/, ".*", r); gsub(/\?/, ".", r); return s ~ ("^" r "$") }
  {
    rule = $1; rest = substr($0, length(rule) + 2)
    match(rest, /:[0-9]+:/); file = substr(rest, 1, RSTART - 1); text = substr(rest, RSTART + RLENGTH)
    for (i = 1; i <= n; i++) if ((ar[i] == rule || ar[i] == "*") && glob(ag[i], file) && tolower(text) ~ ax[i]) next
    key = file ":" substr(rest, RSTART + 1, RLENGTH - 2)
    if (seen[key]++) next
    print rule "\t" rest
  }' "$tmp/hits" | sort -t$'\t' -k2,2 -s >"$tmp/found"

nfiles=$(wc -l <"$tmp/files")
if [ ! -s "$tmp/found" ]; then
  echo "check-words: ok: $nfiles shipped files name no work session, round, issue number, commit as a version or build-environment limit"
  exit 0
fi
awk -F'\t' '{ r = $2; if (length(r) > 220) r = substr(r, 1, 217) "..."; print r "   [" $1 "]" }' "$tmp/found"
echo "check-words: by folder:"
awk -F'\t' '{ split($2, p, ":"); f = p[1]; d = f; if (d ~ /^bench\/apps\/results\//) { split(d, q, "/"); d = q[1] "/" q[2] "/" q[3] "/" (q[5] != "" ? q[4] "/" : "") } else if (d ~ /\//) sub(/\/[^\/]*$/, "/", d); else d = "."; c[d]++; files[d "\t" f] = 1 }
  END { for (k in files) { split(k, x, "\t"); nf[x[1]]++ } for (d in c) printf "  %-40s %4d line(s) in %d file(s)\n", d, c[d], nf[d] }' "$tmp/found" | sort
echo "check-words: FAIL: $(wc -l <"$tmp/found") line(s) in $(cut -f2 "$tmp/found" | cut -d: -f1 | sort -u | wc -l) of $nfiles shipped files speak of how statcache was built"
exit 1
