# Sourced by the shell tests and benches that run PHP with opcache.
#
# sc_opcache_load PHP: the ini setting that gives PHP (a php or php-fpm
# binary) opcache, on stdout: "zend_extension=opcache" where opcache is an
# extension of its own (PHP 8.2 and 8.4: Debian's php8.x-opcache), nothing
# where it is compiled in (PHP 8.5 on: no opcache.so exists, and
# zend_extension=opcache only warns there).  Use it as a -d argument
# (${load:+-d "$load"}) or as an ini line.
sc_opcache_load() {
	# (no grep -q: PHP would die of SIGPIPE and pipefail report it)
	if "$1" -n -m 2>/dev/null | grep -x 'Zend OPcache' >/dev/null; then
		return 0
	fi
	echo "zend_extension=opcache"
}
