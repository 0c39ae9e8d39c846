<?php
require_once 'Notes/Markup.php';

/* A wiki page, rendered by the site's own markup class. */
class Notes_Page_Wiki
{
    private string $site;

    public function __construct(string $site)
    {
        $this->site = $site;
    }

    public function render(array $args): string
    {
        $name = preg_replace('/[^a-z0-9_-]/', '', $args['name'] ?? 'start');
        $file = "$this->site/pages/$name.txt";
        if (!is_file($file)) {
            return '<p>No such page.</p>';
        }
        return '<div class="wiki">' . (new Notes_Markup())->toHtml(file_get_contents($file)) . '</div>';
    }
}
