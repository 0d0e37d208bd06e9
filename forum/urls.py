"""The forum's pages under /c/<slug>/: boards, threads, posts and comments, search, feeds, letters, the
chronicle's pins. config/urls.py mounts them."""

from django.urls import path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from forum.views import boards, chronicle, feeds, letters

# Under /c/<slug>/ (config/urls.py).
urlpatterns = [
    path("boards/", boards.board_list, name="boards"),
    path("boards/search/", boards.board_search_page, name="board-search"),
    path("boards/news/", boards.board_news, name="board-news"),
    path("boards/<id:board_id>/", boards.board_detail, name="board"),
    path("boards/<id:board_id>/new/", boards.thread_new, name="thread-new"),
    path("boards/<id:board_id>/feed.atom", feeds.board_feed, name="board-feed"),
    path("feeds/<str:token>/boards/<id:board_id>.atom", feeds.board_feed_private, name="board-feed-private"),
    path("feeds/renew/", feeds.feed_renew, name="feed-renew"),
    path("threads/<id:thread_id>/", boards.thread_detail, name="thread"),
    path("threads/<id:thread_id>/reply/", boards.reply_new, name="reply-new"),
    path("posts/<id:post_id>/moderate/", boards.post_moderate, name="post-moderate"),
    path("posts/<id:post_id>/edit/", boards.post_edit_view, name="post-edit"),
    path("posts/<id:post_id>/comments/", boards.comment_new, name="comment-new"),
    path("comments/<id:comment_id>/moderate/", boards.comment_moderate, name="comment-moderate"),
    path("letters/", letters.letters_page, name="letters"),
    path("letters/sent/", letters.letters_sent_page, name="letters-sent"),
    path("letters/new/", letters.letter_new_page, name="letter-new"),
    path("letters/send/", letters.letter_send_view, name="letter-send"),
    path("letters/<id:letter_id>/", letters.letter_page, name="letter"),
    path("letters/<id:letter_id>/remove/", letters.letter_remove_view, name="letter-remove"),
    path("posts/<id:post_id>/pin/", chronicle.post_pin, name="post-pin"),
]
