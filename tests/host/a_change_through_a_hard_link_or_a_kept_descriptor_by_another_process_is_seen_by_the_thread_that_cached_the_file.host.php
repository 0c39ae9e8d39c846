<?php
// threads: 2
// requests: 1
// requires: statcache
// ini: statcache.test_watcher=0
// ini: statcache.max_staleness_ms=5
// ini: realpath_cache_size=0
// Thread 0 caches w/f and w/g; thread 1 drives another process
// (tests/include/other_writer.py, not waited for until the end) that made
// w/g with O_TMPFILE + linkat() and keeps its descriptor, links w/f into
// out/ (a directory no thread looks at) and changes both files through
// the other name and the descriptor.  After each change thread 0 lets the
// staleness bound pass (the watcher thread is kept quiet: the first lookup
// past the bound drains) and compares each answer through the absolute
// name (the cache) with the same call on the relative name (a fresh
// syscall).  The threads hand over through relative-path files, which the
// cache never answers.
require __DIR__ . '/../include/links_common.inc';
$t = (int) $_SERVER['SC_THREAD'];
$root = sys_get_temp_dir() . '/sc_links_' . getmypid();
@mkdir("$root/w", 0755, true);
@mkdir("$root/out");
chdir($root);

function wait_for(string $rel): bool
{
    /* no clearstatcache(): it drains the queue */
    for ($i = 0; $i < 10000; $i++) {
        if (file_exists($rel)) {
            return true;
        }
        usleep(1000);
    }
    echo "timed out waiting for $rel\n";
    return false;
}

$steps = [
    'link made in out/' => ['link', "$root/w/f", "$root/out/h"],
    'chmod through it' => ['pchmod', "$root/out/h", (string) 0600],
    'append through it' => ['append', "$root/out/h", 'defg'],
    'write through the descriptor' => ['write', 'k', ' and more'],
    'fchmod through it' => ['chmod', 'k', (string) 0640],
    'ftruncate through it' => ['truncate', 'k', '2'],
    'futimens through it' => ['utime', 'k', '1000000000'],
];

if ($t === 1) {
    $w = links_writer();
    links_do($w, 'put', "$root/w/f", 'abc');
    links_do($w, 'tmpfile', 'k', "$root/out");
    links_do($w, 'write', 'k', 'hello');
    links_do($w, 'linkat', 'k', "$root/w/g");
    touch('ready');
    if (wait_for('cached')) {
        foreach (array_keys($steps) as $i => $what) {
            links_do($w, ...$steps[$what]);
            touch("changed-$i");
            if (!wait_for("checked-$i")) {
                break;
            }
        }
    }
    links_end($w);
    echo "changes made: ", count($steps), "\n";
} else {
    if (!wait_for('ready')) {
        return;
    }
    echo "cached: ", links_cache(['w/f', 'w/g']) ? 'yes' : 'no', "\n";
    touch('cached');
    foreach (array_keys($steps) as $i => $what) {
        if (!wait_for("changed-$i")) {
            break;
        }
        links_check($what, ['w/f', 'w/g']);
        links_cache(['w/f', 'w/g']);
        touch("checked-$i");
    }
}
