<?php
declare(strict_types=1);

namespace App;

use App\Controller\ApiController;
use App\Controller\ArticleController;
use App\Controller\HomeController;
use App\Controller\SearchController;
use App\Model\ArticleRepository;
use Illuminate\Container\Container;
use Illuminate\Events\Dispatcher as IlluminateEvents;
use Symfony\Component\EventDispatcher\EventDispatcher;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\RequestStack;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\HttpKernel\Controller\ArgumentResolver;
use Symfony\Component\HttpKernel\Controller\ContainerControllerResolver;
use Symfony\Component\HttpKernel\EventListener\ErrorListener;
use Symfony\Component\HttpKernel\EventListener\ResponseListener;
use Symfony\Component\HttpKernel\EventListener\RouterListener;
use Symfony\Component\HttpKernel\HttpKernel;
use Symfony\Component\HttpKernel\TerminableInterface;
use Symfony\Component\Routing\Matcher\UrlMatcher;
use Symfony\Component\Routing\RequestContext;
use Symfony\Component\Routing\Route;
use Symfony\Component\Routing\RouteCollection;

/** Wires the pieces the way a small framework-less Symfony app does. */
final class Kernel implements TerminableInterface
{
    private HttpKernel $kernel;

    public function __construct(private string $root)
    {
        $container = new Container();
        $container->singleton(ArticleRepository::class, fn () => new ArticleRepository($this->root . '/data/articles.php'));
        $container->singleton(IlluminateEvents::class, fn ($c) => new IlluminateEvents($c));
        $container->instance(Container::class, $container);

        $routes = new RouteCollection();
        $routes->add('home', new Route('/', ['_controller' => HomeController::class . '::index']));
        $routes->add('article', new Route('/article/{slug}', ['_controller' => ArticleController::class . '::show'], ['slug' => '[a-z0-9-]+']));
        $routes->add('search', new Route('/search', ['_controller' => SearchController::class . '::search']));
        $routes->add('api', new Route('/api/articles', ['_controller' => ApiController::class . '::list']));

        $stack = new RequestStack();
        $events = new EventDispatcher();
        $events->addSubscriber(new RouterListener(new UrlMatcher($routes, new RequestContext()), $stack));
        $events->addSubscriber(new ResponseListener('UTF-8'));
        $events->addSubscriber(new ErrorListener(fn () => new Response('error', 500)));
        $this->kernel = new HttpKernel($events, new ContainerControllerResolver(new PsrContainer($container)), $stack, new ArgumentResolver());
    }

    public function handle(Request $request): Response
    {
        return $this->kernel->handle($request);
    }

    public function terminate(Request $request, Response $response): void
    {
        $this->kernel->terminate($request, $response);
    }
}
