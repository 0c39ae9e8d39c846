/*
 * statcache: the answers' hit path built a second time for CPUs with
 * AVX2 (src/php/answers/hit.h, SC_AVX2_TWINS): the same source, the path's key
 * compared and the stat copied into PHP's cache 32 bytes a step
 * (sc_key_diff(), sc_stat_copy()).  Everything in this file is built for
 * AVX2, so nothing here runs unless sc_answer_fast() (src/php/answers/answers.c)
 * found the CPU has it; the whole way stays the baseline build's.
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
/* before any header: every function below, PHP's inline ones included */
# pragma GCC target("avx2")
# define SC_BUILDING_AVX2_TWINS 1
#endif

#ifdef HAVE_CONFIG_H
# include "config.h"
#endif

#include "php.h"
#include "php_statcache.h"

#if STATCACHE_HAVE_CACHE && defined(SC_BUILDING_AVX2_TWINS)

#include "php/answers/hit.h"

#if SC_AVX2_TWINS
# define SC_TWIN(fname, family, how) SC_HIT_HANDLER(sc_##fname##_avx2, fname, family, how)
SC_HIT_ANSWERS(SC_TWIN)
#endif

#endif

/* not empty where nothing above is built (ISO C) */
typedef int sc_answers_avx2_unit;
