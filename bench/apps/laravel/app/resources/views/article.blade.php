@extends('layout')
@section('title', $article->title)
@section('main')
<h1>{{ $article->title }}</h1>
<p><time>{{ $article->published_at->toFormattedDateString() }}</time> · {{ implode(', ', $article->tags) }}</p>
@foreach (preg_split('/\n{2,}/', $article->body) as $p)
<p>{{ $p }}</p>
@endforeach
@endsection
