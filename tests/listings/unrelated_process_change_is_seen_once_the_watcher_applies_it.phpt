--TEST--
listings: an unrelated process's create, rename and delete are seen by scandir(), glob() and opendir() once the watcher has applied them (no sync point in between), and answers then match PHP's
--DESCRIPTION--
The other process is not waited for: it reports through a pipe and stays
alive.  This process then polls its cached scandir() until the change
shows (bounded), which only the watcher thread can bring about; then every
call is compared with a fresh php -n.
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/listing_common.inc';
$d = sc_tmpdir('listings-unrelated');
ls_fixture($d);
ls_compare('first', $d);

function unrelated(string $script, string ...$args): array
{
    $p = proc_open(array_merge(['sh', '-c', $script . '; echo done; read x'], $args),
        [0 => ['pipe', 'r'], 1 => ['pipe', 'w']], $pipes);
    echo trim(fgets($pipes[1])), "\n";
    return [$p, $pipes];
}

function settle(callable $seen): void
{
    for ($i = 0; $i < 5000 && !$seen(); $i++) {
        usleep(1000);
    }
    echo $seen() ? "seen\n" : "NOT seen\n";
}

function finish(array $pp): void
{
    fclose($pp[1][0]);
    fclose($pp[1][1]);
    proc_close($pp[0]);
}

$pp = unrelated('touch "$0/other.php"', $d);
settle(fn () => in_array('other.php', scandir($d), true));
ls_compare('created', $d);
finish($pp);

$pp = unrelated('mv "$0/other.php" "$0/sub/moved.php"', $d);
settle(fn () => glob("$d/sub/moved.php") === ["$d/sub/moved.php"] && glob("$d/other.php") === []);
ls_compare('renamed', $d);
finish($pp);

$pp = unrelated('rm "$0/sub/moved.php"', $d);
settle(function () use ($d) {
    $h = opendir("$d/sub");
    $names = ls_readdir_all($h);
    closedir($h);
    return !in_array('moved.php', $names, true);
});
ls_compare('deleted', $d);
finish($pp);
?>
--EXPECTF--
first: %d calls, identical
done
seen
created: %d calls, identical
done
seen
renamed: %d calls, identical
done
seen
deleted: %d calls, identical
