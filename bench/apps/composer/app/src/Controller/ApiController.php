<?php
declare(strict_types=1);

namespace App\Controller;

use App\Model\Article;
use App\Model\ArticleRepository;
use Symfony\Component\HttpFoundation\JsonResponse;
use Symfony\Component\HttpFoundation\Request;

final class ApiController
{
    public function __construct(private ArticleRepository $articles)
    {
    }

    public function list(Request $request): JsonResponse
    {
        $tag = $request->query->get('tag');
        $list = $this->articles->all()
            ->when($tag !== null, fn ($c) => $c->filter(fn (Article $a) => in_array($tag, $a->tags, true)))
            ->map(fn (Article $a) => $a->toArray())->values();
        return new JsonResponse(['count' => $list->count(), 'articles' => $list->all()]);
    }
}
