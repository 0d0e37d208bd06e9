"""What the game services share with the war's: watchers told after commit, and a battle's open
games cancelled."""

from functools import partial

from django.db import transaction
from django.db.models import QuerySet

from campaign.timers import timers_cancel
from play.hooks import watchers
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
    timers_cancel(kind=CLAIM_WINDOW, object_ids=open_games.filter(claim_status="claimed").values("pk"))
    open_games.update(status=Game.Status.CANCELLED)
    if live:
        timers_cancel(kind=GAME_FLAG, object_ids=live)
        for pk in live:
            watchers_tell("game", pk)
