--TEST--
realpath cache: where PHP's realpath cache does not end up holding the whole name (a name the stat cache holds missing, opened for writing; a realpath cache too small to keep anything), an open or include (absolute, or through include_path) whose name another process just changed (a symlink put in place or retargeted, not yet seen by the stat cache) resolves it with PHP's own walk: the same file opened or included, the same answers and realpath cache as PHP without statcache
--DESCRIPTION--
The replay hands its result on only where PHP's own call would take it
from the entry the fill found or wrote for the whole name.  Elsewhere
PHP's walk runs and asks the kernel: an answer of the stat cache that
no sync point has refreshed yet (the writer is a process nobody waited
for, and statcache.test_watcher=0 with max_staleness_ms=0 leaves it
unseen) must not stand in for it.  The writer is a `php -n` child that
changes the tree as it starts and says so on its stdout; the parent only
reads that pipe (no sync point).  Each case runs once with `php -n` and
once with statcache; output and realpath_cache_get() (expiry left out)
must be identical (keys included).
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$script = <<<'PHP'
<?php
[, $d, $case] = $argv;
set_error_handler(function ($no, $m) { echo "  W: $m\n"; return true; });
/* the change, made by a process nobody waits for; done when it says so */
function unseen_change(string $code): void {
    global $child, $pipes;
    $child = proc_open([PHP_BINARY, '-n', '-r', $code . ' echo "done\n";'], [1 => ['pipe', 'w']], $pipes);
    echo '  child: ', fgets($pipes[1]);
}
switch ($case) {
    case 'x-open':
        /* the stat cache learns "new" missing; then it becomes a link */
        var_dump(file_exists("$d/new"), file_exists("$d/target"));
        unseen_change('symlink(' . var_export("$d/target", true) . ', ' . var_export("$d/new", true) . ');');
        $f = fopen("$d/new", 'x');        /* O_EXCL: through the link, PHP creates the target */
        echo '  open: ', $f ? 'opened' : 'failed', "\n";
        break;
    case 'include-retargeted':
        /* the stat cache learns lnk -> a; then lnk -> b */
        echo '  ', include "$d/lnk/f.php", "\n";
        is_file("$d/lnk/f.php");           /* the include's close was a sync point: drained here */
        unseen_change('unlink(' . var_export("$d/lnk", true) . '); symlink("b", ' . var_export("$d/lnk", true) . ');');
        echo '  ', include "$d/lnk/f.php", "\n";
        echo '  ', json_encode(array_slice(get_included_files(), 1), JSON_UNESCAPED_SLASHES), "\n";
        break;
    case 'include-path-retargeted':
        /* the same through include_path: a candidate known missing, then lnk/f.php in $d */
        set_include_path("$d/nothing:$d");
        echo '  ', include 'lnk/f.php', "\n";
        is_file("$d/lnk/f.php");
        unseen_change('unlink(' . var_export("$d/lnk", true) . '); symlink("b", ' . var_export("$d/lnk", true) . ');');
        echo '  ', include 'lnk/f.php', "\n";
        echo '  ', json_encode(array_slice(get_included_files(), 1), JSON_UNESCAPED_SLASHES), "\n";
        break;
}
clearstatcache();
var_dump(file_exists("$d/target"), is_link("$d/new"));
$rc = realpath_cache_get();
ksort($rc);
foreach ($rc as $k => &$b) {
    unset($b['expires']);
}
echo $case, ': ', json_encode($rc, JSON_UNESCAPED_SLASHES), "\n";
PHP;
$cases = ['x-open' => [], 'include-retargeted' => ['realpath_cache_size' => '1'],
    'include-path-retargeted' => ['realpath_cache_size' => '1']];
$base = sc_tmpdir('rp-handoff-stale');
file_put_contents("$base/script.php", $script);
$same = 0;
foreach ($cases as $case => $ini) {
    $outs = [];
    $ext = ['statcache.enable_cli' => 1, 'statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0];
    foreach (['php -n' => sc_php_plain($ini), 'statcache' => sc_php_with_ext($ini + $ext)] as $what => $cmd) {
        $d = "$base/$case";                  /* the same names (and keys) for both */
        if (is_dir($d)) {
            sc_rmtree($d);
        }
        mkdir("$d/a", 0755, true);
        mkdir("$d/b");
        file_put_contents("$d/a/f.php", '<?php return "a";');
        file_put_contents("$d/b/f.php", '<?php return "b";');
        symlink('a', "$d/lnk");
        [$rc, $out, $err] = sc_run(array_merge($cmd, ["$base/script.php", $d, $case]));
        $outs[$what] = "exit $rc\n" . str_replace($d, 'DIR', $out . $err);
    }
    if ($outs['php -n'] === $outs['statcache']) {
        $same++;
    } else {
        echo "DIFFERENT: $case\n--- php -n\n{$outs['php -n']}--- statcache\n{$outs['statcache']}";
    }
    echo $outs['php -n'];
}
echo "$same of ", count($cases), " cases identical\n";
?>
--EXPECTF--
exit 0
bool(false)
bool(false)
  child: done
  open: opened
bool(true)
bool(true)
x-open: {%s}
exit 0
  a
  child: done
  b
  ["DIR/a/f.php","DIR/b/f.php"]
bool(false)
bool(false)
include-retargeted: []
exit 0
  a
  child: done
  b
  ["DIR/a/f.php","DIR/b/f.php"]
bool(false)
bool(false)
include-path-retargeted: []
3 of 3 cases identical
