#!/usr/bin/env bash
# The version is written in one place, PHP_STATCACHE_VERSION in
# php_statcache.h; every other place that names it must agree:
#   package.xml   <version><release> == it, <api> a version not above it,
#                 <stability> alpha|beta below 1.0.0 (stable from 1.0.0)
#   CHANGELOG.md  the newest "## [X.Y.Z] - YYYY-MM-DD" entry == it
#   README.md     its "Stability:" line names package.xml's <stability>
#   composer.json no "version" (Packagist and PIE take it from the git tag)
#   git tag       a tag at HEAD (v?X.Y.Z) == it
# With --release also: HEAD is tagged with it, and CHANGELOG.md has no
# [Unreleased] section with entries left.
#
#   scripts/check-versions.sh [--release]
#
# Prints "check-versions: ok ..." lines, or FAIL lines and exits 1.
# Env: SC_SRC (default the repo root).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "${SC_SRC:-$ROOT}" || exit 2
release=0
case ${1:-} in --release) release=1 ;; "") ;; *) echo "usage: $0 [--release]" >&2; exit 2 ;; esac
fails=0
ok()   { echo "check-versions: ok: $*"; }
fail() { echo "check-versions: FAIL: $*"; fails=$((fails + 1)); }
semver='[0-9]+\.[0-9]+\.[0-9]+'
# ver_le A B: A <= B as versions
ver_le() { [ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -n1)" = "$1" ]; }

h=$(sed -n 's/^#define[[:space:]]\{1,\}PHP_STATCACHE_VERSION[[:space:]]\{1,\}"\([^"]*\)".*/\1/p' php_statcache.h)
[[ $h =~ ^$semver$ ]] || { fail "php_statcache.h: PHP_STATCACHE_VERSION \"$h\" is not X.Y.Z"; exit 1; }

# package.xml: the <version> and <stability> blocks right under <package>
# (not the <changelog>'s), read without an XML extension
xml=$(tr -d '\n' < package.xml)
pv=$(sed -n 's:.*<version>[[:space:]]*<release>[[:space:]]*\([^<[:space:]]*\)[[:space:]]*</release>[[:space:]]*<api>[[:space:]]*\([^<[:space:]]*\)[[:space:]]*</api>[[:space:]]*</version>.*:\1 \2:p' <<<"${xml%%<contents>*}")
ps=$(sed -n 's:.*<stability>[[:space:]]*<release>[[:space:]]*\([^<[:space:]]*\)[[:space:]]*</release>[[:space:]]*<api>[[:space:]]*\([^<[:space:]]*\)[[:space:]]*</api>[[:space:]]*</stability>.*:\1 \2:p' <<<"${xml%%<contents>*}")
read -r prel papi <<<"$pv"
read -r srel sapi <<<"$ps"
[ "${prel:-}" = "$h" ] && ok "package.xml <release> $prel" || fail "package.xml <version><release> \"${prel:-}\" != PHP_STATCACHE_VERSION \"$h\""
if [[ ${papi:-} =~ ^$semver$ ]] && ver_le "$papi" "$h"; then ok "package.xml <api> $papi"
else fail "package.xml <version><api> \"${papi:-}\" is not a version at or below $h"; fi
case ${srel:-} in alpha|beta|stable|devel) ;; *) fail "package.xml <stability><release> \"${srel:-}\" is not alpha|beta|stable|devel" ;; esac
if [ "${h%%.*}" = 0 ] && [ "${srel:-}" = stable ]; then fail "package.xml: $h is below 1.0.0 but <stability> says stable"; fi
if [ "${h%%.*}" != 0 ] && [ "${srel:-}" != stable ]; then fail "package.xml: $h is 1.0.0 or above but <stability> says ${srel:-}"; fi
[ -n "${srel:-}" ] && [ -n "${sapi:-}" ] && ok "package.xml <stability> $srel/$sapi"
email=$(sed -n 's:.*<lead>.*<email>\([^<]*\)</email>.*</lead>.*:\1:p' <<<"$xml")
case $email in *.example|*.invalid|*.test|*example.com|"") echo "check-versions: warning: package.xml <lead><email> \"$email\" is a placeholder" ;; esac

# CHANGELOG.md: the newest released entry
cv=$(grep -m1 -E "^## \[?v?$semver\]?" CHANGELOG.md | sed -E "s/^## \[?v?($semver)\]?.*/\1/")
cdate=$(grep -m1 -E "^## \[?v?$semver\]?" CHANGELOG.md | sed -nE 's/.* - ([0-9]{4}-[0-9]{2}-[0-9]{2}).*/\1/p')
[ "$cv" = "$h" ] && ok "CHANGELOG.md newest entry $cv${cdate:+ ($cdate)}" ||
	fail "CHANGELOG.md newest entry \"$cv\" != PHP_STATCACHE_VERSION \"$h\""
[ -n "$cdate" ] || fail "CHANGELOG.md entry $cv has no \" - YYYY-MM-DD\" date"
unreleased=$(awk '/^## \[Unreleased\]/{u=1; next} /^## /{u=0} u && /[^[:space:]]/' CHANGELOG.md | wc -l)

# README.md: the stability it promises
rs=$(sed -n 's/^\*\{0,2\}Stability:\*\{0,2\}[[:space:]]*\*\{0,2\}\([a-z]*\).*/\1/p' README.md | head -n1)
[ -n "$rs" ] && [ "$rs" = "${srel:-}" ] && ok "README.md Stability: $rs" ||
	fail "README.md's \"Stability:\" line says \"$rs\", package.xml <stability> \"${srel:-}\""

# composer.json: the version is the tag's
grep -q '"version"[[:space:]]*:' composer.json && fail "composer.json has a \"version\" (the git tag is the version)" ||
	ok "composer.json carries no version (the tag does)"

# git: a tag at HEAD must be this version
if git rev-parse --git-dir >/dev/null 2>&1; then
	tags=$(git tag --points-at HEAD | grep -E "^v?$semver$" || true)
	for t in $tags; do [ "${t#v}" = "$h" ] && ok "tag $t at HEAD" || fail "tag $t at HEAD != PHP_STATCACHE_VERSION $h"; done
	if [ $release = 1 ]; then
		echo "$tags" | grep -qxE "v?$h" || fail "--release: HEAD is not tagged $h (git tag -a $h)"
		[ "$unreleased" = 0 ] || fail "--release: CHANGELOG.md's [Unreleased] section still has $unreleased line(s)"
	fi
elif [ $release = 1 ]; then
	fail "--release: not a git work tree"
fi

[ $fails = 0 ] && echo "check-versions: ok: version $h everywhere" && exit 0
exit 1
