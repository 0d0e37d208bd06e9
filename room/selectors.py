"""What the game room shows: the newest open seeks (and the reader's own), the newest friendly
games being played and those decided lately, and a signed-in reader's own challenges to answer or withdraw. A fixed
number of queries whatever the room holds (tests/room/test_pages.py pins it)."""

from dataclasses import dataclass

from django.db.models import Q

from room.models import Seek
from tactics.models import TacticsGame

LISTED_SEEKS = 200  # the API's list
SHOWN_SEEKS = 50  # the page's: the newest, and the reader's own wherever they are
SHOWN_GAMES = 30
SHOWN_DECIDED = 20
IN_PLAY = (
    TacticsGame.Status.SEATING,
    TacticsGame.Status.PICKING,
    TacticsGame.Status.DEPLOYING,
    TacticsGame.Status.PLAYING,
)


@dataclass(frozen=True)
class Room:
    seeks: list[Seek]
    playing: list[TacticsGame]
    decided: list[TacticsGame]
    to_answer: list[TacticsGame]  # challenges made to the reader
    sent: list[TacticsGame]  # the reader's challenges not yet answered


def open_seeks(user=None, *, limit: int = SHOWN_SEEKS) -> list[Seek]:
    """The newest `limit` open seeks; with a signed-in `user`, theirs too wherever they are (to
    withdraw them), newest first."""
    newest = Seek.objects.filter(status=Seek.Status.OPEN).select_related("owner").order_by("-created_at", "-pk")
    found = list(newest[:limit])
    if user is not None and user.is_authenticated:
        shown = {seek.pk for seek in found}
        found += [seek for seek in newest.filter(owner=user) if seek.pk not in shown]
        found.sort(key=lambda seek: (seek.created_at, seek.pk), reverse=True)
    return found


def _games():
    return TacticsGame.objects.select_related("challenger", "opponent").defer(
        "record", "picks", "deployments", "pending", "map", "seed"
    )


def room(user) -> Room:
    playing = list(_games().filter(status__in=IN_PLAY).order_by("-created_at", "-pk")[:SHOWN_GAMES])
    decided = list(_games().filter(status=TacticsGame.Status.DECIDED).order_by("-pk")[:SHOWN_DECIDED])
    to_answer: list[TacticsGame] = []
    sent: list[TacticsGame] = []
    if user.is_authenticated:
        mine = _games().filter(Q(opponent=user) | Q(challenger=user), status=TacticsGame.Status.CHALLENGED)
        for game in mine.order_by("-created_at", "-pk")[:SHOWN_DECIDED]:
            (to_answer if game.opponent_id == user.pk else sent).append(game)
    return Room(seeks=open_seeks(user), playing=playing, decided=decided, to_answer=to_answer, sent=sent)


def seek_json(seek: Seek) -> dict:
    """A seek as the API shows it."""
    return {
        "id": seek.pk,
        "kind": seek.kind,
        "owner": seek.owner.username,
        "side": seek.side,
        "settings": seek.settings,
        "status": seek.status,
        "created_at": seek.created_at.isoformat(),
        "game": seek.tactics_game_id,
        "seats": seek.seats,
    }
