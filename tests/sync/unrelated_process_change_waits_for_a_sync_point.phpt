--TEST--
sync (control): with the watcher silenced, an unrelated process's change is not seen until a sync point, then at once
--DESCRIPTION--
statcache.test_watcher=0 makes the watcher thread never flag events and
max_staleness_ms=0 turns off draining by age: only sync points apply queued
events.  A process that says "done" through a pipe, not waited for, is no
sync point: its touch stays unseen.  Then an unrelated write of this
process (a sync point) applies it, and, for a second change, so does
proc_close().  This proves the switch the other sync tests rely on.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.watcher=thread
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/sync_common.inc';
$d = sc_tmpdir('sync-control');
$s = sync_spellings($d, 'x');
var_dump(sync_cache($s));

$p = proc_open(['sh', '-c', 'touch "$0"; echo done', "$d/x"], [1 => ['pipe', 'w']], $pipes);
echo trim(fgets($pipes[1])), "\n";
sync_show($s, 'file_exists');                 // stale on purpose
sync_show($s, 'is_readable');
/* the kernel did queue it: the watcher woke (it only counts, with
 * test_watcher=0); it may take a moment to be scheduled, so wait for it */
for ($i = 0; $i < 2000 && statcache_stats()['watcher_wakeups'] == 0; $i++) {
    usleep(1000);
}
var_dump(statcache_stats()['watcher_wakeups'] > 0);
file_put_contents("$d/unrelated", '1');       // a sync point
sync_show($s, 'file_exists');
fclose($pipes[1]);
var_dump(proc_close($p));

echo "-- proc_close\n";
var_dump(sync_cache($s, 'is_file'));
$p = proc_open(['sh', '-c', 'rm "$0"; echo done', "$d/x"], [1 => ['pipe', 'w']], $pipes);
echo trim(fgets($pipes[1])), "\n";
sync_show($s, 'file_exists');                 // stale on purpose
fclose($pipes[1]);
var_dump(proc_close($p));                     // a wait: a sync point
sync_show($s, 'file_exists');
?>
--EXPECT--
bool(true)
done
bool(false)
bool(false)
bool(true)
bool(true)
int(0)
-- proc_close
bool(true)
done
bool(true)
int(0)
bool(false)
