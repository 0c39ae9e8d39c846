<?php
/* The list of wiki pages. */
class Notes_Page_Home
{
    private string $site;

    public function __construct(string $site)
    {
        $this->site = $site;
    }

    public function render(array $args): string
    {
        $out = "<h1>Notes</h1><ul>\n";
        foreach (glob("$this->site/pages/*.txt") as $f) {
            $name = basename($f, '.txt');
            $out .= '<li><a href="/?page=wiki&amp;name=' . urlencode($name) . '">'
                . Notes_Helper_Escape::html($name) . "</a></li>\n";
        }
        return $out . "</ul>\n";
    }
}
