"""What every service of a hero tactics game shares: the game locked for its change (after the
place and the battle's game, when it decides a battle: W1), the version bumped, the watchers told
after commit, a decided battle's result applied (W4), and the engine's refusals in the user's
language."""

from collections.abc import Callable
from functools import partial

from django.db import transaction
from django.utils.translation import gettext as _

from campaign.errors import NotAllowed, RuleViolation, Stale
from games.tactics.errors import TacticsViolation
from tactics.models import TacticsGame
from tactics.services.battle import battle_decide, battle_locked

# Called after commit with (game id, version): tactics/fanout.py puts it on the channel layer.
watchers: list[Callable[[int, int], None]] = []


def locked(game_id: int, *, acting: bool = True) -> TacticsGame:
    """The game's row, locked until the caller's transaction ends (two requests at once queue:
    the second reads what the first wrote). A battle's game takes its place and its battle's game
    first, in the lock order of every game service, and a player acts on it only while the war
    runs (`acting`: not the flag's check)."""
    battle_locked(game_id, acting=acting)
    return TacticsGame.objects.select_for_update(no_key=True).select_related("challenger", "opponent").get(pk=game_id)


def player_side(game: TacticsGame, user) -> str:
    side = game.side_of(getattr(user, "pk", None))
    if side is None:
        raise NotAllowed("T2.6", _("Only the game's players act in it."))
    return side


def captain_side(game: TacticsGame, user, words: str) -> str:
    """The side of the user when they are its captain (the challenger or the challenged): in the
    team form the captain speaks for the side (T2.6); else `words`, naming the captain, refuse."""
    side = player_side(game, user)
    if user.pk != game.player_of(side):
        raise NotAllowed("T2.6", words % {"captain": game.commander(side, "")[1]})
    return side


def seats_filled(game: TacticsGame) -> bool:
    """Every seat of both sides taken (T2.6): the captains and `seats - 1` players beside each."""
    return len(game.team()) == 2 * (game.seats - 1)


def expect_version(game: TacticsGame, expected: int | None) -> None:
    if expected is not None and expected != game.version:
        raise Stale("T18.3", _("The game moved on since you looked: nothing was applied. Look again."))


def saved(game: TacticsGame, fields: list[str]) -> TacticsGame:
    """The change written with the next version, and the watchers told once it commits."""
    game.version += 1
    game.save(update_fields=[*fields, "version"])
    if "outcome" in fields and game.status == TacticsGame.Status.DECIDED:
        battle_decide(game)  # W4: the battle's result applied in the same transaction
    for tell in watchers:
        transaction.on_commit(partial(tell, game.pk, game.version), robust=True)
    return game


def refusal(fault: TacticsViolation) -> RuleViolation:
    """The engine's refusal, its clause kept, its words in the user's language (the engine
    marks them for the catalogue: games/tactics/errors.py)."""
    words = _(fault.template)
    return RuleViolation(fault.clause, words % fault.values if fault.values else words)
