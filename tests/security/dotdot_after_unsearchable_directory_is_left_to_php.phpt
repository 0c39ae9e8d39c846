--TEST--
security: "dir/../file" where dir may not be searched (no x for this user) fails as the kernel says (EACCES), never answered from the lexical reading "file" (found by tests/diff as a non-root user, seed 11)
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
require __DIR__ . '/../include/common.inc';
if (!function_exists('posix_seteuid') && sc_shared_ext('posix') === null) die('skip no posix extension');
if (sc_uids()[1] !== 0) die('skip needs root to become another user');
exec('command -v setpriv', $o, $rc);
if ($rc !== 0) die('skip setpriv (util-linux) is not installed');
exec('setpriv --reuid=65534 --regid=65534 --clear-groups test -r ' . escapeshellarg(__FILE__), $o, $rc);
if ($rc !== 0) die('skip this test is not readable by nobody (a checkout under /root or a mode-0700 home?)');
?>
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
realpath_cache_size=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
sc_with_posix(__FILE__, ['statcache.enable_cli' => 1, 'statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0,
    'realpath_cache_size' => 0]);
$d = sys_get_temp_dir() . '/statcache-dotdot-perm-' . getmypid();   /* removed by --CLEAN--, as root */
mkdir($d, 0755);
mkdir("$d/locked");
chown("$d/locked", 65534);
chmod("$d/locked", 0600);   /* its owner (nobody) may read it, not search it */
mkdir("$d/open", 0755);
file_put_contents("$d/f", 'data');

/* (PHP's own realpath cache is off: under ZTS it would keep "locked/../f"
 * resolvable after the chmod back, without statcache too) */
/* file_exists() and filesize() twice (a miss, then what the cache kept);
 * the expected answers are what php -n says (locked: EACCES) */
function ask(string $p): array
{
    $r = [];
    foreach ([1, 2] as $pass) {
        sc_forget_php_stat();
        $r[] = file_exists($p);
        sc_forget_php_stat();
        $r[] = @filesize($p);
    }
    return $r;
}
posix_setuid(65534);   /* real and effective: access() and lstat() agree */
foreach (['locked/../f', 'locked/./../f', 'open/../f', 'open/../locked/../f'] as $rel) {
    echo str_pad($rel, 22), json_encode(ask("$d/$rel")), "\n";
}
/* searchable now (a sync point): the same spelling is the file again */
chmod("$d/locked", 0700);
echo str_pad('locked/../f (0700)', 22), json_encode(ask("$d/locked/../f")), "\n";
chmod("$d/locked", 0600);
echo str_pad('locked/../f (0600)', 22), json_encode(ask("$d/locked/../f")), "\n";
?>
--CLEAN--
<?php
foreach (glob(sys_get_temp_dir() . '/statcache-dotdot-perm-*') as $d) {
    exec('chmod -R u+rwx ' . escapeshellarg($d) . '; rm -rf ' . escapeshellarg($d));
}
?>
--EXPECT--
locked/../f           [false,false,false,false]
locked/./../f         [false,false,false,false]
open/../f             [true,4,true,4]
open/../locked/../f   [false,false,false,false]
locked/../f (0700)    [true,4,true,4]
locked/../f (0600)    [false,false,false,false]
