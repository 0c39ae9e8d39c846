--TEST--
listings: scandir, opendir/readdir/rewinddir, dir(), the SPL directory iterators and glob() (every flag) answer as PHP does, repeated and after each own write (create, delete, rename, mkdir, rmdir, chmod, touch, symlink)
--DESCRIPTION--
With the watcher silenced (test_watcher=0, max_staleness_ms=0) only sync
points apply queued events: each own write must be seen at once by the
remembered listings.  Each state is compared call by call with a fresh
`php -n`, after the cached calls (its proc_close is a sync point).
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
$d = sc_tmpdir('listings-own');
ls_fixture($d);

ls_compare('first', $d);
$h = ls_hits();
ls_compare('again', $d);
echo 'served from listings: ', ls_hits() > $h ? 'yes' : 'no', "\n";

$steps = [
    'file_put_contents new' => fn () => file_put_contents("$d/new.php", 'n'),
    'fopen x in sub' => fn () => fclose(fopen("$d/sub/x.php", 'x')),
    'unlink' => fn () => unlink("$d/b.php"),
    'rename within' => fn () => rename("$d/a.php", "$d/z.php"),
    'rename across' => fn () => rename("$d/z.php", "$d/sub/z.php"),
    'mkdir' => fn () => mkdir("$d/newdir"),
    'mkdir recursive' => fn () => mkdir("$d/newdir/a/b", 0755, true),
    'rmdir' => fn () => rmdir("$d/newdir/a/b"),
    'touch' => fn () => touch("$d/lang/plugin-it_IT.mo"),
    'chmod dir 0' => fn () => chmod("$d/sub/deeper", 0),
    'chmod dir back' => fn () => chmod("$d/sub/deeper", 0755),
    'chmod file' => fn () => chmod("$d/c.txt", 0600),
    'symlink' => fn () => symlink('lang', "$d/link-lang"),
    'copy' => fn () => copy("$d/c.txt", "$d/lang/copied.mo"),
    'tempnam' => fn () => tempnam("$d/sub", 'tmp'),
    'rename dir over' => fn () => rename("$d/newdir", "$d/lang2"),
];
foreach ($steps as $what => $write) {
    $write();
    ls_compare($what, $d);
}
?>
--EXPECTF--
first: %d calls, identical
again: %d calls, identical
served from listings: yes
file_put_contents new: %d calls, identical
fopen x in sub: %d calls, identical
unlink: %d calls, identical
rename within: %d calls, identical
rename across: %d calls, identical
mkdir: %d calls, identical
mkdir recursive: %d calls, identical
rmdir: %d calls, identical
touch: %d calls, identical
chmod dir 0: %d calls, identical
chmod dir back: %d calls, identical
chmod file: %d calls, identical
symlink: %d calls, identical
copy: %d calls, identical
tempnam: %d calls, identical
rename dir over: %d calls, identical
