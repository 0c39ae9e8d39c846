--TEST--
trust: a proc file system mounted inside a trusted tmpfs directory, before and after its parent was cached (by a child we wait for): the trusted parent is cached, the mount below is re-checked and left to PHP
--SKIPIF--
<?php
require __DIR__ . '/../include/trust_common.inc';
if ($why = trust_mount_ns_missing()) die("skip $why");
?>
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

function count_lookups(array $paths): array
{
    $s = trust_stats();
    trust_records($paths);
    $f = trust_delta($s, trust_stats(), ['hits', 'misses', 'untrusted']);
    return array_map(fn ($n) => $n > 0 ? 'some' : 'none', $f);
}

if (($argv[1] ?? '') === 'inner') {
    $d = $argv[2];
    $t = "$d/t";
    trust_sh('mount -t tmpfs -o mode=0755 none ' . trust_q($t) . ' && mkdir ' . trust_q("$t/p") . ' ' . trust_q("$t/q")
        . ' && echo file > ' . trust_q("$t/q/x") . ' && echo top > ' . trust_q("$t/top"));
    /* p: proc mounted before anything was looked up */
    trust_sh('mount -t proc proc ' . trust_q("$t/p"));
    $trusted = [$t, "$t/top", "$t/q", "$t/q/x", "$t/missing"];
    $below_p = ["$t/p", "$t/p/meminfo", "$t/p/sys/kernel/ostype", "$t/p/nonexistent"];
    trust_show('trusted', $trusted, $d);
    /* the nlink of a proc root counts processes: it changes from one to the next */
    trust_show('proc at p', $below_p, $d, [], [], ["$t/p" => ['stat', 'lstat']]);
    echo "trusted again: ", json_encode(count_lookups($trusted)), "\n";
    echo "proc again:    ", json_encode(count_lookups($below_p)), "\n";

    /* q: its contents cached above; now proc is mounted over it */
    trust_sh('mount -t proc proc ' . trust_q("$t/q"));
    $below_q = ["$t/q", "$t/q/x", "$t/q/meminfo", "$t/q/sys/kernel/ostype"];
    trust_show('proc at q', $below_q, $d, [], [], ["$t/q" => ['stat', 'lstat']]);
    echo "proc at q again: ", json_encode(count_lookups($below_q)), "\n";
    $still = [$t, "$t/top", "$t/missing"];
    trust_records($still);
    echo "trusted still:   ", json_encode(count_lookups($still)), "\n";

    /* and gone again: q is cached as a trusted directory once more */
    trust_sh('umount ' . trust_q("$t/q"));
    trust_show('q unmounted', $below_q, $d);
    trust_records($below_q);
    echo "q again: ", json_encode(count_lookups($below_q)), "\n";
    exit(0);
}

$d = sc_tmpdir('proc-below');
mkdir("$d/t");
trust_ns_run(__FILE__, ['statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0], ['inner', $d]);
?>
--EXPECTF--
trusted: t=dir rwx, t/top=file rw- 4, t/q=dir rwx, t/q/x=file rw- 5, t/missing=missing [6 warnings]
  php -n: same
proc at p: t/p=dir rwx, t/p/meminfo=file rw- 0, t/p/sys/kernel/ostype=file r-- 0, t/p/nonexistent=missing [6 warnings]
  php -n: same
trusted again: {"hits":"some","misses":"none","untrusted":"none"}
proc again:    {"hits":"none","misses":"none","untrusted":"some"}
proc at q: t/q=dir rwx, t/q/x=missing [6 warnings], t/q/meminfo=file rw- 0, t/q/sys/kernel/ostype=file r-- 0
  php -n: same
proc at q again: {"hits":"none","misses":"none","untrusted":"some"}
trusted still:   {"hits":"some","misses":"none","untrusted":"none"}
q unmounted: t/q=dir rwx, t/q/x=file rw- 5, t/q/meminfo=missing [6 warnings], t/q/sys/kernel/ostype=missing [6 warnings]
  php -n: same
q again: {"hits":"some","misses":"none","untrusted":"none"}
statcache: %s/t/p is on a file system that raises no events for other machines' changes (proc); paths below it are not cached
