<?php
declare(strict_types=1);

namespace App\View;

use App\Model\Article;
use Illuminate\Support\Collection;
use Illuminate\Support\Str;

// (in lib/, the second PSR-4 directory of App\: the autoloader probes
// src/View/Page.php first, as with any multi-directory mapping)
final class Page
{
    public function render(string $title, string $main): string
    {
        $t = htmlspecialchars($title);
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>$t</title></head>\n"
            . "<body><header><a href=\"/\">statcache bench</a> <form action=\"/search\"><input name=\"q\"></form></header>\n"
            . "<main><h1>$t</h1>\n$main</main></body></html>\n";
    }

    public function list(Collection $articles): string
    {
        return "<ul>\n" . $articles->map(fn (Article $a) => sprintf(
            "<li><a href=\"/article/%s\">%s</a> <time>%s</time> %s</li>\n",
            $a->slug, htmlspecialchars($a->title), $a->published->format('Y-m-d'),
            htmlspecialchars(Str::limit($a->body, 80))
        ))->implode('') . "</ul>\n";
    }

    public function article(Article $a): string
    {
        $paras = collect(preg_split('/\n{2,}/', $a->body))->map(fn ($p) => '<p>' . htmlspecialchars($p) . "</p>\n")->implode('');
        return sprintf("<p><time>%s</time> · %s · %s</p>\n%s", $a->published->toFormattedDateString(),
            Str::plural('tag', count($a->tags)) . ': ' . implode(', ', $a->tags),
            Str::wordCount($a->body) . ' words', $paras);
    }
}
