<?php
// threads: 8
// requests: 200
// requires: statcache
// ini: statcache.max_staleness_ms=0
// Eight threads look up and write in one tree at once.  Every answer the
// cache gives is compared with PHP's own call on a relative spelling of the
// same path (relative paths are never cached: a fresh syscall).  Each thread
// compares only files nobody else changes meanwhile (its own and the static
// ones), so any mismatch is a stale or wrong answer, never a race.
$t = (int) $_SERVER['SC_THREAD'];
$r = (int) $_SERVER['SC_REQUEST'];
$root = sys_get_temp_dir() . '/sc_threads_' . getmypid();
@mkdir($root);
@mkdir("$root/sd"); /* a directory nobody changes */
for ($d = 0; $d < 4; $d++) {
    @mkdir("$root/d$d");
    if (!file_exists("$root/d$d/static")) {
        /* whole or not at all: another thread may be checking it already */
        file_put_contents("$root/d$d/static.$t", str_repeat('s', $d + 1));
        rename("$root/d$d/static.$t", "$root/d$d/static");
    }
}
chdir($root);

/* PHP's own one-entry stat cache must not answer either side: point it at
 * "." first (clearstatcache() would do too, but it also drains the event
 * queue and would hide a missing sync point). */
function probe(string $p): array
{
    is_dir('.');
    return [
        file_exists($p), is_file($p), is_dir($p), is_link($p), @filesize($p), @filemtime($p),
        @fileperms($p), is_readable($p), is_writable($p), is_executable($p), @filetype($p),
    ];
}

$mismatches = 0;
function check(string $rel): void
{
    global $root, $mismatches, $t, $r;
    $cached = probe("$root/$rel");
    $fresh = probe($rel);
    if ($cached !== $fresh) {
        $mismatches++;
        echo "request $r: $rel: cached ", json_encode($cached), " fresh ", json_encode($fresh), "\n";
    }
}

$mine = "d" . ($t % 4) . "/t{$t}_" . ($r % 5);
$dir = "t{$t}_dir";
/* not the directories d0..d3 themselves: other threads' writes change their mtime */
$paths = ["d0/static", "d1/static", "d2/static", "d3/static", "sd", "nodir$t/x/y.php",
    "d" . ($t % 4) . "/../d" . (($t + 1) % 4) . "/static", $mine, "$dir", "$dir/f"];
foreach ($paths as $p) {
    check($p);
}
switch ($r % 6) {
    case 0: file_put_contents("$root/$mine", str_repeat('x', $r + 1)); break;
    case 1: $f = fopen("$root/$mine", 'a'); fwrite($f, 'yy'); fclose($f); break;
    case 2: @unlink("$root/$mine"); break;
    case 3: @mkdir("$root/$dir"); touch("$root/$dir/f", 1000000 + $r); break;
    case 4: @chmod("$root/$mine", 0600 + ($r % 2) * 0100); break;
    case 5: @unlink("$root/$dir/f"); @rmdir("$root/$dir"); break;
}
foreach ($paths as $p) {
    check($p);
}
if ($r === 199) {
    $s = statcache_stats();
    echo "done, hits ", $s['hits'] > 0 ? "counted" : "missing", "\n";
}
