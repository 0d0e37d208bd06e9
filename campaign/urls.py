"""The campaign's pages: the site-wide ones (home, landing, time zone, tokens, the unsubscribe
link) and, under /c/<slug>/, a campaign's boards, feeds, mail, moves and personnel. The war's
pages under the same prefix (battles/urls.py) are mounted by config/urls.py, so that the campaign
names nothing of the war."""

from django.urls import include, path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from campaign.views import boards, feeds, home, mail, moves, organise, organise_world, personnel, tokens, zones

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
    path("organise/", organise.organise_hub_page, name="organise-hub"),
    path("organise/settings/", organise.organise_settings, name="organise-settings"),
    path("organise/settings/save/", organise.organise_settings_save, name="organise-settings-save"),
    path("organise/organisers/", organise.organise_organiser_add, name="organise-organiser-add"),
    path(
        "organise/organisers/<id:user_id>/remove/", organise.organise_organiser_remove, name="organise-organiser-remove"
    ),
    path("organise/world/", organise_world.organise_world, name="organise-world"),
    path("organise/world/upload/", organise_world.organise_world_upload, name="organise-world-upload"),
    path("organise/world/kingdoms/", organise_world.organise_kingdom_add, name="organise-kingdom-add"),
    path(
        "organise/world/kingdoms/<id:kingdom_id>/",
        organise_world.organise_kingdom_update,
        name="organise-kingdom-update",
    ),
    path(
        "organise/world/kingdoms/<id:kingdom_id>/remove/",
        organise_world.organise_kingdom_remove,
        name="organise-kingdom-remove",
    ),
    path("organise/world/cities/", organise_world.organise_city_add, name="organise-city-add"),
    path("organise/world/cities/<id:city_id>/", organise_world.organise_city_update, name="organise-city-update"),
    path(
        "organise/world/cities/<id:city_id>/remove/", organise_world.organise_city_remove, name="organise-city-remove"
    ),
    path("organise/world/cities/<id:city_id>/place/", organise_world.organise_city_place, name="organise-city-place"),
    path("organise/world/roads/", organise_world.organise_road_add, name="organise-road-add"),
    path("organise/world/roads/<id:road_id>/remove/", organise_world.organise_road_remove, name="organise-road-remove"),
]

urlpatterns = [
    path("", home.home, name="home"),
    path("accounts/landing/", home.landing, name="landing"),
    path("accounts/time-zone/", zones.time_zone_page, name="time-zone"),
    path("mail/unsubscribe/<str:token>/", mail.mail_unsubscribe_page, name="mail-unsubscribe"),
    path("accounts/tokens/", tokens.tokens_page, name="tokens"),
    path("accounts/tokens/new/", tokens.token_new, name="token-new"),
    path("accounts/tokens/<id:token_id>/revoke/", tokens.token_revoke_view, name="token-revoke"),
    path("organise/", organise.organise_page, name="organise"),
    path("organise/new/", organise.organise_new, name="organise-new"),
    path("organise/new/create/", organise.organise_create, name="organise-create"),
    path("organise/new/upload/", organise.organise_upload, name="organise-upload"),
    path("c/<slug:slug>/", include(campaign_urls)),
]
