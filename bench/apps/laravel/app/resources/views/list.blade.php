<ul>
@forelse ($articles as $a)
  <li><a href="{{ route('article', $a->slug) }}">{{ $a->title }}</a> <time>{{ $a->published_at->format('Y-m-d') }}</time> {{ \Illuminate\Support\Str::limit($a->body, 60) }}</li>
@empty
  <li>nothing found</li>
@endforelse
</ul>
