"""A hero tactics game by its id, with its two players (one query), or 404."""

from django.http import Http404

from tactics.models import TacticsGame


def tactics_game(game_id: int) -> TacticsGame:
    game = TacticsGame.objects.select_related("challenger", "opponent").filter(pk=game_id).first()
    if game is None:
        raise Http404
    return game
