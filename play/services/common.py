"""What the game services share with the war's: watchers told after commit, a battle's open
games cancelled, and a hero tactics battle's game kept to its own board (W3)."""

from functools import partial

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from campaign.errors import RuleViolation
from campaign.timers import timers_cancel
from play.hooks import cancelled, watchers
from play.models import Game
from play.timer_kinds import CLAIM_WINDOW, GAME_FLAG


def watchers_tell(kind: str, pk: int, committed: object = None) -> None:
    """`committed`: the object exactly as the transaction writes it, when the caller has it
    (then the watchers are told without reading it again)."""
    for notify in watchers:
        transaction.on_commit(partial(notify, kind, pk, committed), robust=True)  # the change stands regardless


def games_cancel(games: "QuerySet[Game]") -> None:
    """The called and pending games of `games` cancelled (their battle is over: a retreat, a
    siege lifted or fallen); those played live lose their flag timer and their watchers are told,
    a reported record's claim its confirmation window (R11.3)."""
    open_games = games.filter(status__in=[Game.Status.CALLED, Game.Status.PENDING])
    live = list(open_games.filter(live_since__isnull=False).values_list("pk", flat=True))
    for hook in cancelled:  # a game played as another kind (W1: hero tactics) is called off with it
        hook(games=open_games)
    timers_cancel(kind=CLAIM_WINDOW, object_ids=open_games.filter(claim_status="claimed").values("pk"))
    open_games.update(status=Game.Status.CANCELLED)
    if live:
        timers_cancel(kind=GAME_FLAG, object_ids=live)
        for pk in live:
            watchers_tell("game", pk)


def require_played_here(game: Game) -> None:
    """W3: a battle's game of kind 戰棋 is played on its hero tactics board, which decides it by
    itself (W4): no record is reported for it and it is not played on the live board here."""
    if game.game_kind == "tactics":
        raise RuleViolation(
            "W3",
            _(
                "A hero tactics battle is played on its own board, which decides it: no record "
                "is reported for it and no move is made here."
            ),
        )
