"""The hero tactics games' pages under /tactics/ (mounted by config/urls.py; no campaign: a game
between two accounts). Their socket is live/routing.py's `ws/tactics/<id>/`."""

from django.urls import path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from tactics.views import games

app_name = "tactics"
urlpatterns = [
    path("", games.games_list, name="games"),
    path("challenge/", games.challenge, name="challenge"),
    path("<id:game_id>/", games.game_page, name="game"),
    path("<id:game_id>/accept/", games.accept, name="accept"),
    path("<id:game_id>/decline/", games.decline, name="decline"),
    path("<id:game_id>/withdraw/", games.withdraw, name="withdraw"),
    path("<id:game_id>/join/", games.join, name="join"),
    path("<id:game_id>/leave/", games.leave, name="leave"),
    path("<id:game_id>/record/", games.record, name="record"),
    path("<id:game_id>/replay/", games.replay, name="replay"),
]
