--TEST--
sync: lchown() and lchgrp() of a symlink are seen at once in lstat(), under every spelling
--DESCRIPTION--
lchown() and lchgrp() are function intercepts: sync points.  A symlink as
the last component is cached for lstat().  Each answer, taken right after
the sync point, is compared with the kernel's (stat(1) run afterwards; a
wait, hence a sync point, so it comes last): PHP's ZTS builds change the
target instead of the link (virtual_chown() resolves the path first), and
either way the answers must be the kernel's.  Needs root.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php require __DIR__ . '/../include/common.inc'; if (sc_euid() !== 0) die('skip needs root'); ?>
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/sync_common.inc';
$d = sc_tmpdir('sync-lchown');
$s = sync_spellings($d, 'l');
file_put_contents("$d/f", 'x');
symlink("$d/f", "$d/l");
$owner = function ($p) use ($d) {
    sc_forget_php_stat();
    $st = lstat($p);
    sc_forget_php_stat();
    return sprintf('%d:%d %d:%d', $st['uid'], $st['gid'], fileowner("$d/f"), filegroup("$d/f"));
};
$kernel = fn () => implode(' ', array_map('trim', [
    shell_exec(sprintf('stat -c %%u:%%g %s', escapeshellarg("$d/l"))),
    shell_exec(sprintf('stat -L -c %%u:%%g %s', escapeshellarg("$d/l"))),
]));
$lowner = fn ($p) => lstat($p)['uid'];
$lgroup = fn ($p) => lstat($p)['gid'];

sync_rounds($s, function (string $how, string $w) use ($s, $owner, $kernel, $lowner, $lgroup, $d) {
    lchown("$d/l", 0);
    lchgrp("$d/l", 0);
    chown("$d/f", 0);
    chgrp("$d/f", 0);
    var_dump(sync_cache($s, $lowner), sync_cache($s, $lgroup));
    var_dump(lchown($w, 4242));
    $seen = array_map($owner, sync_rotate($s, $how));
    var_dump(array_unique($seen) === [$how => $kernel()]);
    var_dump(sync_cache($s, $lowner), sync_cache($s, $lgroup));
    var_dump(lchgrp($w, 4343));
    $seen = array_map($owner, sync_rotate($s, $how));
    var_dump(array_unique($seen) === [$how => $kernel()]);
});
?>
--EXPECT--
-- through plain
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- through dot: the same
-- through slashes: the same
-- through dotdot: the same
