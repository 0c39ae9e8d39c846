--TEST--
adversarial: after chroot(), every answer is the new root's: file_exists(), is_dir(), filesize(), realpath() and scandir() of names cached under the old root, missing ones included, equal what PHP alone says after the same chroot()
--SKIPIF--
<?php
require __DIR__ . '/../include/common.inc';
if (!function_exists('chroot')) die('skip chroot() is not available (ZTS, or not the CLI)');
if (sc_euid() !== 0) die('skip chroot() needs root');
?>
--INI--
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/common.inc';

/* The same script body runs here (statcache loaded) and under php -n; the
 * answers before and after chroot() are printed as JSON. */
$body = <<<'PHP'
$jail = $argv[1];
$names = ['/etc', '/etc/passwd', '/etc/only_in_jail', '/etc/sub', '/etc/sub/f', '/bin', '/only/dir'];
function answers(array $names): array
{
    $a = [];
    foreach ($names as $n) {
        @stat('.');   // PHP's own one-entry stat cache points elsewhere
        $a[$n] = [file_exists($n), is_dir($n), is_file($n), @filesize($n), realpath($n)];
    }
    $a['scandir(/etc)'] = @scandir('/etc');
    if (is_array($a['scandir(/etc)'])) {
        $a['scandir(/etc)'] = count($a['scandir(/etc)']) > 8 ? 'many' : $a['scandir(/etc)'];
    }
    return $a;
}
answers($names);                      // fill
$before = answers($names);            // hits
if (!chroot($jail)) {
    echo "chroot failed\n";
    exit(1);
}
echo json_encode(['before' => $before, 'after' => answers($names), 'cwd' => getcwd()], JSON_UNESCAPED_SLASHES);
PHP;

$d = sc_tmpdir('chroot');
mkdir("$d/jail/etc/sub", 0755, true);
mkdir("$d/jail/only/dir", 0755, true);
file_put_contents("$d/jail/etc/only_in_jail", 'jail!');
file_put_contents("$d/jail/etc/sub/f", 'abc');
file_put_contents("$d/body.php", "<?php\n$body\n");

[$rc1, $mine, $err1] = sc_run(array_merge(sc_php_with_ext(['statcache.enable_cli' => 1]), ["$d/body.php", "$d/jail"]));
[$rc2, $theirs, $err2] = sc_run(array_merge(sc_php_plain(), ["$d/body.php", "$d/jail"]));
echo "exit: $rc1 $rc2 $err1$err2\n";
$m = json_decode($mine, true);
$t = json_decode($theirs, true);
foreach (['before', 'after'] as $when) {
    foreach ($m[$when] as $n => $v) {
        echo "$when $n: ", json_encode($v, JSON_UNESCAPED_SLASHES), $v === $t[$when][$n] ? '' : ' DIFFERENT, php -n: ' . json_encode($t[$when][$n], JSON_UNESCAPED_SLASHES), "\n";
    }
}
echo "cwd: $m[cwd]", $m['cwd'] === $t['cwd'] ? '' : " DIFFERENT, php -n: $t[cwd]", "\n";
?>
--EXPECTF--
exit: 0 0 
before /etc: [true,true,false,4096,"/etc"]
before /etc/passwd: [true,false,true,%d,"/etc/passwd"]
before /etc/only_in_jail: [false,false,false,false,false]
before /etc/sub: [false,false,false,false,false]
before /etc/sub/f: [false,false,false,false,false]
before /bin: [true,true,false,%d,%s]
before /only/dir: [false,false,false,false,false]
before scandir(/etc): "many"
after /etc: [true,true,false,%d,"/etc"]
after /etc/passwd: [false,false,false,false,false]
after /etc/only_in_jail: [true,false,true,5,"/etc/only_in_jail"]
after /etc/sub: [true,true,false,%d,"/etc/sub"]
after /etc/sub/f: [true,false,true,3,"/etc/sub/f"]
after /bin: [false,false,false,false,false]
after /only/dir: [true,true,false,%d,"/only/dir"]
after scandir(/etc): [".","..","only_in_jail","sub"]
cwd: /
