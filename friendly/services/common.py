"""What every service of a friendly game shares: the row locked for its change, the followers
told after commit (friendly/fanout.py through `watchers`), the game decided with its clocks
stopped, and the player's side checked."""

from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.errors import NotAllowed, RuleViolation
from friendly.models import FriendlyGame
from friendly.rules import to_move

# Called after commit with the game's id: friendly/fanout.py puts it on the channel layer.
watchers: list[Callable[[int], None]] = []


def locked(game_id: int) -> FriendlyGame:
    """The game's row, locked until the caller's transaction ends (two requests at once queue)."""
    return FriendlyGame.objects.select_for_update(no_key=True).get(pk=game_id)


def saved(game: FriendlyGame, fields: list[str]) -> FriendlyGame:
    game.save(update_fields=fields)
    for tell in watchers:
        transaction.on_commit(partial(tell, game.pk), robust=True)
    return game


def side_to_move(game: FriendlyGame) -> str | None:
    return to_move(game.kind, game.moves) if game.status == FriendlyGame.Status.PLAYING else None


def flag_at(game: FriendlyGame) -> datetime:
    """When the side to move runs out of time."""
    assert game.turn_since is not None
    side = to_move(game.kind, game.moves)
    return game.turn_since + timedelta(milliseconds=getattr(game, f"{side}_left_ms"))


def player(game: FriendlyGame, user) -> str:
    """The side `user` plays; refused for anyone else, or once the game is over (R11.3)."""
    side = game.side_of(getattr(user, "pk", None))
    if side is None:
        raise NotAllowed("R11.3", _("Only the game's two players play it."))
    if game.status != FriendlyGame.Status.PLAYING:
        raise RuleViolation("R11.3", _("This game is not being played: it is over, or not yet accepted."))
    return side


def decide(game: FriendlyGame, result: str, termination: str, now: datetime) -> list[str]:
    """The game over: its result and how it came, the clocks stopped where they stood."""
    running = side_to_move(game)
    if running is not None:
        setattr(game, f"{running}_left_ms", game.left_ms(running, now, running))
    game.status, game.result, game.termination, game.decided_at = FriendlyGame.Status.DECIDED, result, termination, now
    game.flag_at, game.flag_sent_at, game.draw_offered_by = None, None, ""
    return [
        "first_left_ms",
        "second_left_ms",
        "status",
        "result",
        "termination",
        "decided_at",
        "flag_at",
        "flag_sent_at",
        "draw_offered_by",
    ]
