<?php
// threads: 2
// requests: 20
// requires: statcache
// Two "sites" served by the threads of one process, each request narrowing
// open_basedir to its own tree (as a per-vhost setting would), ask about
// the same paths in both trees.  A result one thread cached for its site
// must never answer for the other: every answer and every warning is the
// one PHP gives without the cache (asked on a relative spelling, which the
// cache never answers).
$root = sys_get_temp_dir() . '/sc_sites_' . getmypid();
$t = $_SERVER['SC_THREAD'];
foreach (['a', 'b'] as $s) {
    @mkdir("$root/$s/lib", 0755, true);
    if (!file_exists("$root/$s/lib/config.php")) {
        /* both threads may get here: a temporary name of each thread's own */
        file_put_contents("$root/$s/lib/config.$t.tmp", "<?php // $s");
        rename("$root/$s/lib/config.$t.tmp", "$root/$s/lib/config.php");
    }
}
$site = $_SERVER['SC_THREAD'] === '0' ? 'a' : 'b';
chdir("$root/$site");
ini_set('open_basedir', "$root/$site");

function ask(string $p): string
{
    $warnings = [];
    set_error_handler(function ($no, $msg) use (&$warnings) {
        $warnings[] = preg_replace('/ \(.*\)$/', '', $msg);
        return true;
    });
    $r = [file_exists($p), is_file($p), is_dir($p), @filesize($p) !== false, is_readable($p)];
    $r[] = is_file($p); /* a second time: a hit where allowed */
    restore_error_handler();
    return json_encode($r) . ' ' . count($warnings) . ' warnings';
}

$wrong = 0;
foreach (['a', 'b'] as $s) {
    foreach (["lib/config.php", "lib/missing.php", "lib", "nodir/x.php"] as $rel) {
        $abs = ask("$root/$s/$rel");
        /* the same file through a relative spelling from this site's root */
        $fresh = ask(($s === $site ? '' : "../$s/") . $rel);
        if ($abs !== $fresh) {
            $wrong++;
            echo "request {$_SERVER['SC_REQUEST']}: $s/$rel: cached $abs, PHP $fresh\n";
        }
    }
}
if ($_SERVER['SC_REQUEST'] === '19') {
    $own = ask("$root/$site/lib/config.php");
    $other = ask("$root/" . ($site === 'a' ? 'b' : 'a') . "/lib/config.php");
    echo "own site: $own; other site: $other\n";
}
