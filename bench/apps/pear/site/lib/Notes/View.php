<?php
/* The page layout, with a menu. */
class Notes_View
{
    private string $page;

    public function __construct(string $page)
    {
        $this->page = $page;
    }

    public function layout(string $body): string
    {
        $menu = '';
        foreach (['home', 'wiki', 'mail', 'feed', 'url', 'send', 'table'] as $p) {
            $menu .= sprintf('<li%s><a href="/?page=%s">%s</a></li>', $p === $this->page ? ' class="on"' : '',
                Notes_Helper_Escape::html($p), ucfirst($p));
        }
        return "<!DOCTYPE html>\n<html><head><title>Notes: " . Notes_Helper_Escape::html($this->page)
            . "</title></head><body><ul>$menu</ul>\n$body\n</body></html>\n";
    }
}
