<!DOCTYPE html>
<html lang="{{ app()->getLocale() }}">
<head><meta charset="utf-8"><title>@yield('title') · {{ config('app.name') }}</title></head>
<body>
<header><a href="{{ route('home') }}">{{ config('app.name') }}</a>
<form action="{{ route('search') }}"><input name="q" value="{{ $q ?? '' }}"></form></header>
<main>@yield('main')</main>
</body>
</html>
