--TEST--
adversarial: a device node (root: mknod) another process gives a second name (in the same watched directory, then in one nothing watches) and chmods or chowns through it shows each change, the link count too, once the staleness bound has passed
--DESCRIPTION--
A chmod through the other name reaches the watch of that name's directory
under that name, and the inode's own watch; the cached name's slot hears
nothing.  The other process (tests/include/other_writer.py) makes the
node (a character device with /dev/null's numbers, never opened) and is
not waited for; the watcher thread is kept quiet and the bound is 5 ms,
so the first lookup past it drains.  Each answer through the absolute
name (the cache) is compared with the same call on the relative name (a
fresh syscall).  The FIFO and socket test does the same as any user.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
require __DIR__ . '/../include/links_common.inc';
if ($why = links_missing()) die("skip $why");
if (sc_euid() !== 0) die('skip needs root to make a device node (mknod)');
?>
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=5
realpath_cache_size=0
--FILE--
<?php
require __DIR__ . '/../include/links_common.inc';
$d = sc_tmpdir('device-links');
mkdir("$d/run");                      // not /dev: a directory of the test's own
mkdir("$d/elsewhere");                // never looked at: not watched
chdir($d);
$w = links_writer();
links_do($w, 'mknod', "$d/run/device", (string) 0644);
echo "device: ", filetype("$d/run/device"), ", cached: ", links_cache(['run/device']) ? 'yes' : 'no', "\n";
$steps = [
    'second name in run/' => ['link', "$d/run/device", "$d/run/device-2"],
    'chmod through it' => ['pchmod', "$d/run/device-2", (string) 0600],
    'chown through it' => ['pchown', "$d/run/device-2", '65534', '65534'],
    'third name elsewhere' => ['link', "$d/run/device", "$d/elsewhere/device-3"],
    'chmod through that' => ['pchmod', "$d/elsewhere/device-3", (string) 0640],
    'second name removed' => ['unlink', "$d/run/device-2"],
    'third name removed' => ['unlink', "$d/elsewhere/device-3"],
];
foreach ($steps as $what => $cmd) {
    links_do($w, ...$cmd);
    links_check("  $what", ['run/device']);
    links_cache(['run/device']);
}
links_end($w);
?>
--EXPECT--
device: char, cached: yes
  second name in run/: 15 answers, wrong past the bound: 0
  chmod through it: 15 answers, wrong past the bound: 0
  chown through it: 15 answers, wrong past the bound: 0
  third name elsewhere: 15 answers, wrong past the bound: 0
  chmod through that: 15 answers, wrong past the bound: 0
  second name removed: 15 answers, wrong past the bound: 0
  third name removed: 15 answers, wrong past the bound: 0
