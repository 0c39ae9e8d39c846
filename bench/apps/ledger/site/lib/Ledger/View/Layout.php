<?php
class Ledger_View_Layout
{
    private $theme;

    public function __construct(Ledger_Theme $theme)
    {
        $this->theme = $theme;
    }

    public function wrap(string $title, string $body, array $footer): string
    {
        $f = [];
        foreach ($footer as $k => $v) {
            $f[] = Ledger_Util_Escape::html("$k: $v");
        }
        return "<!doctype html><html><head><title>" . Ledger_Util_Escape::html($title) . "</title><style>"
            . $this->theme->css() . "</style></head><body>$body<footer>" . implode(' &middot; ', $f)
            . "</footer></body></html>\n";
    }
}
