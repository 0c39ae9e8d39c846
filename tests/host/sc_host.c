/*
 * sc_host: a minimal multi-threaded PHP host on the embed SAPI of a ZTS PHP
 * (libphp.so), modelled on how FrankenPHP / ePHPm drive PHP from threads.
 *
 *   sc_host [-t THREADS] [-n REQUESTS] [-R ROUNDS] [-d name=value]... [-r] script.php
 *
 *   -t N   worker threads (default 1)
 *   -n N   requests per thread (default 1)
 *   -R N   rounds: start the threads, run their requests, join them; N times
 *          (default 1), as thread pools that scale up and down do
 *   -d x=y INI setting, exactly like `php -d` (values not starting with an
 *          alphanumeric or a quote are double-quoted, as the CLI does);
 *          `-d extension=/abs/path/statcache.so` loads an extension.
 *   -r     raw output: thread outputs are concatenated without "[tN] "
 *   -s NAME the SAPI's name (default "embed"): "frankenphp" lets opcache
 *          start, which it refuses under the embed SAPI's own name
 *   -h     help
 *
 * Startup: the process does what php_embed_init() does minus its main-thread
 * request (php_tsrm_startup, zend_signal_startup, sapi_startup, MINIT), on
 * php_embed_module with a few callbacks replaced. No php.ini file is read
 * (php_ini_ignore=1, so results do not depend on the machine); the embed
 * SAPI's hard-coded settings plus the -d settings are passed as
 * sapi_module.ini_entries *after* sapi_startup() (which would clear them).
 * (php_embed_init() itself cannot be used with -d settings: it overwrites
 * ini_entries right before calling the module's startup.)
 *
 * Each worker thread calls ts_resource(0) and then, REQUESTS times:
 * php_request_startup(); php_execute_script(script); php_request_shutdown().
 * The script sees $_SERVER['SC_THREAD'] (0..THREADS-1) and
 * $_SERVER['SC_REQUEST'] (0..REQUESTS-1) as strings (like any web SAPI's
 * $_SERVER values), plus the environment, SCRIPT_FILENAME and PHP_SELF.
 *
 * Output: everything PHP writes (including displayed errors) is captured in
 * a per-thread buffer; after all threads have joined, buffers are written to
 * stdout in thread order. Unless -r is given, every line is prefixed with
 * "[tN] " and a missing final newline is added. Logged errors
 * (log_errors=1, no error_log) go to stderr unbuffered.
 *
 * Exit status:
 *   0  every request ran and finished with EG(exit_status) == 0
 *   1  at least one request failed: php_request_startup() failed, or
 *      EG(exit_status) != 0 after php_execute_script(), i.e. a fatal error
 *      (E_ERROR, E_PARSE, E_COMPILE_ERROR, ...: PHP sets 255 and bails out),
 *      an uncaught exception (255), or exit(N) with N != 0. `exit()` and
 *      `exit(0)` are not failures (php_execute_script() returns false for any
 *      exit, so its return value is not used). EG(exit_status) is reset to 0
 *      before each request. The first failure is reported on stderr.
 *   2  usage error, PHP module startup failure, or PHP printed anything
 *      during startup (e.g. an extension= that cannot be loaded); such
 *      startup messages go to stderr.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ctype.h>

#include <main/php.h>
#include <main/SAPI.h>
#include <main/php_main.h>
#include <main/php_variables.h>
#include <Zend/zend_signal.h>
#include <sapi/embed/php_embed.h>

#ifndef ZTS
# error "sc_host needs a ZTS build of PHP (php-config of a --enable-zts build)"
#endif

static const char DEFAULT_INI[] =
	"html_errors=0\n"
	"register_argc_argv=1\n"
	"implicit_flush=1\n"
	"output_buffering=0\n"
	"max_execution_time=0\n"
	"max_input_time=-1\n"
	"display_startup_errors=0\n"; /* they are logged to stderr anyway */

typedef struct {
	char *data;
	size_t len, cap;
} buf_t;

typedef struct {
	int id;
	pthread_t tid;
	buf_t out;
	int failures;
	int first_fail_request;     /* -1: none */
	int first_fail_status;
} worker_t;

static int n_threads = 1, n_requests = 1, n_rounds = 1, raw_output = 0;
static const char *script_path;
static worker_t *workers;

static __thread worker_t *cur_worker;
static __thread int cur_request;

static int startup_output;

static void buf_append(buf_t *b, const char *s, size_t n)
{
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->len + n) {
			cap *= 2;
		}
		char *d = realloc(b->data, cap);
		if (!d) {
			perror("sc_host: realloc");
			abort();
		}
		b->data = d;
		b->cap = cap;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
}

static size_t host_ub_write(const char *str, size_t len)
{
	if (cur_worker) {
		buf_append(&cur_worker->out, str, len);
		return len;
	}
	/* main thread: only during startup/shutdown, e.g. "PHP Startup: Unable
	 * to load dynamic library": send to stderr and remember it */
	startup_output = 1;
	return fwrite(str, 1, len, stderr);
}

/* PHP logs startup errors (log_errors is forced on before MINIT is done) */
static void host_log_message(const char *msg, int syslog_type)
{
	if (!cur_worker) {
		startup_output = 1;
	}
	fprintf(stderr, "%s\n", msg);
}

static void host_register_variables(zval *track_vars_array)
{
	char num[32];

	php_import_environment_variables(track_vars_array);
	php_register_variable("SCRIPT_FILENAME", (char *) script_path, track_vars_array);
	php_register_variable("PHP_SELF", (char *) script_path, track_vars_array);
	if (cur_worker) {
		snprintf(num, sizeof num, "%d", cur_worker->id);
		php_register_variable("SC_THREAD", num, track_vars_array);
		snprintf(num, sizeof num, "%d", cur_request);
		php_register_variable("SC_REQUEST", num, track_vars_array);
	}
}

static int run_request(void)
{
	zend_file_handle fh;
	bool ok;
	int status;

	SG(options) |= SAPI_OPTION_NO_CHDIR;
	SG(request_info).argc = 0;
	SG(request_info).argv = NULL;
	SG(request_info).path_translated = (char *) script_path;
	SG(request_info).request_method = NULL;

	if (php_request_startup() == FAILURE) {
		return -1;
	}
	SG(headers_sent) = 1;
	SG(request_info).no_headers = 1;
	EG(exit_status) = 0; /* not reset by php_request_startup() */

	zend_stream_init_filename(&fh, script_path);
	ok = php_execute_script(&fh);
	zend_destroy_file_handle(&fh);
	(void) ok; /* false for exit() too: EG(exit_status) is what counts */
	status = EG(exit_status);

	php_request_shutdown(NULL);
	SG(request_info).path_translated = NULL;
	return status;
}

static void *worker_main(void *arg)
{
	worker_t *w = arg;

	(void) ts_resource(0);
	cur_worker = w;
	for (int r = 0; r < n_requests; r++) {
		cur_request = r;
		int status = run_request();
		if (status != 0) {
			if (w->failures++ == 0) {
				w->first_fail_request = r;
				w->first_fail_status = status;
			}
		}
	}
	cur_worker = NULL;
	ts_free_thread();
	return NULL;
}

static void write_all(const char *p, size_t n)
{
	while (n > 0) {
		ssize_t k = write(STDOUT_FILENO, p, n);
		if (k < 0) {
			if (errno == EINTR) {
				continue;
			}
			perror("sc_host: write");
			exit(2);
		}
		p += k;
		n -= (size_t) k;
	}
}

static void print_output(worker_t *w)
{
	const char *p = w->out.data, *end = p + w->out.len;
	char prefix[32];
	int plen;

	if (raw_output) {
		write_all(p, w->out.len);
		return;
	}
	plen = snprintf(prefix, sizeof prefix, "[t%d] ", w->id);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t) (end - p));
		size_t n = nl ? (size_t) (nl - p) + 1 : (size_t) (end - p);
		write_all(prefix, (size_t) plen);
		write_all(p, n);
		if (!nl) {
			write_all("\n", 1);
		}
		p += n;
	}
}

/* Append "name=value\n" (or "name=1\n"), quoting like `php -d` does. */
static void add_ini(buf_t *ini, const char *arg)
{
	const char *val = strchr(arg, '=');

	if (!val) {
		buf_append(ini, arg, strlen(arg));
		buf_append(ini, "=1\n", 3);
		return;
	}
	val++;
	buf_append(ini, arg, (size_t) (val - arg));
	if (!isalnum((unsigned char) *val) && *val != '"' && *val != '\'' && *val != '\0') {
		buf_append(ini, "\"", 1);
		buf_append(ini, val, strlen(val));
		buf_append(ini, "\"\n", 2);
	} else {
		buf_append(ini, val, strlen(val));
		buf_append(ini, "\n", 1);
	}
}

static void usage(FILE *f)
{
	fprintf(f, "usage: sc_host [-t THREADS] [-n REQUESTS_PER_THREAD] [-R ROUNDS] [-d name=value]... [-s SAPI_NAME] [-r] script.php\n");
}

static int parse_count(const char *s, const char *what)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < 1 || v > 100000) {
		fprintf(stderr, "sc_host: bad %s: %s\n", what, s);
		exit(2);
	}
	return (int) v;
}

int main(int argc, char **argv)
{
	buf_t ini = {0};
	int opt, failed_requests = 0, rc = 0;

	buf_append(&ini, DEFAULT_INI, sizeof(DEFAULT_INI) - 1);
	while ((opt = getopt(argc, argv, "t:n:R:d:s:rh")) != -1) {
		switch (opt) {
		case 't': n_threads = parse_count(optarg, "thread count"); break;
		case 'n': n_requests = parse_count(optarg, "request count"); break;
		case 'R': n_rounds = parse_count(optarg, "round count"); break;
		case 'd': add_ini(&ini, optarg); break;
		case 'r': raw_output = 1; break;
		case 's': php_embed_module.name = optarg; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	script_path = argv[optind];
	if (access(script_path, R_OK) != 0) {
		fprintf(stderr, "sc_host: cannot read %s: %s\n", script_path, strerror(errno));
		return 2;
	}
	buf_append(&ini, "", 1); /* NUL */

	/* php_embed_init() without its request and with our INI entries */
	php_tsrm_startup();
	zend_signal_startup();
	sapi_startup(&php_embed_module);   /* clears ini_entries: set them after */
	php_embed_module.ini_entries = ini.data;
	php_embed_module.php_ini_ignore = 1;
	php_embed_module.executable_location = argv[0];
	php_embed_module.ub_write = host_ub_write;
	php_embed_module.register_server_variables = host_register_variables;
	php_embed_module.log_message = host_log_message;

	if (php_embed_module.startup(&php_embed_module) == FAILURE) {
		fprintf(stderr, "sc_host: PHP module startup failed\n");
		sapi_shutdown();
		tsrm_shutdown();
		free(ini.data);
		return 2;
	}
	if (startup_output) {
		fprintf(stderr, "\nsc_host: PHP printed errors during startup (see above)\n");
		php_module_shutdown();
		sapi_shutdown();
		tsrm_shutdown();
		free(ini.data);
		return 2;
	}

	workers = calloc((size_t) n_threads, sizeof *workers);
	if (!workers) {
		perror("sc_host: calloc");
		return 2;
	}
	for (int i = 0; i < n_threads; i++) {
		workers[i].id = i;
		workers[i].first_fail_request = -1;
	}
	/* Each round starts fresh threads and joins them, as servers that
	 * scale their thread pools do: thread start/end must leak nothing. */
	for (int round = 0; round < n_rounds; round++) {
		for (int i = 0; i < n_threads; i++) {
			int err = pthread_create(&workers[i].tid, NULL, worker_main, &workers[i]);
			if (err) {
				fprintf(stderr, "sc_host: pthread_create: %s\n", strerror(err));
				return 2;
			}
		}
		for (int i = 0; i < n_threads; i++) {
			pthread_join(workers[i].tid, NULL);
		}
	}

	for (int i = 0; i < n_threads; i++) {
		worker_t *w = &workers[i];
		print_output(w);
		if (w->failures) {
			if (failed_requests == 0) {
				fprintf(stderr, "sc_host: thread %d request %d failed (exit status %d)\n",
						w->id, w->first_fail_request, w->first_fail_status);
			}
			failed_requests += w->failures;
		}
		free(w->out.data);
	}
	free(workers);
	if (failed_requests) {
		fprintf(stderr, "sc_host: %d of %d request(s) failed\n",
				failed_requests, n_threads * n_requests * n_rounds);
		rc = 1;
	}

	php_module_shutdown();
	sapi_shutdown();
	tsrm_shutdown();
	free(ini.data);
	return rc;
}
