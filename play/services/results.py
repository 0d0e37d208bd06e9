"""Entering a game's result (RULES.md R11.3 authority) and deciding it: the game's side, in one
transaction with its battle's (the host applies the result: the war's siege R6.2, field battle
§5 or pursuit R8.2, play/hooks.py)."""

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from campaign import clock
from campaign.authority import require_war_running
from campaign.errors import NotAllowed, RuleViolation
from campaign.services.notices import duties_recount
from campaign.text_refusals import checked_text
from campaign.timers import timers_cancel
from play.hooks import decided, host
from play.models import Game
from play.services.common import watchers_tell
from play.services.locks import game_lock
from play.timer_kinds import CLAIM_WINDOW, GAME_FLAG


def place_lock(game: Game) -> tuple:
    """The place fought over (the host's lock), then the game: the lock order of every game service."""
    place = host().lock(game)
    return place, game_lock(game)


@transaction.atomic
def game_result_enter(*, user: User, game: Game, result: str, note: str = "") -> Game:
    """The authority of R11.3 enters a pending game's result (a dispute settled, or a game
    played without a record), and it is applied; or refuse and change nothing."""
    place, game = place_lock(game)
    require_war_running(game.campaign)  # the game's campaign as locked, not as the caller read it
    if not host().may_enter_result(user, game, place):
        raise NotAllowed(
            "R11.3",
            _(
                "Results are entered by the governor of the city fought over, the king of a "
                "neutral kingdom or a site admin, never by a player of the game."
            ),
        )
    note = checked_text(note, field=_("note"), clause="R11.3", max_length=2000)
    return game_decide(place=place, game=game, result=result, note=note, user=user)


def game_decide(*, place, game: Game, result: str, note: str = "", user: User | None = None) -> Game:
    """Decide the game and apply its result to its battle (siege R6.2, field battle §5, pursuit
    R8.2: the host's `result_apply`) in the caller's transaction, which holds the place and the
    game locked."""
    if result not in Game.Result.values:
        raise RuleViolation("R6.2", _("A result is an attacker's win, a defender's win or a draw."))
    if game.status != Game.Status.PENDING:  # Game.TRANSITIONS: only a pending game is decided
        raise RuleViolation("R6.2", _("This game is not being played: its result cannot be entered."))
    now = clock.now()
    game.result, game.note, game.decided_at, game.decided_by = result, note[:2000], now, user
    game.status = Game.Status.DECIDED
    game.save(update_fields=["result", "note", "decided_at", "decided_by", "status"])
    for hook in decided:  # the engine's analysis, after commit: never while the game is played
        hook(game=game)
    if game.live_since is not None:  # its flag can no longer fall (it is the timer applied, if it fell)
        timers_cancel(kind=GAME_FLAG, object_ids=[game.pk])
        watchers_tell("game", game.pk)
    duties_recount(key=f"game:{game.pk}:start")
    if game.claim_status in ("claimed", "disputed"):  # the authority decided it: the claim's duties end
        timers_cancel(kind=CLAIM_WINDOW, object_ids=[game.pk])
        duties_recount(key=f"game:{game.pk}:claim")
        duties_recount(key=f"game:{game.pk}:dispute")
    host().result_apply(place=place, game=game, now=now)
    return game
