<?php
/*
 * The differential tester's reference: PHP without the extension
 * (`php -n -d realpath_cache_size=N reference.php`), driven over a pipe.
 * Each request is one JSON line {"cwd": DIR, "q": [[function, path], ...]};
 * it changes to DIR, answers every query as sc_diff_one() does in the
 * driver, and writes the answers as one JSON line.  A request may also
 * carry "clear": true (the driver's own write made a call that empties
 * PHP's realpath cache: this process empties its own first, as PHP alone
 * would have) or be an {"init": {...}} line, acknowledged with "[]": it
 * changes to "cwd", then sets "open_basedir" and the file that points
 * PHP's stat caches elsewhere ("forget"), as the driver did.
 */
require __DIR__ . '/queries.inc';
error_reporting(E_ALL);
if (extension_loaded('statcache')) {
    fwrite(STDERR, "reference.php must run without statcache (php -n)\n");
    exit(2);
}
while (($line = fgets(STDIN)) !== false && $line !== "quit\n") {
    $req = json_decode($line, true, 512, JSON_THROW_ON_ERROR);
    if (isset($req['init'])) {
        chdir($req['init']['cwd']);
        if (isset($req['init']['forget'])) {
            $GLOBALS['sc_diff_forget'] = $req['init']['forget'];
        }
        if (isset($req['init']['open_basedir']) && ini_set('open_basedir', $req['init']['open_basedir']) === false) {
            throw new RuntimeException('cannot set open_basedir');
        }
        echo "[]\n";
        continue;
    }
    if (!empty($req['clear'])) {
        clearstatcache(true);
    }
    @chdir($req['cwd']);
    echo json_encode(sc_diff_answer_all($req['q']), JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES
        | JSON_INVALID_UTF8_SUBSTITUTE), "\n";
}
