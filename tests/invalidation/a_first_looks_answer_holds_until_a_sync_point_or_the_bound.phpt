--TEST--
invalidation: a name's first looks (one statx() each, nothing watched) hold until the next drain: this process's own change is seen at once, another process's within the bound, names below a missing directory follow it, and the answers are PHP's
--CONFLICTS--
# times the staleness bound: load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.max_staleness_ms=50
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('firstlook');

function show(string $what, $v): void { echo $what, ": ", var_export($v, true), "\n"; }

// first looks, then this process's own change: seen at once
show('f before', file_exists("$d/f.php"));
file_put_contents("$d/f.php", 'x');
clearstatcache();
show('f after own write', [file_exists("$d/f.php"), filesize("$d/f.php")]);
unlink("$d/f.php");
show('f after own unlink', file_exists("$d/f.php"));

// another process's change, not waited for: seen within the bound
show('g before', file_exists("$d/g.php"));
$p = proc_open(['sh', '-c', 'sleep 0.2; printf abc > "$0"; echo done', "$d/g.php"], [1 => ['pipe', 'w']], $pipes);
show('g while the writer sleeps', file_exists("$d/g.php"));
show('writer', trim((string) fgets($pipes[1])));
usleep(150 * 1000); // three times the bound
clearstatcache();
show('g past the bound', [file_exists("$d/g.php"), @filesize("$d/g.php")]);
proc_close($p);

// below a missing directory: answered from it, and made by this process
show('below a missing directory', [file_exists("$d/no/a/b.php"), is_file("$d/no/a/c.php"), is_dir("$d/no/a")]);
mkdir("$d/no/a", 0755, true);
touch("$d/no/a/c.php");
show('made', [file_exists("$d/no/a/b.php"), is_file("$d/no/a/c.php"), is_dir("$d/no/a")]);
// below a file: as PHP says (ENOTDIR), warnings included
show('below a file', [file_exists("$d/no/a/c.php/x"), @filemtime("$d/no/a/c.php/x")]);
filemtime("$d/no/a/c.php/x");

$s = statcache_stats();
echo "answered by statcache: ", $s['misses'] + $s['hits'] > 0 ? 'yes' : 'no', "\n";
?>
--EXPECTF--
f before: false
f after own write: array (
  0 => true,
  1 => 1,
)
f after own unlink: false
g before: false
g while the writer sleeps: false
writer: 'done'
g past the bound: array (
  0 => true,
  1 => 3,
)
below a missing directory: array (
  0 => false,
  1 => false,
  2 => false,
)
made: array (
  0 => false,
  1 => true,
  2 => true,
)
below a file: array (
  0 => false,
  1 => false,
)

Warning: filemtime(): stat failed for %s/no/a/c.php/x in %s on line %d
answered by statcache: yes
