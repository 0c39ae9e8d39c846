<?php
class Ledger_Page_Settings extends Ledger_Page
{
    public function render(array $args): string
    {
        $rows = [['Currency', 'EUR'], ['Format', Ledger_Util_Format::name()], ['Markdown', Markdown::VERSION]];
        return '<h1>Settings</h1>' . (new Ledger_View_Table())->render(['Setting', 'Value'], $rows)
            . Markdown::render("*Settings* are read from `local/config.php` when present.");
    }
}
