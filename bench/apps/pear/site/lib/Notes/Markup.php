<?php
/* A small wiki markup: "+ " headings, "* " lists, **bold**, //italic//,
 * [[links]], ''code''. */
class Notes_Markup
{
    public function toHtml(string $text): string
    {
        $out = '';
        $inList = false;
        foreach (explode("\n", $text) as $line) {
            if (preg_match('/^(\++) (.*)$/', $line, $m)) {
                $n = strlen($m[1]);
                $line = "<h$n>" . $this->inline($m[2]) . "</h$n>";
            } elseif (preg_match('/^\*+ (.*)$/', $line, $m)) {
                $line = ($inList ? '' : '<ul>') . '<li>' . $this->inline($m[1]) . '</li>';
                $inList = true;
                $out .= $line . "\n";
                continue;
            } elseif (trim($line) === '') {
                $line = '';
            } else {
                $line = '<p>' . $this->inline($line) . '</p>';
            }
            if ($inList) {
                $out .= "</ul>\n";
                $inList = false;
            }
            $out .= $line . "\n";
        }
        return $out . ($inList ? "</ul>\n" : '');
    }

    private function inline(string $s): string
    {
        $s = Notes_Helper_Escape::html($s);
        $s = preg_replace('/\*\*(.+?)\*\*/', '<b>$1</b>', $s);
        $s = preg_replace('#(?<!:)//(.+?)//#', '<i>$1</i>', $s);
        $s = preg_replace('/&#039;&#039;(.+?)&#039;&#039;/', '<code>$1</code>', $s);
        return preg_replace('/\[\[([a-z0-9_-]+)\]\]/', '<a href="/?page=wiki&amp;name=$1">$1</a>', $s);
    }
}
