--TEST--
listings: glob("DIR/*.txt") keeps its listing, and the directory its result, while another process makes and removes names of other classes in DIR (dot files, journals, names without a dot); a ".txt" name made or removed, by it or by this process, is seen as PHP sees it
--DESCRIPTION--
A name's class is its text after its last '.': every name "*.txt" can
match is of class "txt", so a glob of it holds while no name of that class
came or went (docs/protocol.md, "A listing read for one class of names").
The neighbour is not waited for (no sync point): each step sleeps past the
staleness bound and then compares glob() with a fresh php -n. Other
patterns ("*", GLOB_NOSORT, "*.t?t") read the directory again after the
neighbour's names, as before, and match PHP too. Only where one thread
bumps the table (statcache.watcher=lookup, no shared region, NTS).
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
if (PHP_ZTS) {
    die('skip NTS only: a ZTS process has a watcher thread per process table (the class is read where one thread bumps)');
}
?>
--INI--
statcache.enable_cli=1
statcache.watcher=lookup
statcache.max_staleness_ms=20
statcache.first_look=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('listings-class');
mkdir("$d/pages");
foreach (['a.txt', 'b.txt', 'c.md', 'notes'] as $f) {
    file_put_contents("$d/pages/$f", $f);
}

/* glob() here, and what php -n says of it now */
function same(string $what, string $pattern, int $flags = 0): void
{
    $mine = glob($pattern, $flags);
    $php = sc_truth('echo json_encode(glob($argv[1], (int) $argv[2]));', [$pattern, (string) $flags]);
    echo $what, ': ', json_encode($mine) === $php ? 'identical' : 'DIFFERENT: ' . json_encode($mine) . " vs $php", "\n";
}

function stats(): array
{
    $s = statcache_stats();
    return [$s['misses'], $s['listing_misses'], $s['listing_hits']];
}

/* another process makes and removes $n names of other classes, then says
 * so and stays alive: not waited for */
function neighbour(string $dir, string $names): array
{
    $p = proc_open(['sh', '-c', 'for i in $(seq 1 40); do for n in ' . $names . '; do echo x > "$0/$n$i"; rm "$0/$n$i"; done; done; echo done; read x', $dir],
        [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
    echo trim(fgets($pipes[1])), "\n";
    usleep(60000); /* past the bound */
    return [$p, $pipes];
}

function finish(array $pp): void
{
    fclose($pp[1][0]);
    fclose($pp[1][1]);
    proc_close($pp[0]);
}

$txt = "$d/pages/*.txt";
same('first', $txt);
same('first again', $txt);
[$m0, $lm0, $lh0] = stats();

$pp = neighbour("$d/pages", '.neighbour- db.sqlite-journal- sess_ x.tmp');
same('after the neighbour', $txt);
[$m1, $lm1, $lh1] = stats();
printf("misses %d, listing misses %d, listing hits %d\n", $m1 - $m0, $lm1 - $lm0, $lh1 - $lh0);
finish($pp);

/* this process's own names of another class: the same */
file_put_contents("$d/pages/own.tmp", 'x');
unlink("$d/pages/own.tmp");
[$m1, $lm1] = stats();
same('after its own .tmp', $txt);
[$m2, $lm2] = stats();
printf("misses %d, listing misses %d\n", $m2 - $m1, $lm2 - $lm1);

/* other patterns read the directory again, as before */
$pp = neighbour("$d/pages", '.n2-');
same('all names', "$d/pages/*");
same('unsorted', $txt, GLOB_NOSORT);
same('class unknown', "$d/pages/*.t?t");
same('marked', $txt, GLOB_MARK);
finish($pp);

/* a name of the class: another process's, after the bound */
$pp = neighbour("$d/pages", '.n3-');
exec('sh -c ' . escapeshellarg("echo x > '$d/pages/new.txt'") . ' &');
usleep(60000);
same('another process made new.txt', $txt);
exec('sh -c ' . escapeshellarg("mv '$d/pages/new.txt' '$d/pages/new.md'") . ' &');
usleep(60000);
same('another process renamed it away', $txt);
finish($pp);
/* and this process's own, at once */
rename("$d/pages/c.md", "$d/pages/c.txt");
same('own rename onto the class', $txt);
unlink("$d/pages/a.txt");
same('own unlink of one', $txt);
[$m3, $lm3] = stats();
printf("listing misses since: %s\n", $lm3 - $lm2 >= 4 ? 'each change read again' : 'TOO FEW: ' . ($lm3 - $lm2));
sc_rmtree($d);
?>
--EXPECT--
first: identical
first again: identical
done
after the neighbour: identical
misses 0, listing misses 0, listing hits 1
after its own .tmp: identical
misses 0, listing misses 0
done
all names: identical
unsorted: identical
class unknown: identical
marked: identical
done
another process made new.txt: identical
another process renamed it away: identical
own rename onto the class: identical
own unlink of one: identical
listing misses since: each change read again
