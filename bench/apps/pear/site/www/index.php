<?php
/*
 * "Notes", a small PEAR-era site for the statcache apps bench: a front
 * controller that puts the site's own code, its local plugins and Debian's
 * PEAR packages (/usr/share/php) on include_path, and loads every class by
 * relative name through it (PEAR naming: Foo_Bar -> Foo/Bar.php), as
 * Horde, old Drupal and PEAR-based intranet code do.
 */
/* PEAR code predates PHP 8's deprecations */
error_reporting(E_ALL & ~E_DEPRECATED);
$site = dirname(__DIR__);
set_include_path(implode(PATH_SEPARATOR, ['.', "$site/lib", "$site/local", '/usr/share/php']));

/* The PEAR autoloader: the class file by relative name, through include_path. */
spl_autoload_register(function (string $class): void {
    $file = str_replace(['_', '\\'], '/', $class) . '.php';
    if (stream_resolve_include_path($file) !== false) {
        include_once $file;
    }
});

require_once 'PEAR.php';
require_once 'Notes/App.php';

$app = new Notes_App($site);
echo $app->run($_GET['page'] ?? 'home', $_GET);
