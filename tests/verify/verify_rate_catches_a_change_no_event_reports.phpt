--TEST--
verify: with statcache.verify_rate=1 a hit that no event could correct (a write through a shared mapping by another process: the kernel moves the file's mtime and tells no watch) is counted, logged and answered fresh
--SKIPIF--
<?php
if (trim((string) shell_exec('command -v python3 2>/dev/null')) === '') die('skip python3 (the mapping writer) is not installed');
?>
--INI--
statcache.first_look=0
statcache.enable_cli=1
statcache.verify_rate=1
error_log=
log_errors=1
--FILE--
<?php
umask(022); // the modes printed below are 0644 whatever the user's umask (002 where each user has a group of their own)
$d = sys_get_temp_dir() . '/sc_verify_' . getmypid();
mkdir($d, 0755, true);
file_put_contents("$d/one.php", "x");
touch("$d/one.php", 978307200);
var_dump(filemtime("$d/one.php"));
is_dir('/'); /* PHP's own one-entry stat cache: point it elsewhere */
var_dump(filemtime("$d/one.php"));

/* Another process writes the file through a shared mapping: the kernel
 * moves its mtime when the page is first written, and raises no event. */
$p = proc_open(['python3', '-c', 'import mmap, sys
with open(sys.argv[1], "r+b") as f:
    m = mmap.mmap(f.fileno(), 0)
    m[0:1] = b"y"
    m.flush()
    m.close()
print("done", flush=True)
sys.stdin.read()', "$d/one.php"], [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
echo trim(fgets($pipes[1])), "\n";

is_dir('/');
clearstatcache(true); /* drains: still nothing about one.php */
is_dir('/');
var_dump(filemtime("$d/one.php") > 978307200); /* verified: fresh */
$s = statcache_stats();
var_dump($s['verify_checks'] >= 2, $s['verify_mismatches'], $s['verify_stale']);
fclose($pipes[0]);
proc_close($p);
?>
--CLEAN--
<?php
$d = sys_get_temp_dir() . '/sc_verify_' . getmypid();
foreach (glob(sys_get_temp_dir() . '/sc_verify_*') as $d) {
    @unlink("$d/one.php"); @rmdir($d);
}
?>
--EXPECTF--
int(978307200)
int(978307200)
done
statcache: verify mismatch for %s/one.php: cached found size=1 mtime=978307200 mode=100644, kernel found size=1 mtime=%d mode=100644
bool(true)
bool(true)
int(1)
int(0)
