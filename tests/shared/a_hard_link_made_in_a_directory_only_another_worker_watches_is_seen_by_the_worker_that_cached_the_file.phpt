--TEST--
shared: another process links a file one worker cached into a directory only another worker watches, then chmods, appends to, touches and removes it through that name: the worker that cached it shows each change once the staleness bound has passed, while the other worker makes no lookup
--DESCRIPTION--
A PHP master shares one table with two forked workers.  Worker A caches
a/f; worker B watches b/ (it cached b/x).  The link and the changes
through b/g reach b/'s watch under the name g and f's own watch.  Only A
looks up after each change, so A's lookups drain the shared queue: B's
knowledge of b/ cannot help.  The other process
(tests/include/other_writer.py) is not waited for by anyone until the
end; the watcher thread is kept quiet and the bound is 5 ms.  A compares
each answer through the absolute name (the cache) with the same call on
the relative name (a fresh syscall).
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--SKIPIF--
<?php
require __DIR__ . '/../include/links_common.inc';
if (!function_exists('pcntl_fork')) die('skip pcntl not available');
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
$d = sc_tmpdir('shared-links');
mkdir("$d/a");
mkdir("$d/b");
file_put_contents("$d/a/f", 'abc');
file_put_contents("$d/b/x", 'x');
chdir($d);
statcache_share(1 << 12);

/* a worker: runs each command line it is sent, answers with what it printed */
function worker($sock): void
{
    while (($cmd = trim((string) fgets($sock))) !== '') {
        [$verb, $arg] = explode(' ', $cmd, 2) + [1 => ''];
        ob_start();
        if ($verb === 'cache') {
            echo 'cached ', $arg, ': ', links_cache([$arg]) ? 'yes' : 'no';
        } elseif ($verb === 'check') {
            [$rel, $label] = explode(' ', $arg, 2);
            links_check($label, [$rel]);
        } elseif ($verb === 'stats') {
            echo 'mode ', statcache_stats()['mode'];
        } elseif ($verb === 'exit') {
            pcntl_exec('/bin/true');    /* no shutdown function: the master's tree stays */
        }
        fwrite($sock, json_encode(rtrim(ob_get_clean())) . "\n");
    }
    exit(1);
}

$workers = [];
foreach (['A', 'B'] as $name) {
    [$parent, $child] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
    $pid = pcntl_fork();
    if ($pid === 0) {
        fclose($parent);
        worker($child);
    }
    fclose($child);
    $workers[$name] = [$pid, $parent];
}
function ask(array $w, string $cmd): void
{
    fwrite($w[1], "$cmd\n");
    echo json_decode(fgets($w[1])), "\n";
}

ask($workers['A'], 'stats');
ask($workers['A'], 'cache a/f');
ask($workers['B'], 'cache b/x');
$w = links_writer();
$steps = [
    'link made in b/' => ['link', "$d/a/f", "$d/b/g"],
    'chmod through it' => ['pchmod', "$d/b/g", (string) 0600],
    'append through it' => ['append', "$d/b/g", 'defg'],
    'touch through it' => ['touch', "$d/b/g", '1000000000'],
    'link removed' => ['unlink', "$d/b/g"],
];
foreach ($steps as $what => $cmd) {
    links_do($w, ...$cmd);
    ask($workers['A'], "check a/f A, $what");
}
links_end($w);
foreach ($workers as $wk) {
    fwrite($wk[1], "exit\n");
    pcntl_waitpid($wk[0], $st);
}
?>
--EXPECT--
mode shared
cached a/f: yes
cached b/x: yes
A, link made in b/: 15 answers, wrong past the bound: 0
A, chmod through it: 15 answers, wrong past the bound: 0
A, append through it: 15 answers, wrong past the bound: 0
A, touch through it: 15 answers, wrong past the bound: 0
A, link removed: 15 answers, wrong past the bound: 0
