/*
 * statcache: every PHP function and method statcache intercepts, written
 * once.  The one list makes the intercept ids (src/php/module/intercept.h), the
 * handlers' prototypes (below) and the table hooks.c installs from.
 */
#ifndef STATCACHE_INTERCEPT_LIST_H
#define STATCACHE_INTERCEPT_LIST_H

/* F(owner, name): PHP's function name(); M(owner, class, name): the method
 * class::name() (class in lower case) and every internal subclass's
 * inherited copy.  owner is
 * the file whose handler answers it: answer (src/php/answers/answers.c), sync
 * (src/php/sync/sync.c), glob (src/php/listings/glob_hooks.c), include
 * (src/php/include/include_calls.c); SC_HANDLER() names that handler. */
#define SC_INTERCEPTS(F, M) \
	F(answer, file_exists) \
	F(answer, is_readable) \
	F(answer, is_writable) \
	F(answer, is_writeable) \
	F(answer, is_executable) \
	F(answer, realpath) \
	F(answer, readlink) \
	F(answer, fileatime) \
	F(answer, clearstatcache) \
	F(answer, is_file) \
	F(answer, is_dir) \
	F(answer, is_link) \
	F(answer, filemtime) \
	F(answer, filectime) \
	F(answer, filesize) \
	F(answer, fileperms) \
	F(answer, fileinode) \
	F(answer, fileowner) \
	F(answer, filegroup) \
	F(answer, filetype) \
	M(answer, splfileinfo, isReadable) \
	M(answer, splfileinfo, isWritable) \
	M(answer, splfileinfo, isExecutable) \
	M(answer, splfileinfo, getATime) \
	M(sync, phar, unlinkArchive) \
	M(sync, phardata, unlinkArchive) \
	F(sync, chmod) \
	F(sync, chown) \
	F(sync, chgrp) \
	F(sync, lchown) \
	F(sync, lchgrp) \
	F(sync, touch) \
	F(sync, symlink) \
	F(sync, link) \
	F(sync, tempnam) \
	F(sync, tmpfile) \
	F(sync, move_uploaded_file) \
	F(sync, posix_mkfifo) \
	F(sync, stream_copy_to_stream) \
	F(sync, copy) \
	F(sync, stream_socket_server) \
	F(sync, fflush) \
	F(sync, error_log) \
	F(sync, posix_mknod) \
	F(sync, socket_bind) \
	F(sync, readline_write_history) \
	F(sync, openssl_x509_export_to_file) \
	F(sync, openssl_pkey_export_to_file) \
	F(sync, openssl_csr_export_to_file) \
	F(sync, openssl_pkcs12_export_to_file) \
	F(sync, openssl_pkcs7_encrypt) \
	F(sync, openssl_pkcs7_decrypt) \
	F(sync, openssl_pkcs7_sign) \
	F(sync, openssl_pkcs7_verify) \
	F(sync, openssl_cms_encrypt) \
	F(sync, openssl_cms_decrypt) \
	F(sync, openssl_cms_sign) \
	F(sync, openssl_cms_verify) \
	F(sync, exec) \
	F(sync, system) \
	F(sync, passthru) \
	F(sync, shell_exec) \
	F(sync, proc_close) \
	F(sync, proc_get_status) \
	F(sync, pclose) \
	F(sync, pcntl_wait) \
	F(sync, pcntl_waitpid) \
	F(sync, pcntl_waitid) \
	F(sync, mail) \
	F(sync, mb_send_mail) \
	F(sync, posix_setuid) \
	F(sync, posix_setgid) \
	F(sync, posix_seteuid) \
	F(sync, posix_setegid) \
	F(sync, posix_initgroups) \
	F(sync, chroot) \
	F(glob, glob) \
	F(include, fopen) \
	F(include, file_get_contents) \
	F(include, file) \
	F(include, readfile) \
	F(include, get_meta_tags) \
	F(include, gzopen) \
	F(include, gzfile) \
	F(include, readgzfile) \
	M(include, splfileobject, __construct) \
	F(include, chdir) \
	F(answer, stream_wrapper_register) \
	F(answer, stream_register_wrapper) \
	F(answer, stream_wrapper_unregister) \
	F(answer, stream_wrapper_restore)

/* The handler of an intercept: sc_<name> (a method: sc_<class>_<name>),
 * or sc_sync_<name> (sc_sync_<class>_<name>) for a sync point. */
#define SC_HANDLER(owner, name) SC_HANDLER_##owner(name)
#define SC_HANDLER_answer(name) sc_##name
#define SC_HANDLER_glob(name) sc_##name
#define SC_HANDLER_include(name) sc_##name
#define SC_HANDLER_sync(name) sc_sync_##name

/* The intercept ids: SC_I_<name>, a method's SC_I_<class>_<name>. */
#define SC_I_ENUM_F(owner, name) SC_I_##name,
#define SC_I_ENUM_M(owner, cls, name) SC_I_##cls##_##name,
typedef enum {
	SC_INTERCEPTS(SC_I_ENUM_F, SC_I_ENUM_M)
	SC_I_COUNT
} sc_intercept_id;
#undef SC_I_ENUM_F
#undef SC_I_ENUM_M

/* Every handler's prototype. */
#define SC_I_PROTO_F(owner, name) void SC_HANDLER(owner, name)(INTERNAL_FUNCTION_PARAMETERS);
#define SC_I_PROTO_M(owner, cls, name) void SC_HANDLER(owner, cls##_##name)(INTERNAL_FUNCTION_PARAMETERS);
SC_INTERCEPTS(SC_I_PROTO_F, SC_I_PROTO_M)
#undef SC_I_PROTO_F
#undef SC_I_PROTO_M

#endif
