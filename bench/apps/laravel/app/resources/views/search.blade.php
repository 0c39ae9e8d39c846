@extends('layout')
@section('title', 'Search')
@section('main')
<h1>Search: {{ $q }}</h1>
@include('list')
@endsection
