<?php
/* Number format of this site (a local override, fourth include_path entry). */
class Ledger_Util_Format
{
    public static function name(): string
    {
        return 'French';
    }

    public static function number(float $n): string
    {
        return number_format($n, 2, ',', "\u{a0}");
    }
}
