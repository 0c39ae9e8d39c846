#!/usr/bin/env python3
"""Another process that changes files the way PHP cannot: through
descriptors it keeps (a file opened, or made with O_TMPFILE, then given a
name with linkat(); written, fchmod()ed, ftruncate()d, futimens()ed after
its name went away) and through names of its own (hard links, FIFOs, unix
sockets, device nodes).  The tests run it next to PHP with statcache and
do not wait for it (waiting for a child is a sync point): they send one
JSON list per line on stdin, [command, arguments...], and read one JSON
line back once it is done, {"ok": value} or {"err": "ENOENT: ..."}.
"quit" (or the end of stdin) ends it.

Descriptors are kept under names the caller chooses ("open", "tmpfile")
until "close"; every one is opened with O_NOFOLLOW and O_NONBLOCK (a FIFO
never blocks) and only a regular file is kept.

  open ID PATH                 O_RDWR|O_CREAT (0644), kept as ID
  tmpfile ID DIR               O_TMPFILE|O_RDWR (0644) in DIR, kept as ID
  linkat ID PATH               gives ID's file the name PATH (linkat() of
                               /proc/self/fd/N with AT_SYMLINK_FOLLOW, as
                               an unprivileged process can)
  write ID DATA                appends DATA through ID
  truncate ID SIZE | chmod ID MODE | utime ID SECONDS | chown ID UID GID
                               ftruncate(), fchmod(), futimens(), fchown()
  close ID
  link FROM TO | unlink PATH | rename FROM TO
  pchmod PATH MODE | pchown PATH UID GID | touch PATH SECONDS
  append PATH DATA | ptruncate PATH SIZE
                               the same through a name (not followed for
                               link(), followed as chmod(1) and the rest do)
  mkfifo PATH MODE | socket PATH | mknod PATH MODE (a character device,
                               /dev/null's numbers: root only)
  put PATH DATA                a new regular file (O_EXCL)
"""
import errno
import json
import os
import socket
import stat
import sys

fds = {}


def keep(name, fd):
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise OSError(errno.EINVAL, 'not a regular file')
    if name in fds:
        os.close(fds.pop(name))
    fds[name] = fd


def run(cmd, a):
    if cmd == 'open':
        keep(a[0], os.open(a[1], os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o644))
    elif cmd == 'tmpfile':
        keep(a[0], os.open(a[1], os.O_TMPFILE | os.O_RDWR | os.O_CLOEXEC, 0o644))
    elif cmd == 'linkat':
        # a directory fd makes os.link() call linkat() (with no dir_fd it
        # calls link(), which does not follow /proc's link)
        proc = os.open('/proc/self/fd', os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            os.link(str(fds[a[0]]), a[1], src_dir_fd=proc, follow_symlinks=True)
        finally:
            os.close(proc)
    elif cmd == 'write':
        os.lseek(fds[a[0]], 0, os.SEEK_END)
        os.write(fds[a[0]], a[1].encode())
    elif cmd == 'truncate':
        os.ftruncate(fds[a[0]], int(a[1]))
    elif cmd == 'chmod':
        os.fchmod(fds[a[0]], int(a[1]))
    elif cmd == 'utime':
        os.utime(fds[a[0]], (int(a[1]), int(a[1])))
    elif cmd == 'chown':
        os.fchown(fds[a[0]], int(a[1]), int(a[2]))
    elif cmd == 'close':
        os.close(fds.pop(a[0]))
    elif cmd == 'link':
        os.link(a[0], a[1], follow_symlinks=False)
    elif cmd == 'unlink':
        os.unlink(a[0])
    elif cmd == 'rename':
        os.rename(a[0], a[1])
    elif cmd == 'pchmod':
        os.chmod(a[0], int(a[1]))
    elif cmd == 'pchown':
        os.chown(a[0], int(a[1]), int(a[2]))
    elif cmd == 'touch':
        os.utime(a[0], (int(a[1]), int(a[1])))
    elif cmd == 'append':
        fd = os.open(a[0], os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK | os.O_CLOEXEC)
        try:
            os.write(fd, a[1].encode())
        finally:
            os.close(fd)
    elif cmd == 'ptruncate':
        os.truncate(a[0], int(a[1]))
    elif cmd == 'mkfifo':
        os.mkfifo(a[0], int(a[1]))
    elif cmd == 'socket':
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            s.bind(a[0])
        finally:
            s.close()
    elif cmd == 'mknod':
        os.mknod(a[0], stat.S_IFCHR | int(a[1]), os.makedev(1, 3))
    elif cmd == 'put':
        fd = os.open(a[0], os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
        try:
            os.write(fd, a[1].encode())
        finally:
            os.close(fd)
    else:
        raise ValueError('unknown command %r' % cmd)
    return True


def main():
    os.umask(0o022)
    for line in sys.stdin:
        if line.strip() == 'quit':
            break
        req = json.loads(line)
        try:
            out = {'ok': run(req[0], [str(x) for x in req[1:]])}
        except (OSError, KeyError, ValueError) as e:
            code = errno.errorcode.get(getattr(e, 'errno', None) or 0, type(e).__name__)
            out = {'err': '%s: %s' % (code, e)}
        sys.stdout.write(json.dumps(out) + '\n')
        sys.stdout.flush()


if __name__ == '__main__':
    main()
