"""A hero tactics game by its id, with its two players (one query), or 404; the game deciding a
war battle's game (W1), by the battle game's id."""

from django.http import Http404

from tactics.models import TacticsGame


def tactics_game(game_id: int) -> TacticsGame:
    game = TacticsGame.objects.select_related("challenger", "opponent").filter(pk=game_id).first()
    if game is None:
        raise Http404
    return game


def tactics_of_battle(*, campaign_id: int, game_id: int) -> int | None:
    """The id of the hero tactics game deciding the battle's game `game_id` of the campaign (W1)."""
    return (
        TacticsGame.objects.filter(battle_id=game_id, battle__campaign_id=campaign_id)
        .values_list("pk", flat=True)
        .first()
    )
