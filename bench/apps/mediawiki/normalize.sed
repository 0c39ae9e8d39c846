# Per-request tokens in MediaWiki's output, replaced before bodies are
# hashed (sed -f). Nothing else is touched.
#
# 1. wgRequestId: a random id MediaWiki gives every request (for its logs).
s/"wgRequestId":"[0-9a-f]*"/"wgRequestId":"ID"/g
# 2. wgBackendResponseTime: how long this request took, in ms.
s/"wgBackendResponseTime":[0-9]*/"wgBackendResponseTime":N/g
# 3. The parser's limit report: CPU and wall time of the parse, and when it
#    was made. Article views carry the report of the parser-cache entry;
#    special pages (search) parse their messages on every request.
s/"cputime":"[0-9.]*","walltime":"[0-9.]*"/"cputime":"T","walltime":"T"/g
s/"cachereport":{"timestamp":"[0-9]*"/"cachereport":{"timestamp":"TIME"/g
