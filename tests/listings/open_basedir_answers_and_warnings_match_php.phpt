--TEST--
listings: under open_basedir, scandir/opendir/SPL iterators refuse what PHP refuses with PHP's warnings, and glob() filters its results (false when all were filtered) exactly as PHP does, also after the listings were remembered
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/listing_common.inc';
$d = sc_tmpdir('listings-basedir');
ls_fixture($d);
// remembered before open_basedir is set: they must not leak past it
ls_run($d);
$basedir = "$d/sub" . PATH_SEPARATOR . "$d/lang" . PATH_SEPARATOR . realpath(__DIR__ . '/../include');
ini_set('open_basedir', $basedir);
ls_compare('open_basedir', $d, $basedir);
ls_compare('again', $d, $basedir);
?>
--EXPECTF--
open_basedir: %d calls, identical
again: %d calls, identical
