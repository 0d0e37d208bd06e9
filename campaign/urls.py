"""The campaign's pages: the site-wide ones (home, landing, time zone, tokens, the unsubscribe
link) and, under /c/<slug>/, a campaign's boards, feeds, mail, moves and personnel. The war's
pages under the same prefix (battles/urls.py) are mounted by config/urls.py, so that the campaign
names nothing of the war."""

from django.urls import include, path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from campaign.views import boards, chronicle, feeds, home, mail, moves, personnel, seasons, tokens, zones

campaign_urls = [
    path("boards/", boards.board_list, name="boards"),
    path("boards/search/", boards.board_search_page, name="board-search"),
    path("boards/<id:board_id>/", boards.board_detail, name="board"),
    path("boards/<id:board_id>/new/", boards.thread_new, name="thread-new"),
    path("boards/<id:board_id>/feed.atom", feeds.board_feed, name="board-feed"),
    path("feeds/<str:token>/boards/<id:board_id>.atom", feeds.board_feed_private, name="board-feed-private"),
    path("feeds/renew/", feeds.feed_renew, name="feed-renew"),
    path("mail/settings/", mail.mail_settings, name="mail-settings"),
    path("mail/confirm/", mail.mail_confirm_action, name="mail-confirm"),
    path("mail/confirm/<str:token>/", mail.mail_confirm_page, name="mail-confirm-page"),
    path("threads/<id:thread_id>/", boards.thread_detail, name="thread"),
    path("threads/<id:thread_id>/reply/", boards.reply_new, name="reply-new"),
    path("posts/<id:post_id>/moderate/", boards.post_moderate, name="post-moderate"),
    path("posts/<id:post_id>/edit/", boards.post_edit_view, name="post-edit"),
    path("moves/", moves.moves_page, name="moves"),
    path("moves/request/", moves.move_request, name="move-request"),
    path("moves/order/", moves.move_order, name="move-order"),
    path("moves/<id:move_id>/approve/", moves.move_approve, name="move-approve"),
    path("moves/<id:move_id>/reject/", moves.move_reject, name="move-reject"),
    path("moves/<id:move_id>/cancel/", moves.move_cancel, name="move-cancel"),
    path("personnel/", personnel.personnel_page, name="personnel"),
    path("personnel/cities/<id:city_id>/governor/", personnel.governor_appoint, name="governor-appoint"),
    path("personnel/boards/<id:board_id>/moderators/", personnel.moderator_appoint, name="moderator-appoint"),
    path("personnel/moderators/<id:moderator_id>/remove/", personnel.moderator_remove, name="moderator-remove"),
    path("personnel/promotions/", personnel.promotion_recommend, name="promotion-recommend"),
    path("personnel/promotions/<id:promotion_id>/", personnel.promotion_decide, name="promotion-decide"),
    path("posts/<id:post_id>/pin/", chronicle.post_pin, name="post-pin"),
    path("organise/next-season/", seasons.next_season_page, name="organise-next-season"),
    path("organise/next-season/make/", seasons.next_season_make, name="season-next"),
]

urlpatterns = [
    path("", home.home, name="home"),
    path("accounts/landing/", home.landing, name="landing"),
    path("accounts/time-zone/", zones.time_zone_page, name="time-zone"),
    path("mail/unsubscribe/<str:token>/", mail.mail_unsubscribe_page, name="mail-unsubscribe"),
    path("accounts/tokens/", tokens.tokens_page, name="tokens"),
    path("accounts/tokens/new/", tokens.token_new, name="token-new"),
    path("accounts/tokens/<id:token_id>/revoke/", tokens.token_revoke_view, name="token-revoke"),
    path("c/<slug:slug>/", include(campaign_urls)),
]
