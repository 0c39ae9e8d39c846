--TEST--
package: phpversion('statcache') is package.xml's release version
--SKIPIF--
<?php
if (!extension_loaded('statcache')) die('skip statcache not loaded');
?>
--FILE--
<?php
/* package.xml is two levels up in a source tree, three in a PECL tarball
 * (package.xml next to statcache-X.Y.Z/). No SimpleXML: a static build with
 * --disable-all has none. */
$xml = null;
foreach ([__DIR__ . '/../../package.xml', __DIR__ . '/../../../package.xml'] as $f) {
    if (is_file($f)) {
        $xml = file_get_contents($f);
        break;
    }
}
var_dump($xml !== null);
preg_match('~<version>\s*<release>\s*([^<\s]+)\s*</release>~', $xml ?? '', $m);
var_dump(isset($m[1]));
var_dump(phpversion('statcache') === ($m[1] ?? null));
if (phpversion('statcache') !== ($m[1] ?? null)) {
    echo 'module: ', phpversion('statcache'), ', package.xml: ', $m[1] ?? '?', "\n";
}
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
