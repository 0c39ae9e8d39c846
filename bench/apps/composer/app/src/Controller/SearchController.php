<?php
declare(strict_types=1);

namespace App\Controller;

use App\Model\ArticleRepository;
use App\View\Page;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;

final class SearchController
{
    public function __construct(private ArticleRepository $articles, private Page $page)
    {
    }

    public function search(Request $request): Response
    {
        $q = trim((string) $request->query->get('q', ''));
        return new Response($this->page->render("Search: $q", $this->page->list($this->articles->search($q))));
    }
}
