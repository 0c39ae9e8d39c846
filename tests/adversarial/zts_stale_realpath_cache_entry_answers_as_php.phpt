--TEST--
ZTS: after a waited-for child replaces a symlink PHP's realpath cache still resolves (a -> x, x a 0711 directory, then a -> y, a 0644 file), stat() and access() of the link (plain, file://, "a/", "a/.", SplFileInfo) answer for the old target as PHP does for realpath_cache_ttl, whichever call put the link in PHP's realpath cache (a stat, an access, realpath()), and leave PHP's realpath cache as PHP leaves it; compared with php -n of the same PHP, and answered from the cache (hits, nothing left to PHP)
--SKIPIF--
<?php
if (!PHP_ZTS) {
    die('skip ZTS only: an NTS PHP asks the kernel about the spelling itself, not about the name its realpath cache resolves it to');
}
?>
--INI--
statcache.enable_cli=1
statcache.first_look=0
--FILE--
<?php
require __DIR__ . '/../include/common.inc';
$d = sc_tmpdir('zts-stale-rp');
$script = "$d/calls.php";
file_put_contents($script, <<<'PHP'
<?php
// argv: a fresh directory, the call that first resolves the link, and an
// open_basedir to set at run time ("": none; set at startup, it would turn
// PHP's realpath cache off)
[, $d, $first, $basedir] = $argv;
if ($basedir !== '' && ini_set('open_basedir', $basedir) === false) {
    exit("cannot set open_basedir\n");
}
mkdir("$d/x", 0711);
file_put_contents("$d/y", "ab");
chmod("$d/y", 0644);
symlink('x', "$d/a");
$out = json_encode($first($d . '/a'), JSON_UNESCAPED_SLASHES) . "\n";
$before = extension_loaded('statcache') ? statcache_stats() : null;
// a waited-for child replaces the link (a sync point: the cache sees it)
shell_exec('cd ' . escapeshellarg($d) . ' && ln -s y a.new && mv -T a.new a');
$a = "$d/a";
$spl = new SplFileInfo($a);
$answers = [
    'is_executable' => is_executable($a), 'is_readable' => is_readable($a), 'file_exists' => file_exists($a),
    'is_dir' => is_dir($a), 'is_file' => is_file($a), 'filesize' => filesize($a), 'fileperms' => fileperms($a),
    'is_dir file://' => is_dir("file://$a"), 'filesize file://' => filesize("file://$a"),
    'is_dir a/' => is_dir("$a/"), 'file_exists a/.' => file_exists("$a/."), 'is_executable a/' => is_executable("$a/"),
    'stat size' => stat($a)['size'], 'is_link' => is_link($a), 'filetype' => filetype($a),
    'spl isDir' => $spl->isDir(), 'spl isExecutable' => $spl->isExecutable(), 'spl getSize' => $spl->getSize(),
];
foreach ($answers as $k => $v) {
    $out .= "$k: " . json_encode($v) . "\n";
}
// PHP's realpath cache as realpath_cache_get() shows it (but expiry times)
$c = realpath_cache_get();
ksort($c);
foreach ($c as $k => $v) {
    if (strpos($k, $d) === 0) {
        $out .= str_replace($d, 'D', "$k => {$v['realpath']}" . ($v['is_dir'] ? ' (dir)' : '')) . "\n";
    }
}
echo $out;
if ($before && $before['enabled']) { // (a static build has it loaded, off, under php -n too)
    $after = statcache_stats();
    fprintf(STDERR, "after the child: %d hits, %d left to PHP\n", $after['hits'] - $before['hits'],
        $after['bypassed'] + $after['untrusted'] - $before['bypassed'] - $before['untrusted']);
}
PHP);
$rp = ['realpath_cache_size' => '4096K', 'realpath_cache_ttl' => '120'];
$n = 0;
// under open_basedir too: PHP checks first, then resolves through its cache
foreach (['is_dir' => '', 'file_exists' => '', 'filesize' => '', 'realpath' => '',
        'is_dir, open_basedir' => $d, 'realpath, open_basedir' => $d] as $label => $basedir) {
    $first = strtok($label, ',');
    $runs = [];
    foreach (['php -n' => sc_php_plain($rp), 'statcache' => sc_php_with_ext($rp + ['statcache.enable_cli' => '1'])]
            as $who => $cmd) {
        mkdir($dir = "$d/" . ++$n);
        [$rc, $out, $err] = sc_run(array_merge($cmd, [$script, $dir, $first, $basedir]));
        $runs[$who] = [$rc, str_replace($dir, 'D', $out), $err];
    }
    [$plain, $sc] = [$runs['php -n'], $runs['statcache']];
    $stale = strpos($plain[1], "is_executable: true\n") !== false && strpos($plain[1], "filesize: 4096\n") !== false;
    printf("%s first: %s, php -n answers from the old target: %s, %s\n", $label,
        $plain[0] === 0 && $plain[2] === '' && $plain === [$sc[0], $sc[1], ''] ? 'same answers and realpath cache'
            : "DIFFERENT\n--- php -n:\n{$plain[1]}{$plain[2]}--- statcache:\n{$sc[1]}", $stale ? 'yes' : 'no',
        // (PHP's one-entry stat cache answers some; under open_basedir file_exists() & co are PHP's)
        preg_match('/^after the child: (\d+) hits, 0 left to PHP$/', trim($sc[2]), $m) && $m[1] >= 3
            ? 'answered from the cache' : 'NOT answered from the cache: ' . trim($sc[2]));
}
?>
--EXPECT--
is_dir first: same answers and realpath cache, php -n answers from the old target: yes, answered from the cache
file_exists first: same answers and realpath cache, php -n answers from the old target: yes, answered from the cache
filesize first: same answers and realpath cache, php -n answers from the old target: yes, answered from the cache
realpath first: same answers and realpath cache, php -n answers from the old target: yes, answered from the cache
is_dir, open_basedir first: same answers and realpath cache, php -n answers from the old target: yes, answered from the cache
realpath, open_basedir first: same answers and realpath cache, php -n answers from the old target: yes, answered from the cache
