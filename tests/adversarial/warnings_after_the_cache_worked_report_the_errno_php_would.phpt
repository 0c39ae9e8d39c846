--TEST--
adversarial: a warning PHP words from a stale errno (an include of a directory, after a failed mkdir(), a missing name, a sync point, a hit of a missing name) says what it says without statcache: the cache's own syscalls (the queue drain's read(), its lstat() fills) leave errno alone, and an answered failure sets the errno PHP's syscall would
--DESCRIPTION--
PHP's include of a directory opens it, finds it is no regular file and
fails without a syscall that fails: the warning's text is strerror() of
whatever errno held.  Found by an A/B fuzzer as nobody (include() warning
"Resource temporarily unavailable", the drain's EAGAIN).  Each case runs in
a fresh process with `php -n` and with statcache; outputs must match.
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$script = <<<'PHP'
<?php
[, $d, $case] = $argv;
set_error_handler(function ($no, $m) use ($d) { echo '  W: ', str_replace($d, 'D', $m), "\n"; return true; });
file_exists("$d/f");
file_exists("$d/f");
switch ($case) {
    case 'mkdir':        @mkdir("$d/sub"); break;               /* EEXIST, and a sync point */
    case 'missing':      file_exists("$d/nothing"); file_exists("$d/nothing"); break;   /* ENOENT, the second from the cache */
    case 'notdir':       is_file("$d/f/x"); is_file("$d/f/x"); break;                   /* ENOTDIR */
    case 'touch':        touch("$d/f"); break;                  /* a sync point */
    case 'stat-missing': @stat("$d/nothing"); @stat("$d/nothing"); break;
    case 'found':        @mkdir("$d/sub"); file_exists("$d/f"); is_dir("$d/sub"); break;   /* EEXIST, then hits */
    case 'realpath':     @mkdir("$d/sub"); realpath("$d/nothing"); realpath("$d/nothing"); break;
    /* the hit path's answers (no staleness bound: no drain is ever due),
     * each after readlink()'s EINVAL: the include before fills its name */
    case 'hit-exists':   @readlink("$d/f"); file_exists("$d/nothing"); file_exists("$d/nothing"); @include "$d/sub";
                         @readlink("$d/f"); file_exists("$d/nothing"); break;
    case 'hit-is-file':  @readlink("$d/f"); is_file("$d/nothing"); is_file("$d/nothing"); @include "$d/sub";
                         @readlink("$d/f"); is_file("$d/nothing"); break;
    case 'hit-readable': @readlink("$d/f"); is_readable("$d/nothing"); is_readable("$d/nothing"); @include "$d/sub";
                         @readlink("$d/f"); is_readable("$d/nothing"); break;
}
foreach ([1, 2] as $i) {
    echo "include #$i: ", json_encode(include "$d/sub"), "\n";
}
PHP;
$base = sc_tmpdir('adv-errno');
file_put_contents("$base/script.php", $script);
$d = "$base/d";
mkdir("$d/sub", 0755, true);
touch("$d/f");
$cases = ['mkdir', 'missing', 'notdir', 'touch', 'stat-missing', 'found', 'realpath', 'hit-exists', 'hit-is-file', 'hit-readable'];
$same = 0;
foreach ($cases as $case) {
    $outs = [];
    $ini = ['statcache.enable_cli' => 1] + (str_starts_with($case, 'hit-') ? ['statcache.max_staleness_ms' => 0] : []);
    foreach (['php -n' => sc_php_plain(), 'statcache' => sc_php_with_ext($ini)] as $what => $cmd) {
        [$rc, $out, $err] = sc_run(array_merge($cmd, ["$base/script.php", $d, $case]));
        $outs[$what] = "exit $rc\n" . $out . $err;
    }
    if ($outs['php -n'] === $outs['statcache']) {
        $same++;
    } else {
        echo "DIFFERENT: $case\n--- php -n\n{$outs['php -n']}--- statcache\n{$outs['statcache']}";
    }
}
echo "$same of ", count($cases), " cases identical\n";
/* the cases are about what they say: PHP's text comes from the stale errno */
[, $out] = sc_run(array_merge(sc_php_plain(), ["$base/script.php", $d, 'mkdir']));
echo str_contains($out, 'include(D/sub): Failed to open stream: File exists') ? "php -n: the stale EEXIST\n" : "php -n said: $out";
?>
--EXPECT--
10 of 10 cases identical
php -n: the stale EEXIST
