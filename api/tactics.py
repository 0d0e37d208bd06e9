"""Hero tactics games (戰棋, docs/tactics.md) between two accounts, through the API: a challenge
and its answer, the secret picks and deployment, the actions chosen from the legal ones, the
resignation, and the record (sanguo-tactics/1) as a download. A bot plays a whole game with
these; the game's `version` goes with each act (a stale one is a 409, nothing applied)."""

import json
from typing import Any

from django.http import HttpResponse
from ninja import Field, Schema

from api import schemas
from api.router import act, read
from tactics.lookups import tactics_game
from tactics.selectors import tactics_games_of, tactics_legal, tactics_record, tactics_view
from tactics.services.challenges import tactics_accept, tactics_cancel, tactics_challenge, tactics_decline
from tactics.services.clock import tactics_settled
from tactics.services.play import tactics_act, tactics_resign
from tactics.services.seats import tactics_join, tactics_unseat
from tactics.services.setup import tactics_deploy, tactics_pick


class TacticsGameOut(Schema):
    id: int
    status: str = Field(
        description=(
            "challenged, seating (a team game's seats to fill: T2.6), picking, deploying, playing, decided, "
            "declined or cancelled"
        )
    )
    version: int = Field(description="send it back with an act: a game changed since refuses it (409)")
    challenger: str
    opponent: str
    players: dict[str, str] = Field(description="the account playing each side, first (先手) and second (後手)")
    you: str | None = Field(description="your side, or null for anyone else")
    settings: dict[str, Any] = Field(description="T15: heroes_per_side, duplicates_across_sides, round_limit, clock")
    map: Any
    commitment: str = Field(description="SHA-256 of the seed's 64 hex characters, shown from the start (T18.1)")
    seed: str | None = Field(description="revealed when the game has ended (T18.1)")
    picks: dict[str, Any] = Field(description="a side's picks, or only whether they are in, until both are (T2.3)")
    clash: list[str] = Field(description="heroes both sides picked when the game allows none on both: pick again")
    deployments: dict[str, Any] = Field(description="a side's cells, or only whether they are in, until both are")
    to_act: str | None = Field(description="the side whose player acts now")
    clocks: dict[str, int] = Field(description="milliseconds left for each side, now (W7)")
    flag_at: str | None = Field(description="when the side to act runs out of time")
    pending: dict[str, Any] | None = Field(description="an attack awaiting 援護's answer (T14.4)")
    result: dict[str, str] | None = Field(description="outcome (first, second, draw) and reason")
    state: dict[str, Any] | None = Field(description="the position as T18.4 prints it")
    rolls: list[dict[str, int]] = Field(description="every roll so far: its number k and its face (T18.1)")
    actions: list[dict[str, Any]] = Field(description="the record's actions so far (T18.2)")
    battle: int | None = Field(
        None, description="the war's battle game it decides (W1: /c/{slug}/games/{id}), or null between two accounts"
    )
    seats: int = Field(1, description="players a side (the team form, T2.6): 1 for one player a side")
    team: dict[str, list[str | None]] = Field(
        default_factory=dict, description="each side's players by place, its captain first; null for an open seat"
    )
    commanders: dict[str, dict[str, str]] = Field(
        default_factory=dict, description="in a team game, the player commanding each shown hero (T2.6)"
    )
    captain: bool = Field(False, description="whether you captain your side: its picks, deployment, resignation")


class LegalOut(Schema):
    version: int
    to_act: str | None
    you: str | None
    actions: list[dict[str, Any]] = Field(description="what you may send to act now (empty unless you are to act)")


class Challenge(Schema):
    opponent: str = Field(max_length=150, description="the username of the account challenged")
    side: str = Field("first", description="your side: first (先手) or second (後手)")
    settings: dict[str, Any] = Field(default_factory=dict, description="T15; absent keys take their defaults")
    seats: int = Field(1, description="players a side, up to the heroes a side (the team form, T2.6)")


class Seat(Schema):
    side: str = Field(description="the side whose open seat you take: first (先手) or second (後手)")


class Unseat(Schema):
    player: str = Field("", max_length=150, description="empty to leave your seat; a captain names a player")


class Picks(Schema):
    heroes: list[Any] = Field(description='[{"hero": "張遼", "skills": [1, 3], "designate": {…}}, …] (T2.3, T2.4)')
    version: int | None = None


class Deploy(Schema):
    cells: dict[str, str] = Field(description='{"張遼": "d1", …}: each hero on its own spawn point (T2.5)')
    version: int | None = None


class Act(Schema):
    action: dict[str, Any] = Field(description="one of the legal actions (GET …/legal)")
    version: int = Field(description="the game's version you saw")


def _view(request, game) -> dict:
    return tactics_view(game, request.auth.user)


@read("/tactics/games", list[TacticsGameOut], "tactics-games")
def tactics_games(request):
    """Your hero tactics games, the 50 newest first (none without a token): a challenge to answer
    is `challenged` with you its opponent. Without their position (`state` null): read a game for
    it."""
    user = request.auth.user
    if not user.is_authenticated:
        return []
    return [tactics_view(game, user, whole=False) for game in tactics_games_of(user)[:50]]


@read("/tactics/games/{game_id}", TacticsGameOut, "tactics-game")
def tactics_game_read(request, game_id: schemas.Id):
    """A game as you may see it: your own secret picks, the opponent's once both are in."""
    return _view(request, tactics_settled(tactics_game(game_id)))


@read("/tactics/games/{game_id}/legal", LegalOut, "tactics-legal")
def tactics_legal_read(request, game_id: schemas.Id):
    """The actions you may send now (a bot chooses from these)."""
    return tactics_legal(tactics_settled(tactics_game(game_id)), request.auth.user)


@read("/tactics/games/{game_id}/record", dict[str, Any], "tactics-record")
def tactics_record_read(request, game_id: schemas.Id):
    """The record, sanguo-tactics/1 JSON (T18.2), as a file: with the seed once the game has
    ended, so that `manage.py tactics_replay FILE` rechecks every roll."""
    record = tactics_record(tactics_settled(tactics_game(game_id)))
    response = HttpResponse(json.dumps(record, ensure_ascii=False, indent=1), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="tactics-{game_id}.json"'
    return response


@act("/tactics/challenge", TacticsGameOut, "tactics-challenge")
def tactics_challenge_act(request, data: Challenge):
    """Challenge another account (by username) to a game, with its settings and your side."""
    user = request.auth.user
    game = tactics_challenge(
        user=user, opponent_name=data.opponent, settings=data.settings, side=data.side, seats=data.seats
    )
    return tactics_view(game, user)


@act("/tactics/games/{game_id}/join", TacticsGameOut, "tactics-join")
def tactics_join_act(request, game_id: schemas.Id, data: Seat):
    """Take an open seat of a side in a team game before its picks (T2.6)."""
    user = request.auth.user
    return tactics_view(tactics_join(user=user, game_id=tactics_game(game_id).pk, side=data.side), user)


@act("/tactics/games/{game_id}/leave", TacticsGameOut, "tactics-leave")
def tactics_leave_act(request, game_id: schemas.Id, data: Unseat):
    """Leave your seat in a team game before its picks, or, as a captain, unseat a player of your
    side (T2.6)."""
    user = request.auth.user
    game = tactics_unseat(user=user, game_id=tactics_game(game_id).pk, player_name=data.player)
    return tactics_view(game, user)


@act("/tactics/games/{game_id}/accept", TacticsGameOut, "tactics-accept")
def tactics_accept_act(request, game_id: schemas.Id):
    """Accept a challenge made to you: both sides then pick their heroes (T2.3)."""
    return tactics_view(tactics_accept(user=request.auth.user, game_id=game_id), request.auth.user)


@act("/tactics/games/{game_id}/decline", TacticsGameOut, "tactics-decline")
def tactics_decline_act(request, game_id: schemas.Id):
    """Decline a challenge made to you."""
    return tactics_view(tactics_decline(user=request.auth.user, game_id=game_id), request.auth.user)


@act("/tactics/games/{game_id}/cancel", TacticsGameOut, "tactics-cancel")
def tactics_cancel_act(request, game_id: schemas.Id):
    """Withdraw your challenge, or call off a game not yet started."""
    return tactics_view(tactics_cancel(user=request.auth.user, game_id=game_id), request.auth.user)


@act("/tactics/games/{game_id}/picks", TacticsGameOut, "tactics-picks")
def tactics_picks_act(request, game_id: schemas.Id, data: Picks):
    """Your side's heroes, their two skills each and designations, in secret (T2.3, T2.4)."""
    user = request.auth.user
    game = tactics_pick(user=user, game_id=game_id, picks={"heroes": data.heroes}, expected_version=data.version)
    return tactics_view(game, user)


@act("/tactics/games/{game_id}/deploy", TacticsGameOut, "tactics-deploy")
def tactics_deploy_act(request, game_id: schemas.Id, data: Deploy):
    """Your heroes' spawn points, in secret (T2.5); the game starts when both are in."""
    user = request.auth.user
    game = tactics_deploy(user=user, game_id=game_id, cells=data.cells, expected_version=data.version)
    return tactics_view(game, user)


@act("/tactics/games/{game_id}/act", TacticsGameOut, "tactics-act")
def tactics_act_act(request, game_id: schemas.Id, data: Act):
    """Play one action for your side (from …/legal), with the version you saw."""
    user = request.auth.user
    game = tactics_act(user=user, game_id=game_id, action=data.action, expected_version=data.version)
    return tactics_view(game, user)


@act("/tactics/games/{game_id}/resign", TacticsGameOut, "tactics-resign")
def tactics_resign_act(request, game_id: schemas.Id):
    """Resign: your side loses (T13.4)."""
    return tactics_view(tactics_resign(user=request.auth.user, game_id=game_id), request.auth.user)
