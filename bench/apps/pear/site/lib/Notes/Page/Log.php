<?php
require_once 'Log.php';

/* PEAR Log: a composite of handlers loaded by name (Log/<handler>.php). */
class Notes_Page_Log
{
    public function __construct(string $site)
    {
    }

    public function render(array $args): string
    {
        $composite = Log::singleton('composite');
        $display = Log::factory('display', '', 'notes', ['lineFormat' => '%3$s: %4$s', 'linebreak' => "\n"]);
        $composite->addChild($display);
        $null = Log::factory('null');
        $composite->addChild($null);
        ob_start();
        $composite->info('page viewed');
        $composite->warning('disk 80% full');
        return '<pre>' . Notes_Helper_Escape::html(ob_get_clean()) . "</pre>\n";
    }
}
