#!/usr/bin/env bash
# statcache loaded next to the extensions that hook the same functions.
#
#   tests/matrix/coexist.sh
#
# tests/matrix/probe.php (answers and warnings of the stat family on a
# fixture, own writes, a child's writes, clearstatcache, uopz overrides)
# runs under each configuration below three times: without statcache (the
# reference), with statcache's extension= line before the other
# extension's, and after it.  The three outputs must be byte-identical, and
# the runs with statcache must report cache hits (it did answer).
#   opcache-inactive   opcache (zend_extension=opcache; compiled into PHP from
#                      8.5), opcache.enable_cli=0
#   opcache-override   opcache.enable_cli=1 + enable_file_override=1: opcache
#                      wraps file_exists/is_file/is_readable at post-startup,
#                      after statcache whatever the order, so it answers first
#                      for the scripts it has cached and calls statcache for
#                      the rest; check "opcache-wins" shows a cached script
#                      deleted by a child still "exists", as with opcache alone
#   xdebug             zend_extension=xdebug, xdebug.mode=develop
#   apcu               extension=apcu, apc.enable_cli=1
#   uopz               extension=uopz: uopz_set_return (value and closure),
#                      uopz_set_hook, uopz_unset_return
# Prints "PASS name" / "FAIL name" / "SKIP name (reason)" lines and
# "coexist: N passed, N failed, N skipped (Ts)"; exits 1 on a failure.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
PHP=${SC_PHP:-$(command -v php8.2 || command -v php)}
SO=${SC_EXT:-$root/.build/nts/modules/statcache.so}
# shellcheck source=../lib/report.sh
. "$root/tests/lib/report.sh"
report_begin coexist

[ -f "$SO" ] || { bad coexist "no $SO: build-nts first"; report_end; exit; }
TMP=$(mktemp -d /tmp/sc-coexist.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
SC=(-d "extension=$SO" -d statcache.enable_cli=1)

# run NAME ARGS...: the probe's stdout in $TMP/NAME.out, stderr in .err
run() {
	local name=$1; shift
	rm -rf "$TMP/fx"
	"$PHP" -n "$@" "$here/probe.php" "$TMP/fx" "$PHP" >"$TMP/$name.out" 2>"$TMP/$name.err"
	echo "exit $?" >>"$TMP/$name.out"
	# Xdebug's call stacks print time and memory, which vary run to run
	sed -Ei 's/^ +[0-9]+\.[0-9]+ +[0-9]+ +([0-9]+\. )/    \1/' "$TMP/$name.out"
}

# check NAME MODULE OTHER-ARGS...: reference vs statcache before vs after;
# MODULE is the name `php -m` lists once OTHER-ARGS loaded it ("" for none).
check() {
	local name=$1 mod=$2; shift 2
	# (no grep -q: php would die of SIGPIPE and pipefail report it)
	if [ -n "$mod" ] && ! "$PHP" -n "$@" -m 2>/dev/null | grep -ix "$mod" >/dev/null; then
		skip_check "$name" "$mod cannot be loaded by $PHP -n"
		return
	fi
	run "$name.ref" "$@"
	run "$name.first" "${SC[@]}" "$@"
	run "$name.last" "$@" "${SC[@]}"
	local order hits why=""
	for order in first last; do
		if ! cmp -s "$TMP/$name.ref.out" "$TMP/$name.$order.out"; then
			why+=" statcache $order: output differs: $(diff "$TMP/$name.ref.out" "$TMP/$name.$order.out" | head -n 6 | tr '\n' '|')"
		fi
		hits=$(sed -n 's/^statcache hits //p' "$TMP/$name.$order.err")
		if ! [[ ${hits:-0} -gt 0 ]]; then
			why+=" statcache $order: no cache hit ($(head -c 300 "$TMP/$name.$order.err" | tr '\n' '|'))"
		fi
	done
	grep -q "^statcache hits" "$TMP/$name.ref.err" && why+=" reference run loaded statcache"
	[ -z "$why" ] && ok "$name" "answers identical without statcache, statcache first and last" || bad "$name" "$why"
}

# shellcheck source=../lib/opcache.sh
. "$root/tests/lib/opcache.sh"
oc_load=$(sc_opcache_load "$PHP")   # empty where opcache is compiled in
check plain "" -d display_errors=1
check opcache-inactive "Zend OPcache" ${oc_load:+-d "$oc_load"} -d opcache.enable_cli=0
OPC=(${oc_load:+-d "$oc_load"} -d opcache.enable_cli=1 -d opcache.enable_file_override=1 -d opcache.revalidate_freq=3600
	-d opcache.file_update_protection=0)
check opcache-override "Zend OPcache" "${OPC[@]}"
# What wins with the override: opcache, for a script it has cached.
if [ -f "$TMP/opcache-override.last.out" ]; then
	line=$(grep -A7 '^== after a child removed' "$TMP/opcache-override.last.out" | grep '^inc.php:' || true)
	plain=$(grep -A7 '^== after a child removed' "$TMP/plain.ref.out" | grep '^inc.php:' || true)
	if [[ $line == 'inc.php: [true,true,false,false,true,'* && $plain == 'inc.php: [false,'* ]]; then
		ok opcache-wins "a deleted script opcache cached: file_exists/is_file/is_readable true, as opcache alone says; false without opcache"
	else
		bad opcache-wins "with override: '$line'; plain PHP: '$plain'"
	fi
fi
check xdebug xdebug -d zend_extension=xdebug -d xdebug.mode=develop
check apcu apcu -d extension=apcu -d apc.enable_cli=1
check uopz uopz -d extension=uopz -d uopz.exit=1
if [ -f "$TMP/uopz.last.out" ]; then
	if grep -q '^hook is_dir(' "$TMP/uopz.last.out" &&
		grep -A3 '^== uopz_set_return(file_exists' "$TMP/uopz.last.out" | grep -q '^f: \[false,false,'; then
		ok uopz-overrides-apply "uopz_set_return/uopz_set_hook took effect with statcache loaded"
	else
		bad uopz-overrides-apply "uopz's overrides did not show in the probe's output"
	fi
fi

report_end
