--TEST--
symlinks: a deploy swap made from PHP (symlink() + rename() over `current`) makes every result under current/ answer for release 2 at once
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
The watcher is silenced: only the sync points of symlink() and rename() can
make the swap visible. PHP's realpath cache is off as in
tests/invalidation/deploy_symlink_swap_is_seen.phpt (a ZTS build resolves
every path through it, with or without statcache).
--FILE--
<?php
require __DIR__ . '/swap.inc';
$d = sc_swap_tree('links-swap-php');
sc_swap_warm($d);

var_dump(symlink('releases/2', "$d/current.tmp"), rename("$d/current.tmp", "$d/current"));
sc_swap_check($d, sc_swap_show($d));
?>
--EXPECT--
before: as PHP, release 1, answered from the cache
bool(true)
bool(true)
after: as PHP
release 2
