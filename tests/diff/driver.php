<?php
/*
 * The differential tester's command line (tests/diff/run.sh and soak.sh
 * run it; see session.inc for what a session does):
 *
 *   php -n -d extension=statcache.so -d statcache.enable_cli=1 \
 *       -d realpath_cache_size=0 [-d statcache.test_watcher=0 ...] \
 *       driver.php --mode=own|child|unrelated|mixed --seed=N [--ops=N]
 *       [--queries=N] [--max-delay-ms=N] [--delays=FILE] [--label=TEXT]
 *       [--realpath-cache] [--open-basedir] [--mounts=bind|fuse]
 *       [--links=quiet|busy] [--keep-going]
 *
 * --realpath-cache: PHP's realpath cache as configured (run without
 * -d realpath_cache_size=0 for its default); --open-basedir: open_basedir
 * set on both sides; --mounts: file bind mounts or FUSE mounts in the tree
 * (root, in a mount namespace of its own); --links: hard links, kept
 * descriptors, FIFOs with two names (busy: and a neighbour's short-lived
 * names), by the unrelated writer or children; --keep-going: count every
 * answer still wrong (wrong=N) instead of ending at the first; see
 * session.inc.
 *
 * Prints one line "ok LABEL mode=M seed=S ops=... writes=... queries=...
 * stale=... (writes by ...)" or the mismatch; with --delays, appends the
 * unrelated writes' delays (microseconds, one a line) to FILE.  Exit status
 * 1 on a mismatch.
 */
require __DIR__ . '/session.inc';
error_reporting(E_ALL);

$opt = getopt('', ['mode:', 'seed:', 'ops:', 'queries:', 'max-delay-ms:', 'delays:', 'label:', 'realpath-cache',
    'open-basedir', 'mounts:', 'links:', 'keep-going']);
if (!isset($opt['mode'], $opt['seed'])) {
    fwrite(STDERR, "usage: driver.php --mode=own|child|unrelated|mixed --seed=N [--ops=N] ...\n");
    exit(2);
}
/* SC_DIFF_PLAIN=1: PHP without the extension on both sides, a check of the
 * tester itself (a mismatch then is the tester's, not statcache's) */
if (getenv('SC_DIFF_PLAIN') !== '1' && (!extension_loaded('statcache') || !statcache_stats()['enabled'])) {
    fwrite(STDERR, "driver.php: statcache is not loaded and enabled (statcache.enable_cli=1?)\n");
    exit(2);
}
$o = ['mode' => $opt['mode'], 'seed' => (int) $opt['seed'], 'label' => $opt['label'] ?? (PHP_ZTS ? 'zts' : 'nts'),
    'realpath' => isset($opt['realpath-cache']), 'open_basedir' => isset($opt['open-basedir']),
    'mounts' => $opt['mounts'] ?? '', 'links' => $opt['links'] ?? '', 'keep_going' => isset($opt['keep-going'])];
foreach (['ops' => 'ops', 'queries' => 'queries', 'max-delay-ms' => 'max_delay_ms'] as $k => $v) {
    if (isset($opt[$k])) {
        $o[$v] = (int) $opt[$k];
    }
}
$r = sc_diff_session($o);
if (isset($opt['delays']) && $r['delays']) {
    file_put_contents($opt['delays'], implode("\n", array_map(fn ($d) => sprintf('%.1f', $d), $r['delays'])) . "\n",
        FILE_APPEND);
}
ksort($r['by']);
$by = implode(' ', array_map(fn ($k, $v) => "$k=$v", array_keys($r['by']), $r['by']));
/* how the queries were answered (first looks only): from the cache (hits,
 * negative_hits), filled (misses), or left to PHP (bypassed, untrusted) */
$c = $r['counts'] + array_fill_keys(['hits', 'negative_hits', 'misses', 'bypassed', 'untrusted'], 0);
printf("%s %s mode=%s seed=%d ops=%d writes=%d queries=%d stale=%d%s hits=%d misses=%d bypassed=%d untrusted=%d"
    . " (writes by %s)\n", $r['mismatches'] ? 'FAIL' : 'ok', $o['label'], $o['mode'], $o['seed'], $r['ops'],
    $r['writes'], $r['queries'], $r['stale'], $o['keep_going'] ? " wrong=$r[wrong]" : '',
    $c['hits'] + $c['negative_hits'], $c['misses'], $c['bypassed'], $c['untrusted'], $by);
foreach ($r['mismatches'] as $m) {
    echo $m, "\n";
}
exit($r['mismatches'] ? 1 : 0);
