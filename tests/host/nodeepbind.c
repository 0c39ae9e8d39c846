/*
 * LD_PRELOAD shim for the TSan step only: PHP loads extensions with
 * RTLD_DEEPBIND, which the sanitizer runtimes refuse (their interceptors
 * would be bypassed); PHP drops the flag itself under ASan and MSan but not
 * under TSan.  This strips it and calls the next dlopen (TSan's).
 */
#define _GNU_SOURCE
#include <dlfcn.h>

void *dlopen(const char *file, int mode)
{
	static void *(*next)(const char *, int);
	if (!next) {
		next = (void *(*)(const char *, int)) dlsym(RTLD_NEXT, "dlopen");
	}
	return next(file, mode & ~RTLD_DEEPBIND);
}
