"""The games' pages under /c/<slug>/ (mounted by config/urls.py beside the war's): the list, a
game, its report, claim and agreement forms, its PGN. Entering a result is the war's
(battles/urls.py: its authority is the battle's)."""

from django.urls import path

from campaign import converters  # noqa: F401  (registers <id:…>, the bounded id of every path)
from play.views import games

urlpatterns = [
    path("games/", games.games_list, name="games"),
    path("games/<id:game_id>/", games.game_page, name="game"),
    path("games/<id:game_id>/report/", games.game_report_view, name="game-report"),
    path("games/<id:game_id>/claim/", games.game_claim_view, name="game-claim"),
    path("games/<id:game_id>/agree/", games.game_agree_view, name="game-agree"),
    path("games/<id:game_id>/pgn/", games.game_pgn, name="game-pgn"),
]
