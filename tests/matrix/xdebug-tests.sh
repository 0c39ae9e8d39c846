#!/usr/bin/env bash
# Lists the phpt tests (relative to the repository root) whose output Xdebug's
# develop mode itself changes, one per line with the reason, on stdout:
#   - var_dump() is Xdebug's own in develop mode: it prints "file:line:" before
#     each value and formats arrays and strings its own way;
#   - every warning, notice or fatal error gets a "Call Stack:" block (with
#     times and memory) appended.
# A test is listed when its --FILE-- section, or a tests/include/*.inc file it
# includes, calls var_dump(), or when its expected output has a PHP error.
# scripts/test.sh matrix runs the phpt suite with Xdebug minus these.
# --count: one sentence, how many of the suite's tests are listed
# (docs/compatibility.md quotes it: scripts/readme-figures.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
if [ "${1:-}" = --count ]; then
	listed=$("$0" | wc -l); all=$(find tests -name '*.phpt' | wc -l)
	echo "$listed of the $all phpt tests (listed with the reason by \`tests/matrix/xdebug-tests.sh\`) cannot match their \`--EXPECT--\` with Xdebug loaded; the other $((all - listed)) run with it."
	exit 0
fi
for t in $(find tests -name '*.phpt' | sort); do
	file=$(sed -n '/^--FILE--$/,/^--[A-Z]*--$/p' "$t")
	incs=$(grep -o "include/[a-z_]*\.inc" <<<"$file" | sort -u | sed 's|^|tests/|' || true)
	if grep -q 'var_dump(' <<<"$file" || { [ -n "$incs" ] && grep -q 'var_dump(' $incs; }; then
		echo "$t # calls var_dump(), which Xdebug's develop mode replaces"
	# (not `sed | grep -q`: with pipefail, grep -q's early exit can make sed
	# die of SIGPIPE and the test go unlisted at random)
	elif grep -qE '^(PHP )?(Warning|Notice|Deprecated|Fatal error): ' <<<"$(sed -n '/^--EXPECT[F]*--$/,$p' "$t")"; then
		echo "$t # expects a PHP error, to which Xdebug's develop mode appends a call stack"
	fi
done
