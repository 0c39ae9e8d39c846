<?php
class Ledger_Util_Escape
{
    public static function html(string $s): string
    {
        return htmlspecialchars($s, ENT_QUOTES, 'UTF-8');
    }
}
