"""Helpers the war's services share: system posts in their event's thread, status changes
checked against the allowed transitions, a member leaving the fighting."""

from collections.abc import Callable
from datetime import datetime
from functools import partial

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from battles.models import Army, ArmyMember, Game
from battles.timer_kinds import CLAIM_WINDOW, GAME_FLAG
from campaign.errors import RuleViolation
from campaign.models import Officer
from campaign.timers import timers_cancel
from forum.models import Board
from forum.services.boards import post_system

# Told after a commit that changed a game played on the site, ("game" | "banqi", its id): the
# fan-out to its watchers (live/fanout.py), registered by battles/registry.py so that the
# services import nothing of Channels.
watchers: list[Callable[..., None]] = []


# Called in the transaction that decided a game, with the game: the engine's analysis waits for
# it (analysis/registry.py), so that the war imports nothing of the analysis above it.
decided: list[Callable[..., None]] = []  # called as hook(game=game)


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


def announcement_post(board: Board, key: str, at: datetime, title: str, body: str = "", *, topic: str) -> None:
    """The war's post of an event on a board, a reply in the thread of the war's event it belongs
    to (`topic`: siege_topic, army_topic, …), which its first post opens."""
    post_system(board=board, title=title, body=body or title, at=at, event_key=key, topic=topic)


def siege_topic(siege_id: int) -> str:
    """A siege's thread: its beginning, calls, answers, results, captures, ransoms, fall or lifting,
    and the retreats and pursuits of its armies."""
    return f"siege:{siege_id}"


def army_topic(army: Army) -> str:
    """An army's thread: its siege's once it besieges (or besieged); before that its march's (the
    march, a sortie and its field battle)."""
    return siege_topic(army.siege_id) if army.siege_id else f"army:{army.pk}"


def game_topic(game: Game) -> str:
    """A game's thread: its siege's, or its army's (a field battle, a pursuit)."""
    return siege_topic(game.siege_id) if game.siege_id else army_topic(game.army)


def status_change(obj, new: str, what: str) -> None:
    """Move `obj` to status `new` if its model's TRANSITIONS allow it; refuse otherwise."""
    if new not in type(obj).TRANSITIONS[obj.status]:
        raise RuleViolation(
            "§4",
            _("This %(what)s is %(status)s; that cannot be done now.")
            % {"what": what, "status": obj.get_status_display()},
        )
    obj.status = new


def member_leave(army: Army, officer: Officer, status: str, at: datetime) -> None:
    """A member leaves the fighting (taken, withdrawn): no longer present from `at` (R7.2)."""
    ArmyMember.objects.filter(army=army, officer=officer).update(status=status, until=at)
