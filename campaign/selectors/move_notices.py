"""What the mover is told of a decision on their request to move (R3.2, R3.3): the notice's words
in each of the site's languages, read when it is delivered (delivery/services/deliver.py), as a
letter's are. Not a duty: nothing waits on the mover, and it is not counted among the duties."""

from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from campaign.models import Move, Officer

# The outcomes orders/services/moves.py tells (`move:<id>:<outcome>`), and the status each needs
# still to hold when delivered: a notice of one city's agreement is not sent once the move left.
OUTCOMES = {
    "agreed": [Move.Status.REQUESTED],
    "approved": [Move.Status.TRAVELLING, Move.Status.ARRIVED],
    "rejected": [Move.Status.REJECTED],
}


@dataclass(frozen=True)
class MoveTold:
    """A decision told to the mover, in one language, in the shape of a duty
    (campaign/services/notices.py); its kind is the moves' (an officer's mail choices)."""

    kind: str
    key: str
    summary: str
    path: str
    since: datetime
    deadline: datetime | None = None


def is_move_told_key(key: str) -> bool:
    """Whether `key` is one of these notices (a move's request, `move:<id>:request`, is a duty).

    >>> is_move_told_key("move:7:approved"), is_move_told_key("move:7:request")
    (True, False)
    """
    parts = key.split(":")
    return len(parts) == 3 and parts[0] == "move" and parts[1].isdigit() and parts[2] in OUTCOMES


def move_notice(*, officer: Officer, key: str) -> dict[str, MoveTold | None]:
    """The notice `key` in each language, or None in each when the move is no longer as told."""
    _kind, pk, outcome = key.split(":")
    move = (
        Move.objects.filter(pk=int(pk), officer=officer, status__in=OUTCOMES[outcome])
        .select_related("campaign", "origin", "destination", "origin_approver", "destination_approver", "decided_by")
        .first()
    )
    found: dict[str, MoveTold | None] = {}
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            found[code] = _told(move, key, outcome) if move is not None else None
    return found


def _told(move: Move, key: str, outcome: str) -> MoveTold:
    names = {"a": move.origin.name, "b": move.destination.name}
    if outcome == "approved":
        assert move.arrives_at is not None  # move_on_road_has_arrival
        at = move.arrives_at.astimezone(move.campaign.zone).strftime("%H:%M")
        summary = _("Your move from %(a)s to %(b)s is approved: on the road, arriving at %(at)s") % {**names, "at": at}
    elif outcome == "agreed":
        agreed, awaited = (
            (move.origin, move.destination) if move.origin_approver_id else (move.destination, move.origin)
        )
        summary = _("%(agreed)s agreed to your move from %(a)s to %(b)s; %(awaited)s has still to agree") % {
            **names,
            "agreed": agreed.name,
            "awaited": awaited.name,
        }
    else:
        by = move.decided_by.name if move.decided_by else "…"
        summary = _("Your move from %(a)s to %(b)s was rejected by %(name)s") % {**names, "name": by}
    return MoveTold("move", key, summary, reverse("moves", args=[move.campaign.slug]), move.created_at)
