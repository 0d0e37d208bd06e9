"""Friendly xiangqi, chess and dark chess games between two accounts (the game room's, friendly/)
through the API: a named account challenged, the challenge answered, the game read, and its
players' acts (a move with the number of moves they saw, resignation, a draw offered, accepted or
declined, a claim), the same as the game page's forms. A seek for them is api/room.py's."""

from typing import Any

from django.utils.translation import gettext as _
from ninja import Field, Schema

from api import schemas
from api.router import act, read
from campaign.errors import RuleViolation
from friendly.lookups import friendly_game
from friendly.selectors import friendly_json
from friendly.services.challenges import friendly_accept, friendly_cancel, friendly_challenge, friendly_decline
from friendly.services.clock import friendly_settled
from friendly.services.play import friendly_claim, friendly_draw, friendly_move, friendly_resign


class FriendlyGameOut(Schema):
    id: int
    kind: str = Field(description="xiangqi, chess or banqi (dark chess)")
    status: str = Field(description="challenged, playing, decided, declined or cancelled")
    players: dict[str, str] = Field(description="the account playing first (red, white) and second (black)")
    you: str | None = Field(description="your side, or null for anyone else")
    time_control: dict[str, int] = Field(description="base_minutes a player, increment_s added a move")
    moves: list[str] = Field(description="canonical moves (ICCS, UCI); dark chess's actions (b3, b3-b4, b3xb1)")
    position: str = Field(description="the FEN; dark chess: 32 squares a1…h4, a piece face up, ? face down, . empty")
    to_move: str | None = Field(description="the side to move")
    clocks: dict[str, int] = Field(description="milliseconds left for each side, now")
    draw_offered_by: str | None
    result: str | None = Field(description="first, second or draw")
    termination: str | None = Field(description="checkmate, stalemate, resignation, agreement, time, …")
    layout_hash: str | None = Field(description="dark chess: SHA-256 of salt, colon and deal, shown from the start")
    layout: str | None = Field(description="dark chess: the deal, revealed when the game is over (R11.7)")
    salt: str | None = Field(description="dark chess: revealed when the game is over")


class BoardChallenge(Schema):
    opponent: str = Field(max_length=150, description="the username of the account challenged")
    kind: str = Field(description="xiangqi, chess or banqi (dark chess)")
    side: str = Field("first", description="your side: first (red, white) or second (black)")
    base_minutes: Any = Field(None, description="minutes a player, 1 to 180 (default 10)")
    increment_s: Any = Field(None, description="seconds added a move, 0 to 60 (default 5)")


class FriendlyAct(Schema):
    act: str = Field(description="move, resign, draw (offer or accept), no_draw (decline or withdraw) or claim")
    move: str = Field("", max_length=16, description="a move: 炮二平五, C2=5, h2e2, e2e4, Nf3; dark chess b3, b3-b4")
    ply: int | None = Field(None, description="the number of moves you saw (a stale one is refused, 409)")


@read("/room/games/{game_id}", FriendlyGameOut, "friendly-game-api")
def friendly_read(request, game_id: schemas.Id):
    """A friendly game as it stands (anyone may read it; a fallen flag decides it first)."""
    user = request.auth.user if request.auth else None
    return friendly_json(friendly_settled(friendly_game(game_id)), user)


@act("/room/games/{game_id}/act", FriendlyGameOut, "friendly-act")
def friendly_act(request, game_id: schemas.Id, data: FriendlyAct):
    """A player's act in their game (the game page's form): a move in turn, resignation, a draw,
    a claim (R11.3, R11.7)."""
    user, pk = request.auth.user, friendly_game(game_id).pk
    acts = {
        "move": lambda: friendly_move(user=user, game_id=pk, move=data.move, ply=data.ply),
        "resign": lambda: friendly_resign(user=user, game_id=pk),
        "draw": lambda: friendly_draw(user=user, game_id=pk),
        "no_draw": lambda: friendly_draw(user=user, game_id=pk, offer=False),
        "claim": lambda: friendly_claim(user=user, game_id=pk),
    }
    chosen = acts.get(data.act)
    if chosen is None:
        raise RuleViolation("R11.3", _("Unknown action."))
    return friendly_json(chosen(), user)


@act("/room/board-challenge", FriendlyGameOut, "room-board-challenge")
def board_challenge(request, data: BoardChallenge):
    """Challenge a named account to a friendly xiangqi, chess or dark chess game; it is answered
    at /room/board-challenges/{id}/accept or …/decline."""
    user = request.auth.user
    settings = {"base_minutes": data.base_minutes, "increment_s": data.increment_s}
    game = friendly_challenge(user=user, opponent_name=data.opponent, kind=data.kind, settings=settings, side=data.side)
    return friendly_json(game, user)


@act("/room/board-challenges/{game_id}/accept", FriendlyGameOut, "room-board-challenge-accept")
def board_accept(request, game_id: schemas.Id):
    """The challenged account accepts: the game starts, the first player's clock running."""
    return friendly_json(friendly_accept(user=request.auth.user, game_id=friendly_game(game_id).pk), request.auth.user)


@act("/room/board-challenges/{game_id}/decline", FriendlyGameOut, "room-board-challenge-decline")
def board_decline(request, game_id: schemas.Id):
    """The challenged account declines: the game is not played."""
    return friendly_json(friendly_decline(user=request.auth.user, game_id=friendly_game(game_id).pk), request.auth.user)


@act("/room/board-challenges/{game_id}/withdraw", FriendlyGameOut, "room-board-challenge-withdraw")
def board_withdraw(request, game_id: schemas.Id):
    """The challenger withdraws a challenge not yet answered."""
    return friendly_json(friendly_cancel(user=request.auth.user, game_id=friendly_game(game_id).pk), request.auth.user)
