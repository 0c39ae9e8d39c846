--TEST--
adversarial: another process links a cached file into a directory no cached path goes through, then chmods, chowns, touches, appends to and truncates it through that name and removes it: each change (the link count too) shows once the staleness bound has passed
--DESCRIPTION--
link() and a change through the new name reach the watch of the directory
holding the new name (none here) and the file's own watch, never the
watch of the cached name's directory.  The other process
(tests/include/other_writer.py) is not waited for; the watcher thread is
kept quiet and the bound is 5 ms, so the first lookup past it drains.
Each answer through the absolute name (the cache) is compared with the
same call on the relative name (a fresh syscall).  As an ordinary user the
chown gives the file to its owner again (which still moves its ctime).
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
require __DIR__ . '/../include/links_common.inc';
if ($why = links_missing()) die("skip $why");
?>
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=5
realpath_cache_size=0
--FILE--
<?php
require __DIR__ . '/../include/links_common.inc';
$d = sc_tmpdir('unwatched-link');
mkdir("$d/app");
mkdir("$d/elsewhere");                // never looked at: not watched
chdir($d);
file_put_contents("$d/app/config.php", '<?php return 1;');
file_put_contents("$d/app/other.php", '<?php return 2;');
$files = ['app/config.php', 'app/other.php'];
echo "cached: ", links_cache($files) ? 'yes' : 'no', "\n";

$w = links_writer();
$root = sc_euid() === 0;
[$uid, $gid] = $root ? [65534, 65534] : [fileowner('.'), filegroup('.')];
$g = "$d/elsewhere/g";
$steps = [
    'link made' => ['link', "$d/app/config.php", $g],
    'chmod through it' => ['pchmod', $g, (string) 0600],
    'chown through it' => ['pchown', $g, (string) $uid, (string) $gid],
    'touch through it' => ['touch', $g, '1000000000'],
    'append through it' => ['append', $g, ' // more'],
    'truncate through it' => ['ptruncate', $g, '5'],
    'link removed' => ['unlink', $g],
    'a second link' => ['link', "$d/app/config.php", $g],
    'chmod through it again' => ['pchmod', $g, (string) 0640],
];
$wrong = 0;
foreach ($steps as $what => $cmd) {
    links_do($w, ...$cmd);
    $wrong += links_check($what, $files);
    links_cache($files);
}
echo "wrong in all: $wrong\n";
links_end($w);
?>
--EXPECT--
cached: yes
link made: 30 answers, wrong past the bound: 0
chmod through it: 30 answers, wrong past the bound: 0
chown through it: 30 answers, wrong past the bound: 0
touch through it: 30 answers, wrong past the bound: 0
append through it: 30 answers, wrong past the bound: 0
truncate through it: 30 answers, wrong past the bound: 0
link removed: 30 answers, wrong past the bound: 0
a second link: 30 answers, wrong past the bound: 0
chmod through it again: 30 answers, wrong past the bound: 0
wrong in all: 0
