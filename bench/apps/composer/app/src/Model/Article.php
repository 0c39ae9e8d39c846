<?php
declare(strict_types=1);

namespace App\Model;

use Carbon\CarbonImmutable;

final class Article
{
    public function __construct(
        public readonly string $slug,
        public readonly string $title,
        public readonly string $body,
        public readonly CarbonImmutable $published,
        public readonly array $tags,
    ) {
    }

    public function toArray(): array
    {
        return ['slug' => $this->slug, 'title' => $this->title, 'published' => $this->published->toIso8601String(),
                'tags' => $this->tags, 'words' => str_word_count($this->body)];
    }
}
