<?php
require_once 'Console/Table.php';

/* A text table from PEAR's Console_Table. */
class Notes_Page_Table
{
    public function __construct(string $site)
    {
    }

    public function render(array $args): string
    {
        $t = new Console_Table();
        $t->setHeaders(['page', 'words', 'links']);
        foreach ([['start', 120, 4], ['install', 340, 9], ['faq', 95, 2]] as $row) {
            $t->addRow($row);
        }
        return '<pre>' . Notes_Helper_Escape::html($t->getTable()) . "</pre>\n";
    }
}
