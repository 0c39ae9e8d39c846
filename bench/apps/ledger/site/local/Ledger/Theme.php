<?php
/* The site's own theme (the fourth include_path entry: local overrides). */
class Ledger_Theme
{
    public function css(): string
    {
        return 'body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}td,th{padding:.2em .6em}';
    }
}
