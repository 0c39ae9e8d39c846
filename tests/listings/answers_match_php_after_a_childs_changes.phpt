--TEST--
listings: a child's creates, deletes, renames and chmods are seen by the remembered listings once the child is waited for (exec, system, shell_exec, proc_close)
--DESCRIPTION--
With the watcher silenced only sync points apply queued events; waiting
for a child is one.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/listing_common.inc';
$d = sc_tmpdir('listings-child');
ls_fixture($d);
ls_compare('first', $d);
$h = ls_hits();
ls_compare('again', $d);
echo 'served from listings: ', ls_hits() > $h ? 'yes' : 'no', "\n";

$q = escapeshellarg($d);
exec("touch $q/child-new.php $q/sub/child.php");
ls_compare('exec touch', $d);
system("rm $q/c.txt; mkdir $q/child-dir");
ls_compare('system rm + mkdir', $d);
shell_exec("mv $q/b.php $q/lang/b.php");
ls_compare('shell_exec mv', $d);
$p = proc_open(['chmod', '000', "$d/lang"], [], $pipes);
proc_close($p);
ls_compare('proc_close chmod 000', $d);
$p = proc_open(['sh', '-c', 'chmod 755 "$0" && rmdir "$1"', "$d/lang", "$d/child-dir"], [], $pipes);
proc_close($p);
ls_compare('proc_close chmod 755 + rmdir', $d);
?>
--EXPECTF--
first: %d calls, identical
again: %d calls, identical
served from listings: yes
exec touch: %d calls, identical
system rm + mkdir: %d calls, identical
shell_exec mv: %d calls, identical
proc_close chmod 000: %d calls, identical
proc_close chmod 755 + rmdir: %d calls, identical
