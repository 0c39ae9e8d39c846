# Per-request tokens in Roundcube's output, replaced before bodies are
# hashed (sed -f). Nothing else is touched.
#
# 1. The request token (CSRF) of the session, in the page's environment and
#    in its forms: the same for every request of one login, new at the next
#    login (each run logs in once).
s/"request_token":"[^"]*"/"request_token":"TOKEN"/g
s/name="_token" value="[^"]*"/name="_token" value="TOKEN"/g
# The ten-digit numbers in asset URLs (?s=...) are the files' mtimes, which
# must be the same off and on: they are not touched.
