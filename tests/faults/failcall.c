/*
 * failcall: an LD_PRELOAD shim that makes one function fail when the
 * statcache module calls it, to show what the module does when the kernel
 * or the allocator says no (the tests in tests/faults compile it with gcc).
 *
 *   SC_FAIL=NAME:N[+][:ERRNO]   the Nth call of NAME made from a shared object
 *                               whose file name (not its directory) contains
 *                               SC_FAIL_FROM (default "statcache.so") fails
 *                               with ERRNO (a number;
 *                               default per function); "N+" fails the Nth and
 *                               every later one.
 * Calls from PHP itself or libc pass through untouched: only the module's
 * own calls are counted (by the caller's return address, dladdr()).  Every
 * injected failure writes "failcall: NAME #N failed (ERRNO)" to stderr so
 * that a test can tell that its fault really happened.
 * Built with -DFAILCALL_NO_ALLOC the allocator is left alone (ASan's must
 * stay the only one).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/statfs.h>
#include <unistd.h>

static char fail_name[64];
static const char *fail_from = "statcache.so";
static long fail_nth, fail_count;
static int fail_errno, fail_onward, fail_parsed;
static __thread int in_shim;

/* Reads SC_FAIL once (getenv does not allocate). */
static void failcall_parse(void)
{
	const char *s, *colon;

	if (__atomic_load_n(&fail_parsed, __ATOMIC_ACQUIRE)) {
		return;
	}
	s = getenv("SC_FAIL");
	if (s && (colon = strchr(s, ':')) && (size_t) (colon - s) < sizeof(fail_name)) {
		char *end;
		memcpy(fail_name, s, (size_t) (colon - s));
		fail_nth = strtol(colon + 1, &end, 10);
		if (*end == '+') {
			fail_onward = 1;
			end++;
		}
		fail_errno = *end == ':' ? atoi(end + 1) : 0;
	}
	if (getenv("SC_FAIL_FROM")) {
		fail_from = getenv("SC_FAIL_FROM");
	}
	__atomic_store_n(&fail_parsed, 1, __ATOMIC_RELEASE);
}

/* Whether this call (made from caller) is the one to fail. */
static int failcall_now(const char *name, const void *caller, int dflt_errno, int *err)
{
	Dl_info info;
	long n;

	failcall_parse();
	if (!fail_name[0] || strcmp(name, fail_name) != 0 || in_shim) {
		return 0;
	}
	in_shim = 1;
	if (!dladdr(caller, &info) || !info.dli_fname
			|| !strstr(strrchr(info.dli_fname, '/') ? strrchr(info.dli_fname, '/') + 1 : info.dli_fname, fail_from)) {
		in_shim = 0;
		return 0;
	}
	n = __atomic_add_fetch(&fail_count, 1, __ATOMIC_RELAXED);
	if (n == fail_nth || (fail_onward && n > fail_nth)) {
		char line[128];
		int len;
		*err = fail_errno ? fail_errno : dflt_errno;
		len = snprintf(line, sizeof(line), "failcall: %s #%ld failed (%s)\n", name, n, strerrorname_np(*err));
		if (write(2, line, (size_t) len) < 0) {
			/* nothing to do: the failure happens all the same */
		}
		in_shim = 0;
		return 1;
	}
	in_shim = 0;
	return 0;
}

#define REAL(ret, name, ...) \
	static ret (*real)(__VA_ARGS__); \
	if (!real) { \
		real = (ret (*)(__VA_ARGS__)) dlsym(RTLD_NEXT, name); \
	}

#define CALLER __builtin_return_address(0)

int inotify_init1(int flags)
{
	int e;
	REAL(int, "inotify_init1", int);
	if (failcall_now("inotify_init1", CALLER, EMFILE, &e)) {
		errno = e;
		return -1;
	}
	return real(flags);
}

int inotify_add_watch(int fd, const char *path, uint32_t mask)
{
	int e;
	REAL(int, "inotify_add_watch", int, const char *, uint32_t);
	if (failcall_now("inotify_add_watch", CALLER, ENOSPC, &e)) {
		errno = e;
		return -1;
	}
	return real(fd, path, mask);
}

int epoll_create1(int flags)
{
	int e;
	REAL(int, "epoll_create1", int);
	if (failcall_now("epoll_create1", CALLER, EMFILE, &e)) {
		errno = e;
		return -1;
	}
	return real(flags);
}

int epoll_ctl(int epfd, int op, int fd, struct epoll_event *ev)
{
	int e;
	REAL(int, "epoll_ctl", int, int, int, struct epoll_event *);
	if (failcall_now("epoll_ctl", CALLER, ENOMEM, &e)) {
		errno = e;
		return -1;
	}
	return real(epfd, op, fd, ev);
}

int epoll_wait(int epfd, struct epoll_event *evs, int max, int timeout)
{
	int e;
	REAL(int, "epoll_wait", int, struct epoll_event *, int, int);
	if (failcall_now("epoll_wait", CALLER, EBADF, &e)) {
		errno = e;
		return -1;
	}
	return real(epfd, evs, max, timeout);
}

int eventfd(unsigned int initval, int flags)
{
	int e;
	REAL(int, "eventfd", unsigned int, int);
	if (failcall_now("eventfd", CALLER, EMFILE, &e)) {
		errno = e;
		return -1;
	}
	return real(initval, flags);
}

ssize_t read(int fd, void *buf, size_t n)
{
	int e;
	REAL(ssize_t, "read", int, void *, size_t);
	if (failcall_now("read", CALLER, EIO, &e)) {
		errno = e;
		return -1;
	}
	return real(fd, buf, n);
}

int statfs(const char *path, struct statfs *buf)
{
	int e;
	REAL(int, "statfs", const char *, struct statfs *);
	if (failcall_now("statfs", CALLER, EIO, &e)) {
		errno = e;
		return -1;
	}
	return real(path, buf);
}

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	int e;
	REAL(void *, "mmap", void *, size_t, int, int, int, off_t);
	if (failcall_now("mmap", CALLER, ENOMEM, &e)) {
		errno = e;
		return MAP_FAILED;
	}
	return real(addr, len, prot, flags, fd, off);
}

int open(const char *path, int flags, ...)
{
	int e;
	mode_t mode = 0;
	REAL(int, "open", const char *, int, ...);
	if (flags & (O_CREAT | O_TMPFILE)) {
		va_list ap;
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	if (failcall_now("open", CALLER, EMFILE, &e)) {
		errno = e;
		return -1;
	}
	return real(path, flags, mode);
}

int pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
	int e;
	REAL(int, "pthread_create", pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);
	if (failcall_now("pthread_create", CALLER, EAGAIN, &e)) {
		return e; /* pthread_create returns the error, errno is untouched */
	}
	return real(t, attr, fn, arg);
}

/* PHP loads extensions with RTLD_DEEPBIND, which would bind the module's
 * calls to libc before this shim: the flag is dropped (as in
 * tests/host/nodeepbind.c). */
void *dlopen(const char *file, int mode)
{
	REAL(void *, "dlopen", const char *, int);
	return real(file, mode & ~RTLD_DEEPBIND);
}

#ifndef FAILCALL_NO_ALLOC
/* glibc's own entry points: no dlsym() (which may allocate) is needed. */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

void *malloc(size_t n)
{
	int e;
	if (failcall_now("malloc", CALLER, ENOMEM, &e)) {
		errno = e;
		return NULL;
	}
	return __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
	int e;
	/* counted as malloc: the module's allocations, whichever call */
	if (failcall_now("malloc", CALLER, ENOMEM, &e)) {
		errno = e;
		return NULL;
	}
	return __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
	int e;
	if (failcall_now("malloc", CALLER, ENOMEM, &e)) {
		errno = e;
		return NULL;
	}
	return __libc_realloc(p, n);
}

int posix_memalign(void **out, size_t align, size_t n)
{
	int e;
	void *p;
	if (failcall_now("malloc", CALLER, ENOMEM, &e)) {
		return e;
	}
	p = __libc_memalign(align, n);
	if (!p) {
		return ENOMEM;
	}
	*out = p;
	return 0;
}
#endif
