<?php
class Ledger_Util_Money
{
    public static function format(int $cents): string
    {
        return Ledger_Util_Format::number($cents / 100) . ' EUR';
    }
}
