"""A friendly game by its id, with its players (one query), or 404."""

from django.http import Http404

from friendly.models import FriendlyGame


def friendly_game(game_id: int) -> FriendlyGame:
    game = FriendlyGame.objects.select_related("first", "second").filter(pk=game_id).first()
    if game is None:
        raise Http404
    return game
