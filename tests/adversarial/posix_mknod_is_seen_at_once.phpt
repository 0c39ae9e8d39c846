--TEST--
adversarial: the node posix_mknod() makes (a FIFO; a character device when root) is seen at once, as posix_mkfifo()'s is
--DESCRIPTION--
posix_mknod() writes a directory entry with mknod(2), no stream: a sync
point (posix is hooked when present, also when loaded after statcache).
The watcher is off in the child PHP.
--SKIPIF--
<?php
require __DIR__ . '/../include/adversarial_sync.inc';
if (adv_child_php([['posix_mknod', 'posix']]) === null) {
    die('skip the posix extension is not installed');
}
?>
--FILE--
<?php
require __DIR__ . '/../include/adversarial_sync.inc';
$d = sc_tmpdir('adv-mknod');
$child = <<<'PHP'
<?php
require $argv[1];
$d = $argv[2];
adv_cache("$d/fifo", "$d/null", "$d/mkfifo");
var_dump(posix_mknod("$d/fifo", POSIX_S_IFIFO | 0600));
adv_check('posix_mknod() FIFO', "$d/fifo", 'fifo');
if (posix_geteuid() === 0) {
    $ok = posix_mknod("$d/null", POSIX_S_IFCHR | 0600, 1, 3);
    adv_check('posix_mknod() character device', "$d/null", $ok ? 'char' : 'none');
} else {
    echo "posix_mknod() character device: needs root\n";
}
var_dump(posix_mkfifo("$d/mkfifo", 0600));
adv_check('posix_mkfifo()', "$d/mkfifo", 'fifo');
PHP;
file_put_contents("$d/child.php", $child);
$cmd = adv_child_php([['posix_mknod', 'posix']]);
[$rc, $out, $err] = sc_run(array_merge($cmd, ["$d/child.php", __DIR__ . '/../include/adversarial_sync.inc', $d]));
echo $out, $err;
?>
--EXPECTREGEX--
^bool\(true\)
posix_mknod\(\) FIFO: same
posix_mknod\(\) character device: (same|needs root)
bool\(true\)
posix_mkfifo\(\): same$
