<?php
namespace Ledger\Export\Format;

class Cents
{
    public static function plain(int $cents): string
    {
        return sprintf('%s%d.%02d', $cents < 0 ? '-' : '', intdiv(abs($cents), 100), abs($cents) % 100);
    }
}
