#!/usr/bin/env bash
# Check the distribution metadata: composer.json (PIE), package.xml (PECL),
# CHANGELOG.md, and that a PECL tarball made from package.xml builds.
#
#   scripts/check-package.sh                   run every check
#   scripts/check-package.sh --print-contents  print the <file> lines package.xml
#                                              should list (to paste after adding
#                                              or removing a file)
#
# Checks, in order (the first failure ends the run, exit 1):
#  1. composer.json: valid JSON; the fields PIE reads, with their types and
#     allowed values (PIE's composer-json-php-ext-schema.json); extension-name
#     is the name config.m4 gives PHP_NEW_EXTENSION; every configure-option is
#     a switch config.m4 defines; require.php matches package.xml's minimum.
#  2. versions: PHP_STATCACHE_VERSION (php_statcache.h) == package.xml's
#     release version == the newest CHANGELOG.md entry.
#     Every shipped file (git's and package.xml's) names no work session,
#     round, issue number, commit standing for a version or build-environment
#     limit (scripts/check-words.sh). statcache.ini-production names every
#     INI setting the C sources register, and no other. Every workflow
#     under .github/workflows passes action-validator (npm's
#     @action-validator/cli). README.md keeps to 200 lines, with its
#     "## Install" by line 80.
#  3. package.xml lists every *.c, *.h, config.m4, config.w32 and stub that
#     git knows (tracked or untracked-but-not-ignored), and every listed file
#     exists. Tracked files under tests/ that are not listed are warned about.
#     config.m4 builds every C source of scripts/sources.sh, once, and names
#     no other (scripts/check-sources.sh).
#  4. the release date is a well-formed date (not necessarily today: pecl
#     validates a copy dated today); `pecl package-validate` passes with no
#     warning; `pecl package` makes the tgz.
#  5. From that tgz alone, in a temp dir: phpize, ./configure with no option
#     (as PIE, pecl and docker-php-ext-install run it), make; the module
#     loads and reports the version; tests/module and tests/package pass
#     under phpize's `make test`.
# Env: SC_SRC (default the repo root), PHP_CONFIG (default php-config8.2),
#      JOBS (default 2), SC_KEEP=1 keeps the temp dir.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
SC_SRC=$(cd "${SC_SRC:-$ROOT}" && pwd)
JOBS=${JOBS:-2}
PHP_CONFIG=${PHP_CONFIG:-$(command -v php-config8.2 || command -v php-config || true)}
export NO_INTERACTION=1 DEBIAN_FRONTEND=noninteractive

say()  { echo "check-package: $*"; }
fail() { echo "check-package: FAIL: $*" >&2; exit 1; }

# --- the file list package.xml must hold ---------------------------------------
in_git() { git -C "$SC_SRC" rev-parse --is-inside-work-tree >/dev/null 2>&1; }
git_files() {   # tracked + untracked-not-ignored, existing
  (cd "$SC_SRC" && git ls-files --cached --others --exclude-standard "$@" |
     while IFS= read -r f; do [[ -f $f ]] && echo "$f"; done | sort -u)
}
# "role path" lines, sorted by path: sources and build recipes (role src),
# documents (doc), tests (test: tracked ones, and tests/package/).
expected_contents() {
  in_git || fail "$SC_SRC is not a git work tree (the contents check needs git ls-files)"
  {
    { "$ROOT/scripts/sources.sh" --build; git_files -- '*.stub.php' | grep -v /; } | sed 's/^/src /'
    for d in LICENSE README.md CHANGELOG.md SECURITY.md CONTRIBUTING.md statcache.ini-production; do
      [[ -f $SC_SRC/$d ]] && echo "doc $d"; done
    git_files -- 'docs/*.md' | sed 's/^/doc /'
    git_files -- 'status/*.php' | sed 's/^/data /'
    { (cd "$SC_SRC" && git ls-files --cached -- tests | while IFS= read -r f; do [[ -f $f ]] && echo "$f"; done)
      git_files -- tests/package; } | sort -u | sed 's/^/test /'
  } | sort -k2
}

if [[ ${1:-} == --print-contents ]]; then
  expected_contents | while read -r role path; do
    printf '   <file name="%s" role="%s"/>\n' "$path" "$role"
  done
  exit 0
fi
[[ $# -eq 0 ]] || { echo "usage: $0 [--print-contents]" >&2; exit 2; }

# --- tools -------------------------------------------------------------------
need=()
command -v pecl >/dev/null || need+=(php-pear)
command -v php8.2 >/dev/null || command -v php >/dev/null || need+=(php8.2-cli)
[[ -n $PHP_CONFIG ]] || need+=(php8.2-dev)
if ((${#need[@]})); then
  say "installing ${need[*]}"
  apt-get install -y -q "${need[@]}" >&2
  PHP_CONFIG=$(command -v php-config8.2 || command -v php-config)
fi
PHP=$(command -v php8.2 || command -v php)
"$PHP" -r 'exit(class_exists("SimpleXMLElement") ? 0 : 1);' || {
  say "installing php8.2-xml"; apt-get install -y -q php8.2-xml >&2; }

work=$(mktemp -d /tmp/statcache-package.XXXXXX)
if [[ -z ${SC_KEEP:-} ]]; then trap 'rm -rf "$work"' EXIT; else say "keeping $work"; fi
cd "$SC_SRC"
for f in composer.json package.xml CHANGELOG.md php_statcache.h config.m4; do
  [[ -f $f ]] || fail "no $f in $SC_SRC"
done

# --- 1+2. composer.json, versions ------------------------------------------------
# One PHP script does the parsing; it prints "ok ..." lines or "FAIL ..." lines.
LISTED=$work/listed "$PHP" -d display_errors=stderr -r '
$fails = [];
$f = function (string $m) use (&$fails) { $fails[] = $m; };

/* config.m4: the extension name and the switches it defines */
$m4 = file_get_contents("config.m4");
preg_match("/PHP_NEW_EXTENSION\(\s*\[?([A-Za-z0-9_]+)/", $m4, $m) or $f("config.m4: no PHP_NEW_EXTENSION");
$extname = $m[1] ?? "";
preg_match_all("/PHP_ARG_(ENABLE|WITH)\(\s*\[?([A-Za-z0-9_-]+)/", $m4, $mm, PREG_SET_ORDER);
$switches = [];
foreach ($mm as $s) {
    $k = strtolower($s[1]) === "enable" ? ["enable", "disable"] : ["with", "without"];
    foreach ($k as $p) { $switches[] = "$p-$s[2]"; }
}

/* composer.json */
$raw = file_get_contents("composer.json");
try {
    $c = json_decode($raw, true, 512, JSON_THROW_ON_ERROR);
} catch (JsonException $e) {
    fwrite(STDOUT, "FAIL composer.json is not valid JSON: " . $e->getMessage() . "\n"); exit(1);
}
is_array($c) && !array_is_list($c) or $f("composer.json: top level is not an object");
$name = $c["name"] ?? null;
is_string($name) && preg_match("{^[a-z0-9]([_.-]?[a-z0-9]+)*/[a-z0-9](([_.]|-{1,2})?[a-z0-9]+)*$}D", $name)
    or $f("composer.json: name must be a vendor/package Composer name, got " . json_encode($name));
in_array($c["type"] ?? null, ["php-ext", "php-ext-zend"], true)
    or $f("composer.json: type must be php-ext (a PHP module), got " . json_encode($c["type"] ?? null));
($c["type"] ?? "") === "php-ext" or $f("composer.json: statcache is a PHP module: type php-ext");
is_string($c["description"] ?? null) && trim($c["description"]) !== "" or $f("composer.json: description must be a non-empty string");
($c["license"] ?? null) === "BSD-3-Clause" or $f("composer.json: license must be \"BSD-3-Clause\" (LICENSE), got " . json_encode($c["license"] ?? null));
stripos(file_get_contents("LICENSE"), "BSD 3-Clause") !== false or $f("LICENSE does not say BSD 3-Clause");
$reqphp = $c["require"]["php"] ?? null;
is_string($reqphp) && preg_match("/^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/", $reqphp, $rq)
    or $f("composer.json: require.php must be a \">=X.Y\" constraint, got " . json_encode($reqphp));
isset($c["version"]) and $f("composer.json: no \"version\" (Packagist takes it from the git tag)");

$pe = $c["php-ext"] ?? null;
if (!is_array($pe) || ($pe !== [] && array_is_list($pe))) {
    $f("composer.json: php-ext must be an object");
    $pe = [];
}
$known = ["extension-name", "priority", "support-zts", "support-nts", "build-path",
          "override-download-url-method", "download-url-method", "os-families",
          "os-families-exclude", "configure-options"];
foreach (array_diff(array_keys($pe), $known) as $k) { $f("composer.json: php-ext.$k is not a PIE setting"); }
$en = $pe["extension-name"] ?? null;
is_string($en) && preg_match("/^[A-Za-z][A-Za-z0-9_]*$/D", $en) or $f("composer.json: php-ext.extension-name must be a valid extension name");
$en === $extname or $f("composer.json: php-ext.extension-name " . json_encode($en) . " is not config.m4 extension " . json_encode($extname));
$fam = ["windows", "bsd", "darwin", "solaris", "linux", "unknown"];
$of = $pe["os-families"] ?? null;
is_array($of) && array_is_list($of) && count($of) >= 1 && !array_diff($of, $fam) && count(array_unique($of)) === count($of)
    or $f("composer.json: php-ext.os-families must be a non-empty list of " . implode("|", $fam));
$of === ["linux"] or $f("composer.json: php-ext.os-families must be [\"linux\"] (the cache needs inotify)");
isset($pe["os-families-exclude"]) and $f("composer.json: os-families and os-families-exclude exclude each other");
foreach (["support-zts", "support-nts"] as $k) {
    ($pe[$k] ?? null) === true or $f("composer.json: php-ext.$k must be true (statcache is built and tested for both)");
}
if (isset($pe["priority"])) {
    is_int($pe["priority"]) && $pe["priority"] >= 10 && $pe["priority"] <= 99 or $f("composer.json: php-ext.priority must be an integer 10..99");
}
$co = $pe["configure-options"] ?? null;
if (!is_array($co) || !array_is_list($co)) {
    $f("composer.json: php-ext.configure-options must be a list");
    $co = [];
}
foreach ($co as $i => $o) {
    if (!is_array($o) || ($o !== [] && array_is_list($o))) { $f("composer.json: configure-options[$i] is not an object"); continue; }
    foreach (array_diff(array_keys($o), ["name", "needs-value", "description"]) as $k) { $f("composer.json: configure-options[$i].$k is unknown"); }
    $on = $o["name"] ?? null;
    is_string($on) && preg_match("/^[a-zA-Z0-9][a-zA-Z0-9-_]*$/D", $on) or $f("composer.json: configure-options[$i].name is missing or malformed (no leading --)");
    is_string($on) && in_array($on, $switches, true) or $f("composer.json: configure-options[$i].name " . json_encode($on) . " is not a switch config.m4 defines (" . implode(", ", $switches) . ")");
    !isset($o["needs-value"]) || is_bool($o["needs-value"]) or $f("composer.json: configure-options[$i].needs-value must be a boolean");
    is_string($o["description"] ?? null) && trim($o["description"]) !== "" or $f("composer.json: configure-options[$i].description must be a non-empty string");
}
in_array("enable-statcache-dev", array_column($co, "name"), true) or $f("composer.json: configure-options lacks enable-statcache-dev");

/* versions */
preg_match("/#define\s+PHP_STATCACHE_VERSION\s+\"([^\"]+)\"/", file_get_contents("php_statcache.h"), $hv) or $f("php_statcache.h: no PHP_STATCACHE_VERSION");
$hv = $hv[1] ?? "?";
libxml_use_internal_errors(true);
$x = simplexml_load_file("package.xml");
if (!$x) { fwrite(STDOUT, "FAIL package.xml is not well-formed XML\n"); exit(1); }
$x->registerXPathNamespace("p", "http://pear.php.net/dtd/package-2.0");
$pv = (string) ($x->xpath("/p:package/p:version/p:release")[0] ?? "");
$pv === $hv or $f("package.xml release version \"$pv\" != PHP_STATCACHE_VERSION \"$hv\"");
(string) ($x->xpath("/p:package/p:name")[0] ?? "") === $extname or $f("package.xml: name is not $extname");
(string) ($x->xpath("/p:package/p:providesextension")[0] ?? "") === $extname or $f("package.xml: providesextension is not $extname");
(string) ($x->xpath("/p:package/p:license")[0] ?? "") === "BSD-3-Clause" or $f("package.xml: license is not BSD-3-Clause");
$pmin = (string) ($x->xpath("/p:package/p:dependencies/p:required/p:php/p:min")[0] ?? "");
if (isset($rq[1])) {
    preg_match("/^(\d+)\.(\d+)/", $pmin, $pm) && $pm[1] === $rq[1] && $pm[2] === $rq[2]
        or $f("composer.json require.php \"$reqphp\" and package.xml php min \"$pmin\" disagree");
}
preg_match("/^##\s*\[?v?(\d+\.\d+\.\d+[^\]\s]*)\]?/m", file_get_contents("CHANGELOG.md"), $cv) or $f("CHANGELOG.md: no \"## X.Y.Z\" entry");
($cv[1] ?? "") === $hv or $f("CHANGELOG.md newest entry \"" . ($cv[1] ?? "") . "\" != PHP_STATCACHE_VERSION \"$hv\"");

/* the listed files, for the shell part: "role path" lines */
$list = "";
foreach ($x->xpath("/p:package/p:contents//p:file") as $file) {
    $list .= $file["role"] . " " . $file["name"] . "\n";
}
file_put_contents(getenv("LISTED"), $list);

if ($fails) { foreach ($fails as $m) { echo "FAIL $m\n"; } exit(1); }
echo "ok composer.json: $name, extension $en, php $reqphp, " . count($co) . " configure option(s)\n";
echo "ok versions: $hv (php_statcache.h, package.xml, CHANGELOG.md)\n";
' >"$work/meta.out" 2>&1 || { cat "$work/meta.out" >&2; fail "metadata (composer.json, package.xml, versions)"; }
sed 's/^ok /check-package: ok: /' "$work/meta.out"
# shipped files speak of the software, not of how it was built (scripts/check-words.sh)
SC_SRC=$SC_SRC "$ROOT/scripts/check-words.sh" >"$work/words.out" 2>&1 ||
  { cat "$work/words.out" >&2; fail "words (scripts/check-words.sh): a shipped file speaks of how statcache was built"; }
say "ok: $(sed 's/^check-words: ok: //' "$work/words.out")"

# the README is a user's front page: at most 200 lines, install by line 80
rl=$(wc -l <README.md); il=$(grep -n -m1 '^## Install' README.md | cut -d: -f1)
((rl <= 200)) || fail "README.md has $rl lines: a front page keeps to 200 (details go to docs/)"
[[ -n $il ]] && ((il <= 80)) || fail "README.md's \"## Install\" is at line ${il:-none}: it must start by line 80"
say "ok: README.md: $rl lines, install at line $il"

# the sample ini names every setting src/php/module/ini.c registers, and no other
[[ -f statcache.ini-production ]] || fail "no statcache.ini-production"
# (the settings: the INI entries of every C source scripts/sources.sh lists,
# PHP's entry macros or ini.c's row macros, SC_INI_BOOL and SC_INI_RANGE)
SC_SRC=$SC_SRC "$ROOT/scripts/sources.sh" --c | xargs grep -h -o -E '(PHP_INI_[A-Z_]+|ZEND_INI_ENTRY[0-9]?(_EX)?|SC_INI_[A-Z]+)\("statcache\.[a-z_]+"' |
  sed 's/.*("//; s/"$//' | sort -u >"$work/ini.registered"
sed -n 's/^;\{0,1\}\(statcache\.[a-z_]*\)[[:space:]]*=.*/\1/p' statcache.ini-production | sort -u >"$work/ini.sample"
[[ -s $work/ini.registered ]] || fail "no C source registers a statcache.* INI setting (PHP_INI_BEGIN moved? update this check)"
if ! cmp -s "$work/ini.registered" "$work/ini.sample"; then
  diff "$work/ini.registered" "$work/ini.sample" | sed -n 's/^< /check-package: statcache.ini-production lacks /p; s/^> /check-package: statcache.ini-production names an unknown /p' >&2
  fail "statcache.ini-production and the registered INI settings differ"
fi
say "ok: statcache.ini-production names all $(wc -l <"$work/ini.registered") registered INI settings"

# the CI workflows are valid GitHub Actions workflows (action-validator,
# from npm; scripts/deps.sh installs it)
mapfile -t workflows < <(git_files -- '.github/workflows/*.yml' '.github/workflows/*.yaml')
((${#workflows[@]})) || fail "no workflow under .github/workflows"
if ! command -v action-validator >/dev/null; then
  say "installing @action-validator/cli with npm"
  { command -v npm >/dev/null || apt-get install -y -q npm; } >&2 && npm install -g --no-fund --no-audit @action-validator/cli >&2 ||
    fail "no action-validator (npm install -g @action-validator/cli failed; scripts/deps.sh installs it)"
fi
for w in "${workflows[@]}"; do
  action-validator "$w" >"$work/workflow.out" 2>&1 || { cat "$work/workflow.out" >&2; fail "$w is not a valid workflow (action-validator)"; }
done
say "ok: ${#workflows[@]} workflow(s) valid (action-validator): ${workflows[*]}"

# every figure the README and docs/ quote is what its result file gives
"$ROOT/scripts/readme-figures.sh" --check >"$work/figures.out" 2>&1 || { cat "$work/figures.out" >&2; fail "README figures (scripts/readme-figures.sh --check)"; }
say "ok: $(tail -n 1 "$work/figures.out")"
# the version in every place that names it (scripts/check-versions.sh)
"$ROOT/scripts/check-versions.sh" >"$work/versions.out" 2>&1 || { cat "$work/versions.out" >&2; fail "versions (scripts/check-versions.sh)"; }
grep -v ': ok: ' "$work/versions.out" >&2 || true
say "ok: scripts/check-versions.sh: $(grep -c ': ok: ' "$work/versions.out") checks"

# --- 3. package.xml contents against git ---------------------------------------
expected_contents >"$work/expected"
sort -k2 "$work/listed" >"$work/listed.sorted"
bad=0
# every listed file exists
while read -r role path; do
  [[ -f $SC_SRC/$path ]] || { echo "check-package: package.xml lists $path, which does not exist" >&2; bad=1; }
done <"$work/listed.sorted"
# every expected file is listed, with the expected role
while read -r role path; do
  got=$(awk -v p="$path" '$2 == p {print $1; exit}' "$work/listed.sorted")
  if [[ -z $got ]]; then
    if [[ $role == test ]]; then
      echo "check-package: warning: package.xml does not list $path (add: <file name=\"$path\" role=\"test\"/>)" >&2
    else
      echo "check-package: package.xml does not list $path (add: <file name=\"$path\" role=\"$role\"/>)" >&2; bad=1
    fi
  elif [[ $got != "$role" ]]; then
    echo "check-package: package.xml gives $path role=\"$got\", expected role=\"$role\"" >&2; bad=1
  fi
done <"$work/expected"
((bad == 0)) || fail "package.xml <contents> drifted from the tree (scripts/check-package.sh --print-contents prints the list)"
say "ok: package.xml lists $(wc -l <"$work/listed.sorted") files; every source, header and build recipe git knows is among them"
SC_SRC=$SC_SRC "$ROOT/scripts/check-sources.sh" >"$work/sources.out" 2>&1 ||
  { cat "$work/sources.out" >&2; fail "config.m4's source lists drifted from the tree (scripts/check-sources.sh)"; }
say "ok: $(sed 's/^check-sources: ok: //' "$work/sources.out")"

# --- 4. pecl package-validate, pecl package ----------------------------------------
# pecl warns 'Release Date "D" is not today' on every day but the release's:
# a check that fails on the calendar would fail every run after the date. So
# the release date is checked for form here (a real YYYY-MM-DD day, and a
# release time, if any, as HH:MM:SS), and pecl validates and packages a copy
# of the tree whose package.xml carries today's date: every other warning
# still fails. The copy holds exactly the files package.xml lists.
reldate=$(sed -n 's:^ *<date>\(.*\)</date> *$:\1:p' package.xml | head -n 1)
[[ $reldate =~ ^([0-9]{4})-([0-9]{2})-([0-9]{2})$ ]] &&
  date -u -d "$reldate" +%F 2>/dev/null | grep -qx "$reldate" ||
  fail "package.xml <date> \"$reldate\" is not a calendar date YYYY-MM-DD"
reltime=$(sed -n 's:^ *<time>\(.*\)</time> *$:\1:p' package.xml | head -n 1)
[[ -z $reltime || $reltime =~ ^([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]$ ]] ||
  fail "package.xml <time> \"$reltime\" is not HH:MM:SS"
say "ok: release date $reldate${reltime:+ $reltime} is well-formed (pecl checks a copy dated today)"
ptree=$work/tree
mkdir -p "$ptree"
awk '{print $2}' "$work/listed.sorted" | tar -cf - -T - | tar -xf - -C "$ptree"
sed -e "s:<date>$reldate</date>:<date>$(date +%F)</date>:" \
    -e '/^ *<time>.*<\/time> *$/d' package.xml >"$ptree/package.xml"
# pecl writes the tgz into the current directory: run it from the temp dir.
(cd "$work" && pecl package-validate "$ptree/package.xml") >"$work/validate.log" 2>&1 ||
  { cat "$work/validate.log" >&2; fail "pecl package-validate"; }
grep -q 'Validation: 0 error(s), 0 warning(s)' "$work/validate.log" ||
  { cat "$work/validate.log" >&2; fail "pecl package-validate reported errors or warnings"; }
say "ok: pecl package-validate: $(grep -o 'Validation: .*' "$work/validate.log")"
(cd "$work" && pecl package "$ptree/package.xml") >"$work/package.log" 2>&1 ||
  { cat "$work/package.log" >&2; fail "pecl package"; }
version=$(sed -n 's/^#define[[:space:]]*PHP_STATCACHE_VERSION[[:space:]]*"\(.*\)"/\1/p' "$SC_SRC/php_statcache.h")
tgz=$work/statcache-$version.tgz
[[ -f $tgz ]] || { cat "$work/package.log" >&2; fail "pecl package made no $(basename "$tgz")"; }
if grep -i 'warning' "$work/package.log" >&2; then fail "pecl package warned"; fi
say "ok: pecl package: $(basename "$tgz") ($(stat -c %s "$tgz") bytes, $(tar -tzf "$tgz" | wc -l) entries)"

# --- 5. build from the tgz alone ------------------------------------------------
mkdir "$work/unpacked"
tar -xzf "$tgz" -C "$work/unpacked"
b=$work/unpacked/statcache-$version
[[ -f $work/unpacked/package.xml && -f $b/config.m4 ]] || fail "the tgz has no package.xml or statcache-$version/config.m4"
phpize=$(dirname "$PHP_CONFIG")/phpize8.2; [[ -x $phpize ]] || phpize=$(dirname "$PHP_CONFIG")/phpize
[[ -x $phpize ]] || phpize=$(command -v phpize8.2 || command -v phpize)
php_bin=$("$PHP_CONFIG" --php-binary)
(
  cd "$b"
  "$phpize"
  ./configure --with-php-config="$PHP_CONFIG"   # no option: as PIE / pecl / docker-php-ext-install
  make -j"$JOBS"
) >"$work/build.log" 2>&1 || { tail -n 40 "$work/build.log" >&2; fail "build from the pecl tgz (phpize, configure, make)"; }
[[ -f $b/modules/statcache.so ]] || fail "no modules/statcache.so after building from the tgz"
got=$("$php_bin" -n -d "extension=$b/modules/statcache.so" -r 'echo phpversion("statcache");') ||
  fail "the module built from the tgz does not load"
[[ $got == "$version" ]] || fail "the module built from the tgz reports version '$got', not $version"
say "ok: built from the tgz alone (phpize, configure, make): modules/statcache.so loads, version $got"
# phpize's own `make test` (extension_dir=modules + bare name), on the tests
# that need nothing but the module: proves the tgz's tests and includes work.
tdirs=()
for d in tests/module tests/package; do [[ -d $b/$d ]] && tdirs+=("$d"); done
if ((${#tdirs[@]})); then
  (cd "$b" && make test TESTS="${tdirs[*]} -q --no-color --no-progress --show-diff" NO_INTERACTION=1) >"$work/test.log" 2>&1 || true
  passed=$(grep -cE '^PASS ' "$work/test.log" || true)
  failed=$(grep -cE '^(FAIL|BORK|LEAK|WARN|SKIP) ' "$work/test.log" || true)
  if ((failed > 0 || passed == 0)); then
    grep -E '^(FAIL|BORK|LEAK|WARN|SKIP) ' "$work/test.log" >&2 || tail -n 30 "$work/test.log" >&2
    fail "make test (${tdirs[*]}) in the tgz build: $passed passed, $failed not passed"
  fi
  say "ok: make test ${tdirs[*]} in the tgz build: $passed passed"
fi
say "all checks passed"
