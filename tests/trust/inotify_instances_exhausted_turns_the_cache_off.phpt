--TEST--
trust: inotify_init1() failing (another process holds every inotify instance the user may have): the cache is off in that process with one log line and the cause in statcache_stats(), answers equal PHP's, no crash
--DESCRIPTION--
The w of /etc/passwd is the running user's (root may write it, others
may not): the expected text leaves that one letter open, and `php -n:
same` (PHP without the cache, run as the same user) checks it.
--SKIPIF--
<?php
require __DIR__ . '/../include/trust_common.inc';
if ($why = trust_userns_missing()) die("skip $why");
exec('command -v gcc', $o, $rc);
if ($rc !== 0) die('skip gcc is not installed (the helper that takes the instances is compiled)');
?>
--INI--
statcache.first_look=0
statcache.enable_cli=1
--FILE--
<?php
require __DIR__ . '/../include/trust_common.inc';

if (($argv[1] ?? '') === 'inner') {
    $d = $argv[2];
    $paths = [$d, "$d/f", "$d/dir", "$d/dir/g", "$d/missing", "$d/missing/x", '/etc/passwd'];
    trust_show('first', $paths, $d);
    trust_show('again', $paths, $d);
    trust_sh('echo 123 >> ' . trust_q("$d/f") . ' && rm ' . trust_q("$d/dir/g"));
    trust_show('changed', $paths, $d);
    $st = trust_stats();
    echo "enabled: ", var_export($st['enabled'], true), ", mode: $st[mode], hits: $st[hits], misses: $st[misses]\n";
    echo "off_reason: ", $st['off_reason'] ?? '(none)', "\n";
    exit(0);
}

$d = sc_tmpdir('noinst');
mkdir("$d/dir");
file_put_contents("$d/f", 'ffff');
file_put_contents("$d/dir/g", 'g');
/* takes instances until inotify_init1() fails, says how it failed, holds them */
$hog = trust_cc($d, 'hog', <<<'C'
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>
int main(void)
{
    int n = 0;
    while (inotify_init1(IN_CLOEXEC) >= 0) {
        n++;
    }
    printf("held %d, then: %s\n", n, strerror(errno));
    fflush(stdout);
    pause();
    return 0;
}
C);
$inner = implode(' ', array_map('escapeshellarg', array_merge(sc_php_with_ext(['statcache.enable_cli' => 1,
    'realpath_cache_size' => 0, 'display_errors' => 1, 'log_errors' => 0]), [__FILE__, 'inner', $d])));
/* in a user namespace whose own limit is 4 instances: nobody else is touched */
$script = trust_q($hog) . ' > ' . trust_q("$d/hog.out") . ' & pid=$!; '
    . 'while ! grep -q held ' . trust_q("$d/hog.out") . ' 2>/dev/null; do sleep 0.01; done; cat ' . trust_q("$d/hog.out") . '; '
    . $inner . '; echo "php exit: $?"; kill $pid; wait $pid 2>/dev/null; true';
[$rc, $out, $err] = sc_run(trust_userns_cmd(['max_inotify_instances' => 4], ['sh', '-c', $script]));
echo $out, $err, "rc $rc\n";
?>
--EXPECTF--
held 4, then: Too many open files
first: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], /etc/passwd=file r%c- %d
  php -n: same
again: .=dir rwx, f=file rw- 4, dir=dir rwx, dir/g=file rw- 1, missing=missing [6 warnings], missing/x=missing [6 warnings], /etc/passwd=file r%c- %d
  php -n: same
changed: .=dir rwx, f=file rw- 8, dir=dir rwx, dir/g=missing [6 warnings], missing=missing [6 warnings], missing/x=missing [6 warnings], /etc/passwd=file r%c- %d
  php -n: same
enabled: false, mode: off, hits: 0, misses: 0
off_reason: inotify_init1() failed (fs.inotify.max_user_instances, or the open-files limit?)
php exit: 0
statcache: inotify_init1() failed: Too many open files; the cache is off in process %d (raise fs.inotify.max_user_instances, or ulimit -n)
rc 0
