<?php
declare(strict_types=1);

namespace App\Controller;

use App\Model\ArticleRepository;
use App\View\Page;
use Symfony\Component\HttpFoundation\Response;

final class HomeController
{
    public function __construct(private ArticleRepository $articles, private Page $page)
    {
    }

    public function index(): Response
    {
        return new Response($this->page->render('Articles', $this->page->list($this->articles->all())));
    }
}
