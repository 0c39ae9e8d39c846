--TEST--
invalidation: a file another process publishes and keeps open (link() then unlink() of its temporary name, as Maildir delivers; O_TMPFILE then linkat(); moved out of every watched directory and linked back), then writes, fchmod()s, ftruncate()s and futimens()es through the descriptor, shows each change once the staleness bound has passed
--DESCRIPTION--
The kernel reports a change made through a descriptor under the name the
descriptor was opened by: the temporary name (gone), no name at all
(O_TMPFILE), or a name in a directory nothing watches.  The published
name's directory hears nothing; the file's own watch hears every change.
The other process (tests/include/other_writer.py) is not waited for; the
watcher thread is kept quiet and the bound is 5 ms, so the first lookup
past it drains.  Each answer through the absolute name (the cache) is
compared with the same call on the relative name (a fresh syscall).
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
$d = sc_tmpdir('kept-fd');
mkdir("$d/mail/tmp", 0755, true);
mkdir("$d/mail/new");
mkdir("$d/out");                      // never looked at: not watched
chdir($d);
file_exists("$d/mail/tmp/none");      // tmp/ watched
file_exists("$d/mail/new/none");      // new/ watched
$w = links_writer();

/* Publishes $final by $how with descriptor $id kept, caches it, then
 * changes it through the descriptor, checking after each change. */
function through_the_descriptor(array $w, string $how, string $id, string $final): void
{
    $d = getcwd();
    switch ($how) {
        case 'link+unlink, tmp/ watched':
        case 'link+unlink, tmp/ not watched':
            $tmp = strpos($how, 'not') ? "$d/out/$id" : "$d/mail/tmp/$id";
            links_do($w, 'open', $id, $tmp);
            links_do($w, 'write', $id, 'Subject: hi');
            links_do($w, 'link', $tmp, "$d/$final");
            links_do($w, 'unlink', $tmp);
            break;
        case 'O_TMPFILE+linkat in new/':
        case 'O_TMPFILE+linkat elsewhere':
            links_do($w, 'tmpfile', $id, strpos($how, 'new') ? "$d/mail/new" : "$d/out");
            links_do($w, 'write', $id, 'Subject: hi');
            links_do($w, 'linkat', $id, "$d/$final");
            break;
        case 'moved out and linked back':
            links_do($w, 'put', "$d/$final", 'Subject: hi');
            links_do($w, 'open', $id, "$d/$final");
            echo "  cached before: ", links_cache([$final]) ? 'yes' : 'no', "\n";
            links_do($w, 'rename', "$d/$final", "$d/out/$id");
            links_do($w, 'link', "$d/out/$id", "$d/$final");
            links_do($w, 'unlink', "$d/out/$id");
            break;
    }
    links_past_the_bound();
    echo "$how: cached: ", links_cache([$final]) ? 'yes' : 'no', "\n";
    $wrong = 0;
    $changes = [
        'write' => ['write', $id, ' and more'],
        'fchmod' => ['chmod', $id, (string) 0600],
        'ftruncate' => ['truncate', $id, '3'],
        'futimens' => ['utime', $id, '1000000000'],
        'write again' => ['write', $id, 'x'],
    ];
    foreach ($changes as $what => $cmd) {
        links_do($w, ...$cmd);
        $wrong += links_check("  $what", [$final]);
        links_cache([$final]);
    }
    links_do($w, 'close', $id);
}

through_the_descriptor($w, 'link+unlink, tmp/ watched', 'm1', 'mail/new/m1');
through_the_descriptor($w, 'link+unlink, tmp/ not watched', 'm2', 'mail/new/m2');
through_the_descriptor($w, 'O_TMPFILE+linkat in new/', 'm3', 'mail/new/m3');
through_the_descriptor($w, 'O_TMPFILE+linkat elsewhere', 'm4', 'mail/new/m4');
through_the_descriptor($w, 'moved out and linked back', 'm5', 'mail/new/m5');
links_end($w);
?>
--EXPECT--
link+unlink, tmp/ watched: cached: yes
  write: 15 answers, wrong past the bound: 0
  fchmod: 15 answers, wrong past the bound: 0
  ftruncate: 15 answers, wrong past the bound: 0
  futimens: 15 answers, wrong past the bound: 0
  write again: 15 answers, wrong past the bound: 0
link+unlink, tmp/ not watched: cached: yes
  write: 15 answers, wrong past the bound: 0
  fchmod: 15 answers, wrong past the bound: 0
  ftruncate: 15 answers, wrong past the bound: 0
  futimens: 15 answers, wrong past the bound: 0
  write again: 15 answers, wrong past the bound: 0
O_TMPFILE+linkat in new/: cached: yes
  write: 15 answers, wrong past the bound: 0
  fchmod: 15 answers, wrong past the bound: 0
  ftruncate: 15 answers, wrong past the bound: 0
  futimens: 15 answers, wrong past the bound: 0
  write again: 15 answers, wrong past the bound: 0
O_TMPFILE+linkat elsewhere: cached: yes
  write: 15 answers, wrong past the bound: 0
  fchmod: 15 answers, wrong past the bound: 0
  ftruncate: 15 answers, wrong past the bound: 0
  futimens: 15 answers, wrong past the bound: 0
  write again: 15 answers, wrong past the bound: 0
  cached before: yes
moved out and linked back: cached: yes
  write: 15 answers, wrong past the bound: 0
  fchmod: 15 answers, wrong past the bound: 0
  ftruncate: 15 answers, wrong past the bound: 0
  futimens: 15 answers, wrong past the bound: 0
  write again: 15 answers, wrong past the bound: 0
