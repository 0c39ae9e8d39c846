<?php
/*
 * The differential tester's other writers, PHP without the extension:
 *   writer.php once BASE64-JSON   a child: applies one operation, prints
 *                                 the result as JSON, exits
 *   writer.php serve              the unrelated process: one JSON request
 *                                 {"root", "op"} per line; applies it and
 *                                 acknowledges with one JSON line once done
 *   writer.php neighbour DIR      the links mode's neighbour: makes and
 *                                 removes short-lived names in DIR (a few
 *                                 hundred a second, some of them hard
 *                                 links of each other) until it reads a
 *                                 line or the end of its input
 * A writer of the links mode keeps its descriptors in a co-process
 * (ops.inc, sc_diff_holder()), ended with it.
 */
require __DIR__ . '/ops.inc';
error_reporting(E_ALL);
umask(022);
if (($argv[1] ?? '') === 'once') {
    $req = json_decode(base64_decode($argv[2]), true, 512, JSON_THROW_ON_ERROR);
    $r = sc_diff_apply($req['root'], $req['op']);
    sc_diff_holder_end();
    echo json_encode(['r' => $r]), "\n";
    exit(0);
}
if (($argv[1] ?? '') === 'serve') {
    while (($line = fgets(STDIN)) !== false && $line !== "quit\n") {
        $req = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
        $r = sc_diff_apply($req['root'], $req['op']);
        echo json_encode(['r' => $r]), "\n";
    }
    sc_diff_holder_end();
    exit(0);
}
if (($argv[1] ?? '') === 'neighbour' && isset($argv[2])) {
    for ($i = 0; ; ) {
        for ($k = 0; $k < 5; $k++, $i++) {
            $p = "$argv[2]/.nb" . ($i % 64);
            @file_put_contents($p, 'x');
            if ($i % 4 === 0) {
                @link($p, "$p-2");
                @unlink("$p-2");
            }
            @unlink($p);
        }
        $r = [STDIN];
        $w = $e = null;
        if (stream_select($r, $w, $e, 0, 10000) !== 0) {
            exit(0);   /* told to quit, or its driver is gone */
        }
    }
}
fwrite(STDERR, "usage: writer.php once BASE64-JSON | serve | neighbour DIR\n");
exit(2);
