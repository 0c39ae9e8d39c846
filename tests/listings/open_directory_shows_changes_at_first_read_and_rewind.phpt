--TEST--
listings: an open directory handle (opendir, dir(), DirectoryIterator) shows what glibc's readdir() would: own changes made after opendir() but before the first read, and after each rewind; a directory removed or replaced while open reads as empty
--DESCRIPTION--
glibc reads a small directory at the first readdir() and again after
rewinddir() (POSIX: rewinddir() refers the stream to the directory's
current state).  The same script runs here and in `php -n`; outputs must
be identical.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.first_look=0
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$script = <<<'PHP'
<?php
$d = $argv[1];
function names($h): string {
    $r = [];
    while (($e = readdir($h)) !== false) {
        $r[] = $e;
    }
    sort($r);
    return implode(',', $r);
}
mkdir("$d/w");
touch("$d/w/a");
scandir("$d/w"); scandir("$d/w");         // remembered
$h = opendir("$d/w");
touch("$d/w/before-first-read");
echo "first read: ", names($h), "\n";
touch("$d/w/b");
unlink("$d/w/a");
echo "no rewind: ", names($h), "\n";
rewinddir($h);
echo "rewound: ", names($h), "\n";
rename("$d/w/b", "$d/w/c");
rewinddir($h);
echo "rewound after rename: ", names($h), "\n";
rewinddir($h);
echo "rewound, unchanged: ", names($h), "\n";
closedir($h);

$dir = dir("$d/w");
echo "dir(): ", $dir->read() !== false ? 'entry' : 'none', "\n";
touch("$d/w/e");
$dir->rewind();
$r = [];
while (($e = $dir->read()) !== false) { $r[] = $e; }
sort($r);
echo "dir() rewound: ", implode(',', $r), "\n";
$dir->close();

$it = new DirectoryIterator("$d/w");
touch("$d/w/f");
$r = [];
foreach ($it as $f) { $r[] = $f->getFilename(); }
sort($r);
echo "DirectoryIterator: ", implode(',', $r), "\n";
unlink("$d/w/f");
$r = [];
foreach ($it as $f) { $r[] = $f->getFilename(); }   // foreach rewinds
sort($r);
echo "DirectoryIterator again: ", implode(',', $r), "\n";

mkdir("$d/gone");
touch("$d/gone/x");
scandir("$d/gone"); scandir("$d/gone");
$h = opendir("$d/gone");
unlink("$d/gone/x");
rmdir("$d/gone");
echo "removed before first read: [", names($h), "]\n";
mkdir("$d/gone");
touch("$d/gone/new");
rewinddir($h);
echo "replaced, rewound: [", names($h), "]\n";
closedir($h);
echo "scandir of the new one: ", implode(',', scandir("$d/gone")), "\n";
PHP;
$d = sc_tmpdir('listings-open');
file_put_contents("$d/script.php", $script);
foreach (['php -n' => sc_php_plain(), 'statcache' => sc_php_with_ext([
        'statcache.enable_cli' => 1, 'statcache.test_watcher' => 0, 'statcache.max_staleness_ms' => 0])] as $what => $cmd) {
    mkdir("$d/$what");
    [$rc, $out, $err] = sc_run(array_merge($cmd, ["$d/script.php", "$d/$what"]));
    $outs[$what] = "exit $rc\n$out$err";
}
echo $outs['php -n'];
echo $outs['php -n'] === $outs['statcache'] ? "identical\n" : "DIFFERENT:\n" . $outs['statcache'];
// the child with statcache served its handles from listings
[$rc, $out] = sc_run(array_merge(sc_php_with_ext(['statcache.enable_cli' => 1]), ['-r',
    'mkdir($argv[1]); touch($argv[1] . "/x"); scandir($argv[1]); $h = opendir($argv[1]); '
    . 'while (readdir($h) !== false); echo statcache_stats()["listing_hits"];', "$d/count"]));
echo "listing hits: $out\n";
?>
--EXPECT--
exit 0
first read: .,..,a,before-first-read
no rewind: 
rewound: .,..,b,before-first-read
rewound after rename: .,..,before-first-read,c
rewound, unchanged: .,..,before-first-read,c
dir(): entry
dir() rewound: .,..,before-first-read,c,e
DirectoryIterator: .,..,before-first-read,c,e,f
DirectoryIterator again: .,..,before-first-read,c,e
removed before first read: []
replaced, rewound: []
scandir of the new one: .,..,new
identical
listing hits: 1
