<?php
// The table docs/benchmarks.md quotes from bench/see-it-work.sh's latest
// committed result (bench/results/dokuwiki-short-<date>.json, or the file
// given): the machine, the stat-family syscalls and the worker's on-CPU time
// (schedstat) per request, cache off -> on, medians of the passes.
//   php bench/see-it-work-table.php [RESULT.json]
$file = $argv[1] ?? null;
if ($file === null) {
    $c = glob(__DIR__ . '/results/dokuwiki-short-*.json');
    if (!$c) { fwrite(STDERR, "see-it-work-table: no bench/results/dokuwiki-short-*.json (run bench/see-it-work.sh)\n"); exit(2); }
    sort($c);
    $file = end($c);
}
$out = [];
exec('php ' . escapeshellarg(__DIR__ . '/apps/report.php') . ' render ' . escapeshellarg($file) . ' short', $out, $rc);
if ($rc !== 0 || !$out) { fwrite(STDERR, "see-it-work-table: report.php render failed on $file\n"); exit(2); }
$rel = preg_replace('~^.*/(bench/results/[^/]+)$~', '$1', realpath($file));
echo str_replace('raw: -)', "raw: `$rel`)", implode("\n", $out)), "\n";
