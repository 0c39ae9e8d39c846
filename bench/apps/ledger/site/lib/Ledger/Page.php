<?php
/* What every page has: the book, and the helpers pages share. */
abstract class Ledger_Page
{
    protected $book;

    public function __construct(Ledger_Model_Book $book)
    {
        $this->book = $book;
    }

    abstract public function render(array $args): string;

    protected function money(int $cents): string
    {
        return Ledger_Util_Money::format($cents);
    }

    protected function e(string $s): string
    {
        return Ledger_Util_Escape::html($s);
    }
}
