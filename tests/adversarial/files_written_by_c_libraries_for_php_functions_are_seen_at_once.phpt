--TEST--
adversarial: files that PHP functions have a C library write without PHP streams (OpenSSL's *_export_to_file(), openssl_pkcs7_*() and openssl_cms_*() outputs, readline_write_history()) are seen at once
--DESCRIPTION--
OpenSSL writes these through BIO_new_file() and readline through its own
stdio, not through PHP's stdio stream ops: each function is a sync point
(hooked when its extension is present, also when loaded after statcache).
The watcher is off in the child PHP.  A part whose extension is missing
prints what it would print, and says so.
--SKIPIF--
<?php
require __DIR__ . '/../include/adversarial_sync.inc';
if (adv_child_php([['openssl_pkey_new', 'openssl']]) === null && adv_child_php([['readline_write_history', 'readline']]) === null) {
    die('skip neither openssl nor readline is installed');
}
?>
--FILE--
<?php
require __DIR__ . '/../include/adversarial_sync.inc';
$d = sc_tmpdir('adv-clib');
$openssl = <<<'PHP'
<?php
require $argv[1];
$d = $argv[2];
$names = ['key', 'crt', 'csr', 'p12', 'p7s', 'p7e', 'p7d', 'p7v', 'p7c', 'cmss', 'cmse', 'cmsd', 'cmsv', 'cmsc'];
file_put_contents("$d/msg", "a message\n");
$key = openssl_pkey_new(['private_key_bits' => 2048, 'private_key_type' => OPENSSL_KEYTYPE_RSA]);
$csr = openssl_csr_new(['commonName' => 'statcache.test'], $key);
$crt = openssl_csr_sign($csr, null, $key, 1);
adv_cache(...array_map(fn ($n) => "$d/$n", $names));   /* after the write of msg, a sync point */
var_dump(openssl_pkey_export_to_file($key, "$d/key"));
adv_check('openssl_pkey_export_to_file()', "$d/key");
var_dump(openssl_x509_export_to_file($crt, "$d/crt"));
adv_check('openssl_x509_export_to_file()', "$d/crt");
var_dump(openssl_csr_export_to_file($csr, "$d/csr"));
adv_check('openssl_csr_export_to_file()', "$d/csr");
var_dump(openssl_pkcs12_export_to_file($crt, "$d/p12", $key, 'pw'));
adv_check('openssl_pkcs12_export_to_file()', "$d/p12");
var_dump(openssl_pkcs7_sign("$d/msg", "$d/p7s", $crt, $key, []));
adv_check('openssl_pkcs7_sign()', "$d/p7s");
var_dump(openssl_pkcs7_encrypt("$d/msg", "$d/p7e", $crt, []));
adv_check('openssl_pkcs7_encrypt()', "$d/p7e");
var_dump(openssl_pkcs7_decrypt("$d/p7e", "$d/p7d", $crt, $key));
adv_check('openssl_pkcs7_decrypt()', "$d/p7d");
var_dump(openssl_pkcs7_verify("$d/p7s", PKCS7_NOVERIFY, "$d/p7v", [], "$d/crt", "$d/p7c"));
adv_check('openssl_pkcs7_verify() signers', "$d/p7v");
adv_check('openssl_pkcs7_verify() content', "$d/p7c");
var_dump(openssl_cms_sign("$d/msg", "$d/cmss", $crt, $key, []));
adv_check('openssl_cms_sign()', "$d/cmss");
var_dump(openssl_cms_encrypt("$d/msg", "$d/cmse", $crt, []));
adv_check('openssl_cms_encrypt()', "$d/cmse");
var_dump(openssl_cms_decrypt("$d/cmse", "$d/cmsd", $crt, $key));
adv_check('openssl_cms_decrypt()', "$d/cmsd");
var_dump(openssl_cms_verify("$d/cmss", OPENSSL_CMS_NOVERIFY, "$d/cmsv", [], "$d/crt", "$d/cmsc"));
adv_check('openssl_cms_verify() signers', "$d/cmsv");
adv_check('openssl_cms_verify() content', "$d/cmsc");
PHP;
$readline = <<<'PHP'
<?php
require $argv[1];
$d = $argv[2];
adv_cache("$d/history");
readline_add_history('a line');
var_dump(readline_write_history("$d/history"));
adv_check('readline_write_history()', "$d/history");
PHP;
foreach (['openssl' => [$openssl, 'openssl_pkey_new'], 'readline' => [$readline, 'readline_write_history']] as $ext => [$code, $probe]) {
    file_put_contents("$d/$ext.php", $code);
    $cmd = adv_child_php([[$probe, $ext]], $ext === 'readline' ? ['readline.history_file' => "$d/none"] : []);
    if ($cmd === null) {
        echo "-- $ext: not installed, its part skipped\n";
        continue;
    }
    /* OpenSSL without its configuration (no openssl.cnf, as in a minimal
     * system) makes no key: nothing to write, so nothing to check */
    if ($ext === 'openssl') {
        [, $can] = sc_run(array_merge(sc_php_plain(), ['-r', 'echo @openssl_pkey_new(["private_key_bits" => 2048]) !== false ? 1 : 0;']));
        if (trim($can) !== '1') {
            echo "-- $ext: cannot make a key here (no OpenSSL configuration), its part skipped\n";
            continue;
        }
    }
    [$rc, $out, $err] = sc_run(array_merge($cmd, ["$d/$ext.php", __DIR__ . '/../include/adversarial_sync.inc', $d]));
    $lines = array_filter(explode("\n", $out . $err), fn ($l) => $l !== 'bool(true)' && $l !== '');
    $bad = array_filter($lines, fn ($l) => !str_ends_with($l, ': same'));
    echo "-- $ext: ", count($lines), ' checks, ', $bad ? "differences:\n" . implode("\n", $bad) : 'all the same', "\n";
}
?>
--EXPECTREGEX--
^-- openssl: (14 checks, all the same|not installed, its part skipped|cannot make a key here \(no OpenSSL configuration\), its part skipped)
-- readline: (1 checks, all the same|not installed, its part skipped)$
