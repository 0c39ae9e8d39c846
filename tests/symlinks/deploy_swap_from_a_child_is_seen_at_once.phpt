--TEST--
symlinks: a deploy swap made by a child PHP waited for (ln -s releases/2 current.tmp && mv -T current.tmp current) makes every result under current/ answer for release 2 at once
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
realpath_cache_size=0
--DESCRIPTION--
The watcher is silenced: only the sync point of the wait for the child
(exec) can make the swap visible.
--FILE--
<?php
require __DIR__ . '/swap.inc';
$d = sc_swap_tree('links-swap-child');
sc_swap_warm($d);
exec('cd ' . escapeshellarg($d) . ' && ln -s releases/2 current.tmp && mv -T current.tmp current', $out, $rc);
echo "child exit $rc\n";
sc_swap_check($d, sc_swap_show($d));
?>
--EXPECT--
before: as PHP, release 1, answered from the cache
child exit 0
after: as PHP
release 2
