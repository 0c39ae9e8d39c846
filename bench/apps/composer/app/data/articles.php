<?php
// The bench's articles (fixed dates: bodies must not depend on the clock).
return [
    ['title' => 'Why stat calls add up', 'date' => '2026-03-02 09:00', 'tags' => ['performance', 'php'],
     'body' => "Every request asks the file system the same questions.\n\nAn autoloader probes each PSR-4 directory in turn until a file exists; a missing parent directory is asked about again and again."],
    ['title' => 'Inotify keeps a cache honest', 'date' => '2026-04-11 14:30', 'tags' => ['linux', 'inotify'],
     'body' => "A watch per directory tells the cache when an answer changes.\n\nOverflow of the event queue drops everything, which is always correct."],
    ['title' => 'Opcache and timestamps', 'date' => '2026-05-20 08:15', 'tags' => ['php', 'opcache'],
     'body' => "With validate_timestamps on, opcache re-stats each included script every revalidate_freq seconds.\n\nProduction sites often turn it off and deploy by restarting."],
    ['title' => 'Symlinks in Debian packages', 'date' => '2026-06-01 17:45', 'tags' => ['debian', 'filesystems'],
     'body' => "Debian links configuration and plugin directories from /var/lib into /usr/share.\n\nA path through a symlinked directory needs its target watched too."],
    ['title' => 'Composer fallback directories', 'date' => '2026-07-07 11:00', 'tags' => ['php', 'composer', 'performance'],
     'body' => "A namespace mapped onto several directories costs a probe per directory.\n\nThe classmap-authoritative mode avoids probing but needs a dump after every change."],
];
