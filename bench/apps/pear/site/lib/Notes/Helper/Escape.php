<?php
/* HTML escaping in one place. */
class Notes_Helper_Escape
{
    public static function html(string $s): string
    {
        return htmlspecialchars($s, ENT_QUOTES, 'UTF-8');
    }
}
