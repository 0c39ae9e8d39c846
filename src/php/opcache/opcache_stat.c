/*
 * statcache: opcache's own stat() of the scripts it revalidates, answered
 * from the cache.
 *
 * With opcache.validate_timestamps=1 (Debian's default) opcache checks
 * each cached script's modification time every revalidate_freq seconds
 * with a stat() of its real path (ZendAccelerator.c,
 * zend_get_file_handle_timestamp(): VCWD_STAT, which in an NTS PHP is the
 * C library's stat()).  That call goes through no PHP API an extension can
 * hook: it is opcache's own import of stat().  Where opcache is a shared
 * object of its own (PHP up to 8.4), that import is one entry of its
 * global offset table, and this file points it at sc_ocs_stat(), which
 * answers as PHP's stat() of the name answers with statcache loaded (the
 * plain-files wrapper's url_stat: the cached result, or the syscall).  No
 * other caller of stat() is touched.  Not done in a threaded PHP (opcache
 * calls virtual_stat(), PHP's own), nor where opcache is part of PHP's
 * binary (8.5: its import is every caller's).
 */
#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"
#include "php/opcache/opcache_stat.h"

#if STATCACHE_HAVE_CACHE && !defined(ZTS) && defined(__linux__) && defined(__LP64__)

#include "main/php_streams.h"
#include "zend_extensions.h"
#include "php/answers/answers.h"

#include <elf.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

typedef int (*sc_ocs_stat_fn)(const char *, struct stat *);

static sc_ocs_stat_fn sc_ocs_orig;  /* what opcache's entry held */
static void **sc_ocs_slot;          /* opcache's entry, while it holds ours */
static const char *sc_ocs_off = "opcache is not loaded as a shared object of its own";

/* opcache's stat(): for an absolute name other than "/" (opcache's
 * validate_root check of the root's inode) while a request runs, PHP's
 * stat() of it as statcache answers it (quiet, and without open_basedir,
 * which opcache's call never checks); otherwise the C library's. */
static int sc_ocs_stat(const char *path, struct stat *st)
{
	if (path && path[0] == '/' && path[1] != '\0' && SCG(active)) {
		php_stream_statbuf ssb;
		int r = sc_url_stat(&php_plain_files_wrapper, path,
			PHP_STREAM_URL_STAT_QUIET | PHP_STREAM_URL_STAT_IGNORE_OPEN_BASEDIR, &ssb, NULL);
		if (r == 0) {
			*st = ssb.sb;
		}
		return r;
	}
	return sc_ocs_orig(path, st);
}

typedef struct sc_ocs_find {
	const char *suffix;    /* the object's file name ends so */
	void **slot;           /* found: its stat() entry */
	uintptr_t relro_start, relro_end; /* the object's read-only-after-relocation range */
} sc_ocs_find;

/* An address the dynamic section gives: relocated in place by the loader
 * on most targets, an offset from the load address on others. */
static uintptr_t sc_ocs_dyn_addr(uintptr_t base, ElfW(Addr) a)
{
	return a < base ? base + a : (uintptr_t) a;
}

/* The entry of one relocation table that binds stat(), or NULL. */
static void **sc_ocs_in_table(uintptr_t base, const ElfW(Rela) *rel, size_t n, const ElfW(Sym) *sym,
	const char *str)
{
	for (size_t i = 0; i < n; i++) {
		unsigned type = (unsigned) ELF64_R_TYPE(rel[i].r_info);
		size_t s = (size_t) ELF64_R_SYM(rel[i].r_info);
#if defined(__x86_64__)
		if (type != R_X86_64_JUMP_SLOT && type != R_X86_64_GLOB_DAT) {
			continue;
		}
#elif defined(__aarch64__)
		if (type != R_AARCH64_JUMP_SLOT && type != R_AARCH64_GLOB_DAT) {
			continue;
		}
#else
		(void) type;
		return NULL;
#endif
		if (s != 0 && strcmp(str + sym[s].st_name, "stat") == 0) {
			return (void **) (base + rel[i].r_offset);
		}
	}
	return NULL;
}

/* dl_iterate_phdr(): the object whose name ends in f->suffix, its stat()
 * entry in the PLT's relocations or the others (-fno-plt). */
static int sc_ocs_object(struct dl_phdr_info *info, size_t size, void *data)
{
	sc_ocs_find *f = data;
	const ElfW(Dyn) *dyn = NULL;
	const ElfW(Rela) *jmprel = NULL, *rela = NULL;
	const ElfW(Sym) *sym = NULL;
	const char *str = NULL;
	size_t jmpsz = 0, relasz = 0, nlen, slen = strlen(f->suffix);
	uintptr_t base = (uintptr_t) info->dlpi_addr;

	(void) size;
	nlen = info->dlpi_name ? strlen(info->dlpi_name) : 0;
	if (nlen < slen || strcmp(info->dlpi_name + nlen - slen, f->suffix) != 0
			|| (nlen > slen && info->dlpi_name[nlen - slen - 1] != '/')) {
		return 0;
	}
	for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type == PT_DYNAMIC) {
			dyn = (const ElfW(Dyn) *) (base + ph->p_vaddr);
		} else if (ph->p_type == PT_GNU_RELRO) {
			f->relro_start = base + ph->p_vaddr;
			f->relro_end = f->relro_start + ph->p_memsz;
		}
	}
	if (!dyn) {
		return 1;
	}
	for (; dyn->d_tag != DT_NULL; dyn++) {
		switch (dyn->d_tag) {
			case DT_JMPREL: jmprel = (const ElfW(Rela) *) sc_ocs_dyn_addr(base, dyn->d_un.d_ptr); break;
			case DT_PLTRELSZ: jmpsz = dyn->d_un.d_val; break;
			case DT_RELA: rela = (const ElfW(Rela) *) sc_ocs_dyn_addr(base, dyn->d_un.d_ptr); break;
			case DT_RELASZ: relasz = dyn->d_un.d_val; break;
			case DT_SYMTAB: sym = (const ElfW(Sym) *) sc_ocs_dyn_addr(base, dyn->d_un.d_ptr); break;
			case DT_STRTAB: str = (const char *) sc_ocs_dyn_addr(base, dyn->d_un.d_ptr); break;
			case DT_PLTREL:
				if (dyn->d_un.d_val != DT_RELA) {
					return 1; /* REL relocations: not a target this knows */
				}
				break;
			default: break;
		}
	}
	if (!sym || !str) {
		return 1;
	}
	if (jmprel) {
		f->slot = sc_ocs_in_table(base, jmprel, jmpsz / sizeof(ElfW(Rela)), sym, str);
	}
	if (!f->slot && rela) {
		f->slot = sc_ocs_in_table(base, rela, relasz / sizeof(ElfW(Rela)), sym, str);
	}
	return 1;
}

/* Writes one pointer into a table the loader may have made read-only. */
static bool sc_ocs_write(const sc_ocs_find *f, void **slot, void *value)
{
	long page = sysconf(_SC_PAGESIZE);
	uintptr_t start = (uintptr_t) slot & ~((uintptr_t) page - 1);
	bool relro = (uintptr_t) slot >= f->relro_start && (uintptr_t) slot < f->relro_end;

	if (page <= 0 || (relro && mprotect((void *) start, (size_t) page, PROT_READ | PROT_WRITE) != 0)) {
		return false;
	}
	__atomic_store_n(slot, value, __ATOMIC_RELEASE);
	if (relro) {
		mprotect((void *) start, (size_t) page, PROT_READ);
	}
	return true;
}

void sc_ocs_startup(void)
{
	sc_ocs_find f = { "opcache.so", NULL, 0, 0 };

	if (sc_ocs_slot) {
		return;
	}
	if (!zend_get_extension("Zend OPcache")) {
		sc_ocs_off = "opcache is not loaded";
		return;
	}
	dl_iterate_phdr(sc_ocs_object, &f);
	if (!f.slot) {
		sc_ocs_off = "opcache is not loaded as a shared object of its own (opcache.so), or imports no stat()";
		return;
	}
	sc_ocs_orig = (sc_ocs_stat_fn) __atomic_load_n(f.slot, __ATOMIC_ACQUIRE);
	if (!sc_ocs_orig || (void *) sc_ocs_orig == (void *) sc_ocs_stat
			|| !sc_ocs_write(&f, f.slot, (void *) sc_ocs_stat)) {
		sc_ocs_off = "opcache's stat() entry could not be written";
		return;
	}
	sc_ocs_slot = f.slot;
	sc_ocs_off = NULL;
}

void sc_ocs_shutdown(void)
{
	sc_ocs_find f = { "opcache.so", NULL, 0, 0 };

	if (!sc_ocs_slot) {
		return;
	}
	/* the same object, still mapped (opcache unloads after the modules):
	 * its entry gets back what it held */
	dl_iterate_phdr(sc_ocs_object, &f);
	if (f.slot == sc_ocs_slot) {
		sc_ocs_write(&f, sc_ocs_slot, (void *) sc_ocs_orig);
	}
	sc_ocs_slot = NULL;
}

const char *sc_ocs_state(void)
{
	return sc_ocs_off ? sc_ocs_off : "answered from the cache";
}

#else

void sc_ocs_startup(void)
{
}

void sc_ocs_shutdown(void)
{
}

const char *sc_ocs_state(void)
{
#ifdef ZTS
	return "left to opcache: a threaded PHP's opcache calls virtual_stat(), PHP's own";
#else
	return "left to opcache: not built for this target";
#endif
}

#endif
