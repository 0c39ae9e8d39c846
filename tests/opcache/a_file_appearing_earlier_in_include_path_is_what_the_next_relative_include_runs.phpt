--TEST--
opcache_invalidate: include_path "a:b" and a script in b/ included by its relative name (include, then require_once): once a file of that name appears in a/ (written by this process: at once; renamed there by another process: within the bound) or goes again, the next include runs what PHP without opcache runs (php -n); without the setting opcache keeps serving b/'s script
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-rel-ip');
$code = SC_OC_CHILD_LIB . <<<'PHP'

chdir($argv[1]);
set_include_path('a' . PATH_SEPARATOR . 'b');
echo include 'x.php', ' ';
file_put_contents('a/x.php', '<?php return "a-own";');
echo include 'x.php', ' ';
unlink('a/x.php');
echo include 'x.php', ' ';
/* by absolute names: a ZTS PHP's chdir() is its own, not the process's */
$h = sc_unrelated('printf "%s" "$1" > "$2/a/x.tmp" && mv "$2/a/x.tmp" "$2/a/x.php"', '<?php return "a-other";',
    getcwd());
sc_past_the_bound();
echo include 'x.php', ' ';
sc_unrelated_end($h);
echo include 'y.php', ' ';
file_put_contents('a/y.php', '<?php return "ya";');
echo require_once 'y.php', "\n";
PHP;
foreach (['on' => ['statcache.opcache_invalidate' => '1'], 'off' => ['statcache.opcache_invalidate' => '0'],
        'php -n' => null] as $name => $ini) {
    $w = "$d/" . strtr($name, ' ', '_');
    mkdir("$w/a", 0777, true);
    mkdir("$w/b");
    file_put_contents("$w/b/x.php", '<?php return "b";');
    file_put_contents("$w/b/y.php", '<?php return "yb";');
    if ($ini === null) {
        file_put_contents("$w/main.php", $code);
        [$rc, $out, $err] = sc_run(array_merge(sc_php_plain(), ["$w/main.php", $w]));
        echo "$name: $out$err";
    } else {
        echo "$name: ", sc_oc_child($d, $code, $ini, [$w]);
    }
}
?>
--EXPECT--
on: b a-own b a-other yb ya
off: b b b b yb 1
php -n: b a-own b a-other yb ya
