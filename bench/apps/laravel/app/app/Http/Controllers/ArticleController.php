<?php
namespace App\Http\Controllers;

use App\Models\Article;
use Illuminate\Http\Request;
use Illuminate\Routing\Controller;

class ArticleController extends Controller
{
    public function index()
    {
        return view('home', ['articles' => Article::orderByDesc('published_at')->get()]);
    }

    public function show(string $slug)
    {
        return view('article', ['article' => Article::where('slug', $slug)->firstOrFail()]);
    }

    public function search(Request $request)
    {
        $q = (string) $request->query('q', '');
        $found = Article::where('title', 'like', "%$q%")->orWhere('body', 'like', "%$q%")->orderByDesc('published_at')->get();
        return view('search', ['q' => $q, 'articles' => $found]);
    }

    public function api(Request $request)
    {
        $list = Article::orderByDesc('published_at')->get()
            ->when($request->query('tag'), fn ($c, $tag) => $c->filter(fn ($a) => in_array($tag, $a->tags, true)))
            ->map(fn ($a) => ['slug' => $a->slug, 'title' => $a->title, 'published' => $a->published_at->toIso8601String(), 'tags' => $a->tags])
            ->values();
        return response()->json(['count' => $list->count(), 'articles' => $list]);
    }
}
