# Per-request tokens in WordPress's output, replaced before bodies are
# hashed (sed -f). Nothing else is touched.
#
# 1. Avatars of comment authors with no e-mail address: get_avatar_url()
#    picks the Gravatar host with rand(0, 2) on every call.
s#http://[0-2]\.gravatar\.com/#http://N.gravatar.com/#g
# 2. Akismet's hidden anti-spam field under the comment form carries
#    mt_rand(0, 250), new on every page view.
s/name="ak_js" value="[0-9]*"/name="ak_js" value="N"/g
