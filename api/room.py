"""The game room (friendly games outside the war) through the API: the open seeks, a seek opened,
accepted or withdrawn, a named account challenged. The game a seek or a challenge makes is then
played through /tactics/games/{id} (api/tactics.py), or a board game's through /room/games/{id}
(api/friendly.py)."""

from typing import Any

from ninja import Field, Schema

from api import schemas
from api.router import act, read
from api.tactics import Challenge, TacticsGameOut
from room.lookups import seek
from room.selectors import LISTED_SEEKS, open_seeks, seek_json
from room.services.seeks import seek_accept, seek_open, seek_withdraw
from tactics.selectors import tactics_view
from tactics.services.challenges import tactics_challenge


class SeekOut(Schema):
    id: int
    kind: str = Field(description="the game: tactics (hero tactics, 戰棋), xiangqi, chess or banqi (dark chess)")
    owner: str = Field(description="the username of the account that opened it")
    side: str = Field(description="the owner's side: first (先手) or second (後手)")
    settings: dict[str, Any] = Field(
        description="T15: the settings that differ from the defaults; a board game's base_minutes and increment_s"
    )
    status: str = Field(description="open, accepted or withdrawn")
    created_at: str
    game: int | None = Field(
        description="the game it made, once accepted: /tactics/games/{id}, or a board game's /room/games/{id}"
    )
    seats: int = Field(1, description="players a side (the team form, T2.6)")


class SeekIn(Schema):
    kind: str = Field("tactics", description="the game: tactics, xiangqi, chess or banqi")
    side: str = Field("first", description="your side: first (先手) or second (後手)")
    settings: dict[str, Any] = Field(
        default_factory=dict,
        description="T15, or a board game's base_minutes (1-180) and increment_s (0-60); absent: the defaults",
    )
    seats: int = Field(1, description="players a side, up to the heroes a side (the team form, T2.6)")


@read("/room/seeks", list[SeekOut], "room-seeks-api")
def room_seeks(request):
    """The open seeks, newest first (at most 200)."""
    return [seek_json(found) for found in open_seeks(limit=LISTED_SEEKS)]


@act("/room/seeks", SeekOut, "room-seek-new")
def room_seek_open(request, data: SeekIn):
    """Open a seek: a friendly game any other account may accept (one open seek a game each)."""
    found = seek_open(user=request.auth.user, kind=data.kind, settings=data.settings, side=data.side, seats=data.seats)
    return seek_json(found)


@act("/room/seeks/{seek_id}/accept", SeekOut, "room-seek-accept")
def room_seek_accept(request, seek_id: schemas.Id):
    """Accept another account's open seek: the game is made and both pick their heroes (T2.3)."""
    return seek_json(seek_accept(user=request.auth.user, seek_id=seek(seek_id).pk))


@act("/room/seeks/{seek_id}/withdraw", SeekOut, "room-seek-withdraw")
def room_seek_withdraw(request, seek_id: schemas.Id):
    """Withdraw your own seek while nobody has accepted it."""
    return seek_json(seek_withdraw(user=request.auth.user, seek_id=seek(seek_id).pk))


@act("/room/challenge", TacticsGameOut, "room-challenge")
def room_challenge(request, data: Challenge):
    """Challenge a named account to a friendly game (the same as /tactics/challenge): it is
    answered at /tactics/games/{id}/accept or …/decline."""
    user = request.auth.user
    game = tactics_challenge(
        user=user, opponent_name=data.opponent, settings=data.settings, side=data.side, seats=data.seats
    )
    return tactics_view(game, user)
