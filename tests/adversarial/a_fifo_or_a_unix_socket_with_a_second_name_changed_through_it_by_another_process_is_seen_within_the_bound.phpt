--TEST--
adversarial: a FIFO and a unix socket file another process gives a second name (in the same watched directory, then in one nothing watches) and chmods or chowns through it show each change, the link count too, once the staleness bound has passed
--DESCRIPTION--
A chmod through the other name reaches the watch of that name's directory
under that name, and the inode's own watch; the cached name's slot hears
nothing.  The other process (tests/include/other_writer.py) makes the
FIFO, binds the socket and is not waited for; the watcher thread is kept
quiet and the bound is 5 ms, so the first lookup past it drains.  Each
answer through the absolute name (the cache) is compared with the same
call on the relative name (a fresh syscall).  No FIFO is opened.
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
$d = sc_tmpdir('special-links');
mkdir("$d/run");
mkdir("$d/elsewhere");                // never looked at: not watched
chdir($d);
$w = links_writer();
$root = sc_euid() === 0;
[$uid, $gid] = $root ? [65534, 65534] : [fileowner('.'), filegroup('.')];

foreach (['fifo' => ['mkfifo', "$d/run/fifo", (string) 0644], 'socket' => ['socket', "$d/run/socket"]] as $kind => $make) {
    links_do($w, ...$make);
    $name = "run/$kind";
    echo "$kind: ", filetype("$d/$name"), ", cached: ", links_cache([$name]) ? 'yes' : 'no', "\n";
    $steps = [
        'second name in run/' => ['link', "$d/$name", "$d/run/$kind-2"],
        'chmod through it' => ['pchmod', "$d/run/$kind-2", (string) 0600],
        'chown through it' => ['pchown', "$d/run/$kind-2", (string) $uid, (string) $gid],
        'third name elsewhere' => ['link', "$d/$name", "$d/elsewhere/$kind-3"],
        'chmod through that' => ['pchmod', "$d/elsewhere/$kind-3", (string) 0640],
        'second name removed' => ['unlink', "$d/run/$kind-2"],
        'third name removed' => ['unlink', "$d/elsewhere/$kind-3"],
    ];
    foreach ($steps as $what => $cmd) {
        links_do($w, ...$cmd);
        links_check("  $what", [$name]);
        links_cache([$name]);
    }
}
links_end($w);
?>
--EXPECT--
fifo: fifo, cached: yes
  second name in run/: 15 answers, wrong past the bound: 0
  chmod through it: 15 answers, wrong past the bound: 0
  chown through it: 15 answers, wrong past the bound: 0
  third name elsewhere: 15 answers, wrong past the bound: 0
  chmod through that: 15 answers, wrong past the bound: 0
  second name removed: 15 answers, wrong past the bound: 0
  third name removed: 15 answers, wrong past the bound: 0
socket: socket, cached: yes
  second name in run/: 15 answers, wrong past the bound: 0
  chmod through it: 15 answers, wrong past the bound: 0
  chown through it: 15 answers, wrong past the bound: 0
  third name elsewhere: 15 answers, wrong past the bound: 0
  chmod through that: 15 answers, wrong past the bound: 0
  second name removed: 15 answers, wrong past the bound: 0
  third name removed: 15 answers, wrong past the bound: 0
