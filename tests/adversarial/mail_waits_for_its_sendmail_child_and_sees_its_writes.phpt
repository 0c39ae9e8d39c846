--TEST--
adversarial: mail() (and error_log() of type 1, and mb_send_mail() where mbstring is loaded) wait for their sendmail_path child: what the child wrote is seen at once
--DESCRIPTION--
php_mail() runs sendmail_path through popen() and waits for it in
pclose(): a wait for a child, so a sync point.  sendmail_path is a script
that appends the message to a file; the watcher is off in the child PHP,
so nothing else would make the change visible.
--FILE--
<?php
require __DIR__ . '/../include/adversarial_sync.inc';
$d = sc_tmpdir('adv-mail');
file_put_contents("$d/sendmail", "#!/bin/sh\ncat >> '$d/out'\n");
chmod("$d/sendmail", 0755);
$child = <<<'PHP'
<?php
require $argv[1];
$d = $argv[2];
adv_cache("$d/out");
var_dump(mail('someone@example.org', 'subject', 'body'));
adv_check('mail(), the file created', "$d/out");
adv_cache("$d/out");
var_dump(mail('someone@example.org', 'subject', 'more'));
adv_check('mail(), the file appended', "$d/out");
adv_cache("$d/out");
var_dump(error_log('by mail', 1, 'someone@example.org'));
adv_check('error_log() type 1', "$d/out");
if (function_exists('mb_send_mail')) {
    adv_cache("$d/out");
    $ok = mb_send_mail('someone@example.org', 'subject', 'mb');
    adv_check('mb_send_mail()', "$d/out");
}
PHP;
file_put_contents("$d/child.php", $child);
$cmd = adv_child_php([], ['sendmail_path' => "$d/sendmail"]);
[$rc, $out, $err] = sc_run(array_merge($cmd, ["$d/child.php", __DIR__ . '/../include/adversarial_sync.inc', $d]));
echo preg_replace('/^mb_send_mail\(\): same\n/m', '', $out), $err;
?>
--EXPECT--
bool(true)
mail(), the file created: same
bool(true)
mail(), the file appended: same
bool(true)
error_log() type 1: same
