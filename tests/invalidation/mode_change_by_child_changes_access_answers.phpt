--TEST--
invalidation: chmod by a child (file 0755<->0644, an ancestor 000) changes is_executable/is_readable/is_writable as for a fresh PHP
--CONFLICTS--
# counts syscalls or cache misses in a window, or times the staleness bound: another test's
# events (a slot they share) or load would move what it counts
all
--INI--
statcache.enable_cli=1
statcache.test_watcher=0
statcache.max_staleness_ms=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('mode');
mkdir("$d/a/b", 0755, true);
$f = "$d/a/b/tool.sh";
file_put_contents($f, "#!/bin/sh\n");
chmod($f, 0755);

/* The answers, then the warnings they raised (an unprivileged user may not
 * stat() through a mode-000 ancestor: fileperms() warns, as PHP does). */
function answers(string $f): string
{
    $errs = [];
    set_error_handler(function (int $no, string $msg) use (&$errs) { $errs[] = "E$no: $msg"; return true; });
    $r = [is_executable($f), is_readable($f), is_writable($f), file_exists($f), fileperms($f) & 0777];
    restore_error_handler();
    return json_encode($errs ? array_merge($r, [$errs]) : $r, JSON_UNESCAPED_SLASHES);
}
/* The same, from a fresh `php -n` as the same user. */
function truth(string $f): string
{
    return sc_truth('$errs = [];
        set_error_handler(function (int $no, string $msg) use (&$errs) { $errs[] = "E$no: $msg"; return true; });
        $r = [is_executable($f = $argv[1]), is_readable($f), is_writable($f), file_exists($f), fileperms($f) & 0777];
        restore_error_handler();
        echo json_encode($errs ? array_merge($r, [$errs]) : $r, JSON_UNESCAPED_SLASHES);', [$f]);
}
function check(string $label, string $f): void
{
    sc_forget_php_stat();
    answers($f);
    sc_forget_php_stat();
    $mine = answers($f);
    $php = truth($f);
    /* a difference goes on a line of its own: "[%s]" below cannot match it */
    echo "$label: $mine\n", $mine === $php ? '' : "  but PHP says $php\n";
}

check('0755', $f);
exec('chmod 0644 ' . escapeshellarg($f));
check('0644', $f);      // root too needs an x bit to execute a file
exec('chmod 0755 ' . escapeshellarg($f));
check('0755 again', $f);
exec('chmod 000 ' . escapeshellarg("$d/a"));
check('ancestor 000', $f);   // root passes through; others are refused, with PHP's warning
exec('chmod 0755 ' . escapeshellarg("$d/a"));
check('ancestor 0755', $f);
chmod($f, 0600);
check('own chmod 0600', $f);
?>
--EXPECTF--
0755: [true,true,true,true,493]
0644: [false,true,true,true,420]
0755 again: [true,true,true,true,493]
ancestor 000: [%s]
ancestor 0755: [true,true,true,true,493]
own chmod 0600: [false,true,true,true,384]
