"""What the game room shows: the newest open seeks (and the reader's own), the newest friendly
games being played and those decided lately (hero tactics; xiangqi, chess and dark chess), and a
signed-in reader's own challenges to answer or withdraw. A fixed number of queries whatever the
room holds (tests/room/test_seeks.py pins it)."""

from dataclasses import dataclass

from django.db.models import Q

from friendly.models import FriendlyGame
from friendly.selectors import newest
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
    board_playing: list[FriendlyGame]  # xiangqi, chess and dark chess (friendly/)
    board_decided: list[FriendlyGame]
    board_to_answer: list[FriendlyGame]
    board_sent: list[FriendlyGame]
    board_mine: list[FriendlyGame]  # the reader's own board games in play


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
    board_to_answer: list[FriendlyGame] = []
    board_sent: list[FriendlyGame] = []
    board_mine: list[FriendlyGame] = []
    if user.is_authenticated:
        board_mine = newest(FriendlyGame.Status.PLAYING, limit=SHOWN_DECIDED, user=user)
        challenged = FriendlyGame.objects.filter(Q(first=user) | Q(second=user), status=FriendlyGame.Status.CHALLENGED)
        for board in challenged.select_related("first", "second", "challenger").order_by("-created_at", "-pk")[
            :SHOWN_DECIDED
        ]:
            (board_sent if board.challenger_id == user.pk else board_to_answer).append(board)
    return Room(
        seeks=open_seeks(user),
        playing=playing,
        decided=decided,
        to_answer=to_answer,
        sent=sent,
        board_playing=newest(FriendlyGame.Status.PLAYING, limit=SHOWN_GAMES),
        board_decided=newest(FriendlyGame.Status.DECIDED, limit=SHOWN_DECIDED),
        board_to_answer=board_to_answer,
        board_sent=board_sent,
        board_mine=board_mine,
    )


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
        "game": seek.game_id,
        "seats": seek.seats,
    }
