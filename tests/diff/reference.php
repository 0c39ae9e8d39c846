<?php
/*
 * The differential tester's reference: PHP without the extension
 * (`php -n -d realpath_cache_size=0 reference.php`), driven over a pipe.
 * Each request is one JSON line {"cwd": DIR, "q": [[function, path], ...]};
 * it changes to DIR, answers every query as sc_diff_one() does in the
 * driver, and writes the answers as one JSON line.
 */
require __DIR__ . '/queries.inc';
error_reporting(E_ALL);
if (extension_loaded('statcache')) {
    fwrite(STDERR, "reference.php must run without statcache (php -n)\n");
    exit(2);
}
while (($line = fgets(STDIN)) !== false && $line !== "quit\n") {
    $req = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
    @chdir($req['cwd']);
    echo json_encode(sc_diff_answer_all($req['q']), JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES
        | JSON_INVALID_UTF8_SUBSTITUTE), "\n";
}
