<?php
/*
 * The differential tester's other writers, PHP without the extension:
 *   writer.php once BASE64-JSON   a child: applies one operation, prints
 *                                 the result as JSON, exits
 *   writer.php serve              the unrelated process: one JSON request
 *                                 {"root", "op"} per line; applies it and
 *                                 acknowledges with one JSON line once done
 */
require __DIR__ . '/ops.inc';
error_reporting(E_ALL);
umask(022);
if (($argv[1] ?? '') === 'once') {
    $req = json_decode(base64_decode($argv[2]), true, 512, JSON_THROW_ON_ERROR);
    echo json_encode(['r' => sc_diff_apply($req['root'], $req['op'])]), "\n";
    exit(0);
}
if (($argv[1] ?? '') === 'serve') {
    while (($line = fgets(STDIN)) !== false && $line !== "quit\n") {
        $req = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
        $r = sc_diff_apply($req['root'], $req['op']);
        echo json_encode(['r' => $r]), "\n";
    }
    exit(0);
}
fwrite(STDERR, "usage: writer.php once BASE64-JSON | serve\n");
exit(2);
