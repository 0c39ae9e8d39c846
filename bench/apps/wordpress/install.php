<?php
// Installs the bench's WordPress site once (run by app.sh as www-data with
// PHP's CLI): site, block theme, every plugin Debian packages, posts and
// pages with block markup, a category, tags and comments.
//   php install.php DB_SOCKET ADMIN_PASSWORD
[$_, $sock, $pw] = $argv;
$_SERVER['HTTP_HOST'] = '127.0.0.1';
$_SERVER['WORDPRESS_CONFIG'] = 'statcache-bench';
$_SERVER['STATCACHE_BENCH_DB_SOCKET'] = $sock;
$_SERVER['REQUEST_URI'] = '/';
define('WP_INSTALLING', true);
require '/usr/share/wordpress/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

if (!is_blog_installed()) {
    $r = wp_install('Bench Blog', 'admin', 'admin@example.invalid', true, '', wp_slash($pw), 'en_US');
    fwrite(STDERR, "installed, user {$r['user_id']}\n");
}
switch_theme('twentytwentythree');
update_option('permalink_structure', '/%postname%/');
update_option('blogdescription', 'statcache on a real WordPress');
update_option('posts_per_page', 5);
flush_rewrite_rules(false);

// every plugin that is there (Debian: akismet + the wordpress-plugin-* packages)
foreach (array_keys(get_plugins()) as $p) {
    if (!is_plugin_active($p)) {
        $e = activate_plugin($p, '', false, true);
        fwrite(STDERR, "plugin $p: " . (is_wp_error($e) ? $e->get_error_message() : 'active') . "\n");
    }
}

$cat = term_exists('Bench', 'category') ?: wp_insert_term('Bench', 'category');
$catId = (int)$cat['term_id'];
$posts = json_decode(file_get_contents(__DIR__ . '/content.json'), true);
foreach ($posts as $i => $p) {
    if (get_page_by_path($p['slug'], OBJECT, $p['type'])) continue;
    $id = wp_insert_post([
        'post_type' => $p['type'], 'post_name' => $p['slug'], 'post_title' => $p['title'],
        'post_content' => $p['content'], 'post_status' => 'publish',
        'post_date_gmt' => $p['date'], 'post_date' => $p['date'],
        'post_category' => $p['type'] === 'post' ? [$catId] : [], 'tags_input' => $p['tags'] ?? [],
    ], true);
    if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message() . "\n"); exit(1); }
    foreach ($p['comments'] ?? [] as $j => $c) {
        wp_insert_comment(['comment_post_ID' => $id, 'comment_author' => $c[0], 'comment_content' => $c[1],
            'comment_approved' => 1, 'comment_date' => $p['date'], 'comment_date_gmt' => $p['date']]);
    }
}
echo "ok\n";
