--TEST--
opcache_invalidate: each change by a process not waited for is served at the first include after the bound: a script written in place (same size), deleted, chmod'ed, a directory on its path renamed, replaced or deleted, a deploy symlink swapped; without the setting opcache serves the old code for all of them
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-kinds');
$code = SC_OC_CHILD_LIB . <<<'PHP'
$d = $argv[1] . '/' . ini_get('statcache.opcache_invalidate');
mkdir($d);
function put(string $f, string $v): void { @mkdir(dirname($f), 0777, true); file_put_contents($f, "<?php return '$v';"); }
function inc(string $f): string { $r = @include $f; return $r === false ? 'no file' : $r; }
$cases = [
    'written in place' => ["$d/w/s.php", 'printf "<?php return %s;" "\'v2\'" > "$1/w/s.php"'],
    'deleted' => ["$d/x/s.php", 'rm "$1/x/s.php"'],
    'chmod' => ["$d/c/s.php", 'chmod 0600 "$1/c/s.php"'],
    'parent renamed, another in its place' => ["$d/r/app/s.php",
        'mv "$1/r/app" "$1/r/old" && mkdir "$1/r/app" && printf "<?php return %s;" "\'v2\'" > "$1/r/app/s.php"'],
    'parent replaced' => ["$d/p/app/s.php",
        'rm -r "$1/p/app" && mkdir "$1/p/app" && printf "<?php return %s;" "\'v2\'" > "$1/p/app/s.php"'],
    'parent deleted' => ["$d/g/app/s.php", 'rm -r "$1/g/app"'],
    'grandparent renamed away' => ["$d/a/b/c/s.php", 'mv "$1/a/b" "$1/a/gone"'],
    'deploy symlink swapped' => ["$d/l/current/s.php",
        'cd "$1/l" && ln -s releases/2 current.tmp && mv -T current.tmp current'],
];
put("$d/l/releases/1/s.php", 'v1');
put("$d/l/releases/2/s.php", 'v2');
symlink('releases/1', "$d/l/current");
foreach ($cases as $name => [$f, $sh]) {
    if (!is_link(dirname($f))) {
        put($f, 'v1');
    }
    inc($f);
    $n = sc_invalidations();
    $h = sc_unrelated($sh, $d);
    sc_past_the_bound();
    echo str_pad($name, 40), inc($f), ', ', inc($f), $name === 'chmod' ? ', invalidated: ' . (sc_invalidations() - $n) : '', "\n";
    sc_unrelated_end($h);
}
PHP;
// PHP's realpath cache would keep current/ -> releases/1 for realpath_cache_ttl
// (PHP without opcache includes the old release then too)
$ini = ['statcache.test_watcher' => '0', 'statcache.max_staleness_ms' => '5', 'realpath_cache_size' => '0'];
echo "-- on\n", sc_oc_child($d, $code, $ini, [$d]);
echo "-- off\n", sc_oc_child($d, $code, $ini + ['statcache.opcache_invalidate' => '0'], [$d]);
?>
--EXPECT--
-- on
written in place                        v2, v2
deleted                                 no file, no file
chmod                                   v1, v1, invalidated: 1
parent renamed, another in its place    v2, v2
parent replaced                         v2, v2
parent deleted                          no file, no file
grandparent renamed away                no file, no file
deploy symlink swapped                  v2, v2
-- off
written in place                        v1, v1
deleted                                 v1, v1
chmod                                   v1, v1, invalidated: 0
parent renamed, another in its place    v1, v1
parent replaced                         v1, v1
parent deleted                          v1, v1
grandparent renamed away                v1, v1
deploy symlink swapped                  v1, v1
