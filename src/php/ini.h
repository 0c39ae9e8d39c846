/*
 * statcache: the INI settings (src/php/ini.c).
 */
#ifndef STATCACHE_PHP_INI_H
#define STATCACHE_PHP_INI_H

void sc_ini_register(int type, int module_number);
void sc_ini_unregister(int type, int module_number);

#endif
