--TEST--
verify: with statcache.verify_rate=1 a hit that no event could correct (a write through a hard link made later by another process) is counted, logged and answered fresh
--INI--
statcache.enable_cli=1
statcache.verify_rate=1
error_log=
log_errors=1
--FILE--
<?php
$d = sys_get_temp_dir() . '/sc_verify_' . getmypid();
mkdir("$d/other", 0755, true);
file_put_contents("$d/one.php", "x");
var_dump(filesize("$d/one.php"));
is_dir('/'); /* PHP's own one-entry stat cache: point it elsewhere */
var_dump(filesize("$d/one.php"));

/* Another process links the file from a directory of its own and writes
 * through the link: the kernel reports that on other/, under the name
 * two.php, and to nobody watching one.php's directory. */
$p = proc_open(['sh', '-c', 'ln "$1/one.php" "$1/other/two.php" && echo more >> "$1/other/two.php" && echo done', 'sh', $d],
    [1 => ['pipe', 'w']], $pipes);
echo trim(fgets($pipes[1])), "\n";

is_dir('/');
clearstatcache(true); /* drains: still nothing about one.php */
is_dir('/');
var_dump(filesize("$d/one.php")); /* verified: fresh, 6 bytes */
$s = statcache_stats();
var_dump($s['verify_checks'] >= 2, $s['verify_mismatches'], $s['verify_stale']);
proc_close($p);
?>
--CLEAN--
<?php
$d = sys_get_temp_dir() . '/sc_verify_' . getmypid();
foreach (glob(sys_get_temp_dir() . '/sc_verify_*') as $d) {
    @unlink("$d/one.php"); @unlink("$d/other/two.php"); @rmdir("$d/other"); @rmdir($d);
}
?>
--EXPECTF--
int(1)
int(1)
done
statcache: verify mismatch for %s/one.php: cached found size=1 mtime=%d mode=100644, kernel found size=6 mtime=%d mode=100644
int(6)
bool(true)
int(1)
int(0)
