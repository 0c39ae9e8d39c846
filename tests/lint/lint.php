<?php
/*
 * Every PHP source of the tests and benches parses on this PHP with no
 * deprecation, warning or notice: `php -n -d error_reporting=-1 -l` on each
 * .php and .inc file, and on each PHP section of a .phpt (--SKIPIF--,
 * --FILE--, --CLEAN--; the others are text).  A construct a newer PHP
 * deprecates (8.5: the backtick operator, $http_response_header) shows up
 * here at compile time, whichever test would have run it.
 *
 *   php -n tests/lint/lint.php LIST ROOT
 *
 * LIST holds one path a line, relative to ROOT (scripts/test.sh writes it
 * from `git ls-files`).  Prints "FAIL lint <path>: <what PHP said>" for
 * each source that does not pass, then "PASS lint (...)" when every one
 * did, or "FAIL lint (...)"; exits 1 on a failure.
 */
[$list, $root] = [$argv[1] ?? '', $argv[2] ?? ''];
if (!is_file($list) || !is_dir($root)) {
    fwrite(STDERR, "usage: php -n lint.php LIST ROOT\n");
    exit(2);
}
$tmp = sys_get_temp_dir() . '/statcache-lint-' . getmypid();
mkdir($tmp);

/* What `php -l` says of $file, or null when it parses without a word. */
function lint_one(string $file): ?string
{
    $p = proc_open([PHP_BINARY, '-n', '-d', 'error_reporting=-1', '-d', 'display_errors=1',
        '-d', 'display_startup_errors=1', '-l', $file], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
    fclose($pipes[1]);
    fclose($pipes[2]);
    $rc = proc_close($p);
    $out = trim(str_replace("No syntax errors detected in $file", '', $out));
    return $rc === 0 && $out === '' ? null : ($out !== '' ? $out : "exit $rc");
}

/* The PHP sections of a .phpt: name => text. */
function phpt_sections(string $text): array
{
    $parts = preg_split('/^--([A-Z_]+)--\r?\n/m', $text, -1, PREG_SPLIT_DELIM_CAPTURE);
    $php = [];
    for ($i = 1; $i + 1 < count($parts); $i += 2) {
        if (in_array($parts[$i], ['SKIPIF', 'FILE', 'CLEAN'], true)) {
            $php[$parts[$i]] = $parts[$i + 1];
        }
    }
    return $php;
}

$files = 0;
$failed = 0;
foreach (file($list, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES) as $rel) {
    $path = "$root/$rel";
    $units = [];
    if (substr($rel, -5) === '.phpt') {
        foreach (phpt_sections((string) file_get_contents($path)) as $name => $code) {
            $unit = "$tmp/" . md5($rel) . ".$name.php";
            file_put_contents($unit, $code);
            $units["$rel --$name--"] = $unit;
        }
    } else {
        $units[$rel] = $path;
    }
    $files++;
    foreach ($units as $what => $unit) {
        $said = lint_one($unit);
        if ($said !== null) {
            $failed++;
            echo "FAIL lint $what: ", str_replace(["$unit", "\n"], [$what, ' | '], $said), "\n";
        }
    }
}
array_map('unlink', glob("$tmp/*"));
rmdir($tmp);
printf("%s lint (%d PHP sources, PHP %s: %s)\n", $failed ? 'FAIL' : 'PASS', $files,
    PHP_VERSION, $failed ? "$failed with something to say" : 'no deprecation, warning or notice');
exit($failed ? 1 : 0);
