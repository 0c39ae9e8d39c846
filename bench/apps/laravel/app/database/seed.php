<?php
// Creates storage/database.sqlite with the bench's articles (PHP's sqlite3
// CLI, no Laravel involved): php database/seed.php FILE
$db = new SQLite3($argv[1]);
$db->exec('DROP TABLE IF EXISTS articles');
$db->exec('CREATE TABLE articles (id INTEGER PRIMARY KEY, slug TEXT UNIQUE, title TEXT, body TEXT, published_at TEXT, tags TEXT)');
$rows = [
    ['why-stat-calls-add-up', 'Why stat calls add up', "Every request asks the file system the same questions.\n\nAn autoloader probes each directory in turn until a file exists.", '2026-03-02 09:00:00', ['performance', 'php']],
    ['inotify-keeps-a-cache-honest', 'Inotify keeps a cache honest', "A watch per directory tells the cache when an answer changes.\n\nOverflow of the event queue drops everything, which is always correct.", '2026-04-11 14:30:00', ['linux', 'inotify']],
    ['opcache-and-timestamps', 'Opcache and timestamps', "With validate_timestamps on, opcache re-stats each included script every revalidate_freq seconds.", '2026-05-20 08:15:00', ['php', 'opcache']],
    ['blade-views-and-mtimes', 'Blade views and mtimes', "Laravel compares the mtime of each view with its compiled copy on every render.\n\nThat is two stat calls per view per request.", '2026-06-12 12:00:00', ['laravel', 'php']],
    ['include-path-lookups', 'Include path lookups', "Debian's autoload.php files require each dependency through the include path.\n\nEvery relative require is tried in '.' first.", '2026-07-01 07:30:00', ['debian', 'php']],
];
$st = $db->prepare('INSERT INTO articles (slug, title, body, published_at, tags) VALUES (?, ?, ?, ?, ?)');
foreach ($rows as [$slug, $title, $body, $date, $tags]) {
    $st->reset();
    foreach ([$slug, $title, $body, $date, json_encode($tags)] as $i => $v) $st->bindValue($i + 1, $v);
    $st->execute();
}
echo "seeded ", count($rows), " articles\n";
