"""A friendly game's pages under /room/games/ (mounted by config/urls.py). Their socket is
live/routing.py's `ws/room/games/<id>/`."""

from django.urls import path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from friendly import views

urlpatterns = [
    path("<id:game_id>/", views.game_page, name="friendly-game"),
    path("<id:game_id>/act/", views.game_act, name="friendly-act"),
    path("<id:game_id>/record/", views.game_record, name="friendly-record"),
]
