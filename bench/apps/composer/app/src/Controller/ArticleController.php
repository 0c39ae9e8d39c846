<?php
declare(strict_types=1);

namespace App\Controller;

use App\Model\ArticleRepository;
use App\View\Page;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\HttpKernel\Exception\NotFoundHttpException;

final class ArticleController
{
    public function __construct(private ArticleRepository $articles, private Page $page)
    {
    }

    public function show(string $slug): Response
    {
        $a = $this->articles->find($slug) ?? throw new NotFoundHttpException("no article $slug");
        return new Response($this->page->render($a->title, $this->page->article($a)));
    }
}
