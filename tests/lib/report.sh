# The one reporter of the shell tests (tests/fpm, tests/matrix, tests/status,
# tests/install): what each check found, one line each, in the form
# scripts/test.sh counts ("PASS name (detail)", "FAIL ...", "SKIP ...",
# "INFO ..."), and a closing "NAME: N passed, N failed, N skipped (Ts)".
#
#   . "$root/tests/lib/report.sh"
#   report_begin fpm            # or: report_begin install-debian12 debian12-
#   ok name "detail"; bad name "detail"; info "text"
#   skip "why"                  # the whole test cannot run here: exit 0
#   skip_check name "why"       # one check cannot run here
#   report_end                  # the summary; its status is 1 on a failure

# report_begin NAME [PREFIX]: NAME heads the summary and a whole-test SKIP;
# PREFIX goes before every check's name (install-… checks say which Debian).
report_begin() {
	REPORT_NAME=$1 REPORT_PREFIX=${2:-}
	pass=0 fail=0 skipped=0 start_s=$SECONDS
}
ok()   { echo "PASS $REPORT_PREFIX$1${2:+ ($2)}"; pass=$((pass + 1)); }
bad()  { echo "FAIL $REPORT_PREFIX$1${2:+ ($2)}"; fail=$((fail + 1)); }
info() { echo "INFO $*"; }
skip() { echo "SKIP $REPORT_NAME ($*)"; exit 0; }
skip_check() { echo "SKIP $REPORT_PREFIX$1${2:+ ($2)}"; skipped=$((skipped + 1)); }

# report_count TEXT: counts the PASS/FAIL/SKIP lines another program printed
# (they are repeated as they are): for a checker written in PHP.
report_count() {
	local l
	while IFS= read -r l; do
		echo "$l"
		case $l in
			'PASS '*) pass=$((pass + 1)) ;;
			'FAIL '*) fail=$((fail + 1)) ;;
			'SKIP '*) skipped=$((skipped + 1)) ;;
		esac
	done <<<"$1"
}

# report_end: the summary line; returns 1 if a check failed.
report_end() {
	echo "$REPORT_NAME: $pass passed, $fail failed, $skipped skipped ($((SECONDS - start_s))s)"
	[ "$fail" -eq 0 ]
}
