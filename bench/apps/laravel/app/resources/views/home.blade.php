@extends('layout')
@section('title', 'Articles')
@section('main')
<h1>Articles</h1>
@include('list')
@endsection
