--TEST--
shared: a PHP master calls statcache_share() and forks 4 workers; a write by one worker is seen at once by the others, they use one inotify instance, and statcache_stats(true) sums them
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php if (!function_exists('pcntl_fork')) die('skip pcntl not available'); ?>
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
$root = sys_get_temp_dir() . '/sc_shared_' . getmypid();
mkdir($root);
statcache_share(1 << 12);
var_dump(statcache_stats()['mode']);

/* the inotify fd of this process and the watches listed for it */
function inotify_watches(): array {
    foreach (scandir('/proc/self/fd') as $fd) {
        if (@readlink("/proc/self/fd/$fd") === 'anon_inode:inotify') {
            preg_match_all('/^inotify wd:([0-9a-f]+)/m', file_get_contents("/proc/self/fdinfo/$fd"), $m);
            sort($m[1]);
            return $m[1];
        }
    }
    return [];
}

$workers = [];
for ($w = 0; $w < 4; $w++) {
    [$parent, $child] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pid = pcntl_fork();
    if ($pid === 0) {
        fclose($parent);
        @mkdir("$root/own$w");
        $target = "$root/written-by-worker-0";
        file_exists("$root/own$w/x");          /* a watch of its own */
        file_exists($target);                  /* cached: missing */
        fwrite($child, "ready\n");
        while (($cmd = trim((string) fgets($child))) !== '') {
            switch ($cmd) {
                case 'write': file_put_contents($target, 'x'); $r = 'written'; break;
                case 'check': $r = var_export(file_exists($target), true); break;
                case 'watches': $r = implode(',', inotify_watches()); break;
                case 'stats': $s = statcache_stats(true); $r = $s['hits'] . ' ' . statcache_stats()['hits']; break;
                case 'exit': fwrite($child, "bye\n"); exit(0);
            }
            fwrite($child, "$r\n");
        }
        exit(1);
    }
    fclose($child);
    $workers[$w] = [$pid, $parent];
}
function ask(array $w, string $cmd): string { fwrite($w[1], "$cmd\n"); return trim(fgets($w[1])); }
foreach ($workers as $w) { fgets($w[1]); } /* ready */

echo "before: ";
foreach ([1, 2, 3] as $i) { echo ask($workers[$i], 'check'), ' '; }
echo "\n", ask($workers[0], 'write'), "\n";
echo "after:  ";
foreach ([1, 2, 3] as $i) { echo ask($workers[$i], 'check'), ' '; }
echo "\n";

/* one instance: every worker's fd lists the watches all workers added */
$lists = array_map(fn($w) => ask($w, 'watches'), $workers);
echo "same watch list in every worker: ", var_export(count(array_unique($lists)) === 1, true), "\n";
echo "it holds every worker's directories: ", var_export(count(explode(',', $lists[0])) >= 6, true), "\n";

[$all, $mine] = explode(' ', ask($workers[1], 'stats'));
echo "stats(true) sums workers: ", var_export($all > $mine && $mine > 0, true), "\n";
foreach ($workers as $w) { ask($w, 'exit'); pcntl_waitpid($w[0], $st); }
?>
--CLEAN--
<?php
foreach (glob(sys_get_temp_dir() . '/sc_shared_*') as $d) {
    foreach (glob("$d/*") as $f) { is_dir($f) ? @rmdir($f) : @unlink($f); }
    @rmdir($d);
}
?>
--EXPECT--
string(6) "shared"
before: false false false 
written
after:  true true true 
same watch list in every worker: true
it holds every worker's directories: true
stats(true) sums workers: true
