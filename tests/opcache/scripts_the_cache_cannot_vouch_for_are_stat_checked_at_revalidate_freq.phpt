--TEST--
opcache_invalidate: scripts on a file system statcache does not trust (statcache.test_untrusted=1) are stat()ed at opcache.revalidate_freq instead (0: at every include): another process's change is served at the next include; statcache_stats() counts them in opcache_polled and --ri lists them with why (checked, so not logged)
--SKIPIF--
<?php
require __DIR__ . '/opcache.inc';
if ($r = sc_oc_skip_reason()) die("skip $r");
?>
--FILE--
<?php
require __DIR__ . '/opcache.inc';
$d = sc_tmpdir('oc-polled');
$code = SC_OC_CHILD_LIB . <<<'PHP'
$f = $argv[1] . '/s.php';
file_put_contents($f, '<?php return "old";');
echo include $f, "\n";
$h = sc_unrelated('printf "<?php return \"new\";" > "$1.tmp" && mv "$1.tmp" "$1"', $f);
echo include $f, "\n";
$s = statcache_stats();
echo "polled: ", $s['opcache_polled'] >= 1 ? 'yes' : 'no', ", invalidations: ", $s['opcache_invalidations'], "\n";
ob_start();
$m = new ReflectionExtension('statcache');
$m->info();
$info = ob_get_clean();
echo preg_match('~^' . preg_quote($f, '~') . ' => the cache leaves it to PHP~m', $info) ? "listed in --ri\n" : $info;
sc_unrelated_end($h);
PHP;
echo sc_oc_child($d, $code, ['statcache.test_untrusted' => '1', 'opcache.revalidate_freq' => '0'], [$d]);
?>
--EXPECT--
old
new
polled: yes, invalidations: 1
listed in --ri
