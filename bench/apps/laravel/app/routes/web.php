<?php
use App\Http\Controllers\ArticleController;
use Illuminate\Support\Facades\Route;

Route::get('/', [ArticleController::class, 'index'])->name('home');
Route::get('/articles/{slug}', [ArticleController::class, 'show'])->where('slug', '[a-z0-9-]+')->name('article');
Route::get('/search', [ArticleController::class, 'search'])->name('search');
