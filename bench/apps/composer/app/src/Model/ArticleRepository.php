<?php
declare(strict_types=1);

namespace App\Model;

use Carbon\CarbonImmutable;
use Illuminate\Support\Collection;
use Symfony\Component\String\Slugger\AsciiSlugger;

/** Articles from a PHP data file (no database: this app measures autoloading). */
final class ArticleRepository
{
    private Collection $articles;

    public function __construct(string $file)
    {
        $slugger = new AsciiSlugger('en');
        $this->articles = collect(require $file)->map(fn (array $a) => new Article(
            (string) $slugger->slug($a['title'])->lower(),
            $a['title'],
            $a['body'],
            CarbonImmutable::parse($a['date'], 'UTC'),
            $a['tags'],
        ))->keyBy('slug');
    }

    public function all(): Collection
    {
        return $this->articles->sortByDesc(fn (Article $a) => $a->published->getTimestamp())->values();
    }

    public function find(string $slug): ?Article
    {
        return $this->articles->get($slug);
    }

    public function search(string $q): Collection
    {
        $q = mb_strtolower($q);
        return $this->all()->filter(fn (Article $a) => str_contains(mb_strtolower($a->title . ' ' . $a->body), $q))->values();
    }
}
