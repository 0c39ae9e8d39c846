--TEST--
security: after posix_seteuid() and posix_setuid() the cached answers are PHP's own (access() answers for the real ids, lstat() for the effective ones)
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
require __DIR__ . '/../include/common.inc';
if (!function_exists('posix_setuid') && sc_shared_ext('posix') === null) die('skip no posix extension');
if (sc_uids()[0] !== 0) die('skip needs root to change uid');
?>
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
sc_with_posix(__FILE__, ['statcache.enable_cli' => 1, 'statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0]);
$d = sys_get_temp_dir() . '/sc_cred_' . getmypid();
mkdir($d, 0755);
file_put_contents("$d/secret", "x");
chmod("$d/secret", 0600);        /* root only */
mkdir("$d/private", 0700);       /* root only */
file_put_contents("$d/private/f", "x");
chdir($d);

/* The same questions on absolute paths (cached) and on relative spellings
 * (never cached: PHP's own answer, which differs between NTS and ZTS builds
 * when the effective uid is not the real one).  is_dir('/') first: PHP's own
 * one-entry stat cache must not answer is_file(). */
function answers(string $p): array {
    return [is_readable("{$p}secret"), is_writable("{$p}secret"), file_exists("{$p}private/f"),
        is_dir('/') && is_file("{$p}private/f")];
}
function check(string $phase, string $d): void {
    $cached = answers("$d/");
    $fresh = answers('');
    echo str_pad("$phase:", 10), json_encode($cached), $cached === $fresh ? " same as PHP\n" : " PHP says " . json_encode($fresh) . "\n";
}
check('root', $d);
$hits = statcache_stats()['hits'];
answers("$d/");
echo "cached:   "; var_dump(statcache_stats()['hits'] > $hits);

posix_seteuid(65534);
check('seteuid', $d);
posix_seteuid(0);
check('back', $d);

posix_setuid(65534);
check('setuid', $d);
echo "ids:      ", posix_getuid(), " ", posix_geteuid(), "\n";
?>
--CLEAN--
<?php
foreach (glob(sys_get_temp_dir() . '/sc_cred_*') as $d) {
    @unlink("$d/secret"); @unlink("$d/private/f"); @rmdir("$d/private"); @rmdir($d);
}
?>
--EXPECTF--
root:     [true,true,true,true] same as PHP
cached:   bool(true)
seteuid:  [true,true,%s,false] same as PHP
back:     [true,true,true,true] same as PHP
setuid:   [false,false,false,false] same as PHP
ids:      65534 65534
