<?php
require_once 'Net/URL2.php';

/* Relative links resolved by PEAR's Net_URL2. */
class Notes_Page_Links
{
    public function __construct(string $site)
    {
    }

    public function render(array $args): string
    {
        $base = new Net_URL2('https://notes.example.org/wiki/a/b/page?x=1');
        $out = "<ul>\n";
        foreach (['../c', '/root', '?y=2', '#top', 'd/./e/../f', '//cdn.example.org/x.js'] as $rel) {
            $out .= '<li>' . Notes_Helper_Escape::html($rel . ' -> ' . $base->resolve($rel)->getURL()) . "</li>\n";
        }
        return $out . "</ul>\n";
    }
}
