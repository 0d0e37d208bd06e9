"""Helpers the war's services share: system posts in their event's thread, status changes
checked against the allowed transitions, a member leaving the fighting (a game's watchers and
a battle's games cancelled are play's: play/services/common.py)."""

from datetime import datetime

from django.utils.translation import gettext as _

from battles.models import Army, ArmyMember
from campaign.errors import RuleViolation
from campaign.models import Officer
from forum.models import Board
from forum.services.boards import post_system
from play.models import Game


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
