# Per-request tokens in DokuWiki's output, replaced before bodies are hashed
# (sed -f). Nothing else is touched: any other difference between the cache
# off and on is a real one.
#
# 1. The indexer web bug at the end of every page view carries time() as a
#    cache buster: <img src="/lib/exe/taskrunner.php?id=start&amp;1796023843"
s/\(taskrunner\.php?id=[^"&]*&amp;\)[0-9][0-9]*/\1TIME/g
# 2. Search results show each page's age relative to now ("7 seconds ago"),
#    which ticks between two requests.
s/>[0-9][0-9]* \(second\|minute\|hour\|day\|week\|month\|year\)s\{0,1\} ago</>N ago</g
# 3. The CSRF token (sectok) derives from the session id, and every curl
#    request starts a new session (no cookie jar). An anonymous visitor gets
#    it empty today ("do=login&amp;sectok="); normalised in case a plugin or
#    a later DokuWiki fills it.
s/sectok=[0-9a-f]\{1,\}/sectok=TOKEN/g
# 4. feed.php (RSS 1.0 by default) dates its channel with the time the feed
#    was built; DokuWiki rebuilds it every rss_update (5 min), so a long run
#    sees two builds whatever the cache does. Items carry no date here.
s#<dc:date>[^<]*</dc:date>#<dc:date>BUILT</dc:date>#g
s#<lastBuildDate>[^<]*</lastBuildDate>#<lastBuildDate>BUILT</lastBuildDate>#g
# css.php is served from DokuWiki's own cache, byte-identical.
