<?php
require_once 'XML/Util.php';

/* The page list as RSS, built with PEAR's XML_Util. */
class Notes_Page_Feed
{
    private string $site;

    public function __construct(string $site)
    {
        $this->site = $site;
    }

    public function render(array $args): string
    {
        $items = '';
        foreach (glob("$this->site/pages/*.txt") as $f) {
            $name = basename($f, '.txt');
            $items .= XML_Util::createTag('item', [], XML_Util::createTag('title', [], $name)
                . XML_Util::createTag('link', [], "https://notes.example.org/?page=wiki&name=$name"),
                null, XML_UTIL_REPLACE_ENTITIES) . "\n";
        }
        $xml = XML_Util::getXMLDeclaration('1.0', 'UTF-8') . "\n"
            . XML_Util::createStartElement('rss', ['version' => '2.0']) . "\n" . $items . XML_Util::createEndElement('rss');
        return '<pre>' . Notes_Helper_Escape::html($xml) . '</pre>';
    }
}
