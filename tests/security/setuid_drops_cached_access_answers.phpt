--TEST--
security: posix_setuid() drops cached access() answers; posix_seteuid() alone leaves them as PHP gives them
--SKIPIF--
<?php
if (!function_exists('posix_setuid')) die('skip posix extension not loaded');
if (posix_getuid() !== 0) die('skip needs root to change uid');
?>
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
$d = sys_get_temp_dir() . '/sc_cred_' . getmypid();
mkdir($d, 0755);
file_put_contents("$d/secret", "x");
chmod("$d/secret", 0600);        /* root only */
mkdir("$d/private", 0700);       /* root only */
file_put_contents("$d/private/f", "x");

/* is_dir('/') first: PHP's own one-entry stat cache must not answer is_file() */
function answers(string $d): array {
    return [is_readable("$d/secret"), is_writable("$d/secret"), file_exists("$d/private/f"),
        is_dir('/') && is_file("$d/private/f")];
}
echo "root:     "; var_dump(answers($d) === [true, true, true, true]);
answers($d);
$hits = statcache_stats()['hits'];
answers($d);
echo "cached:   "; var_dump(statcache_stats()['hits'] > $hits);

/* effective uid only: access() still answers for the real uid (root), lstat()
 * for the effective one (nobody may not search private/) */
posix_seteuid(65534);
echo "seteuid:  "; var_dump(answers($d));
posix_seteuid(0);

/* real and effective uid: nobody may read neither the file nor the directory */
posix_setuid(65534);
echo "setuid:   "; var_dump(answers($d));
echo "posix:    "; var_dump(posix_getuid(), posix_geteuid());
?>
--CLEAN--
<?php
foreach (glob(sys_get_temp_dir() . '/sc_cred_*') as $d) {
    @unlink("$d/secret"); @unlink("$d/private/f"); @rmdir("$d/private"); @rmdir($d);
}
?>
--EXPECT--
root:     bool(true)
cached:   bool(true)
seteuid:  array(4) {
  [0]=>
  bool(true)
  [1]=>
  bool(true)
  [2]=>
  bool(true)
  [3]=>
  bool(false)
}
setuid:   array(4) {
  [0]=>
  bool(false)
  [1]=>
  bool(false)
  [2]=>
  bool(false)
  [3]=>
  bool(false)
}
posix:    int(65534)
int(65534)
