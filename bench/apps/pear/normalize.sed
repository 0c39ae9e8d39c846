# Per-request tokens in the Notes site's output, replaced before bodies are
# hashed (sed -f). Nothing else is touched.
#
# 1. Mail_mime draws its MIME boundaries at random ("=_" and 32 hex digits).
s/=_[0-9a-f]\{32\}/=_BOUNDARY/g
