"""What the hero tactics screens read and send, in the database thread (`ctx.db`): the user's
games (the API's list, `tactics_games_of`), a game as its reader may see it with the legal
actions of their side (`tactics_view`, `tactics_legal`, decided by its flag first as every read
is: W4, W7), the state at any action of a decided game's record (the replay), and every act
through the game's own services, answered with the refusal's text in the session's language
(word for word the API's and the page's), or "" when it was done."""

from collections.abc import Callable

from django.http import Http404

from campaign.errors import RuleViolation
from games.tactics.replay import replay_game
from games.tactics.state import final_state
from tactics.lookups import tactics_game
from tactics.selectors import tactics_games_of, tactics_legal, tactics_record, tactics_view
from tactics.services import challenges, play, seats, setup
from tactics.services.clock import tactics_settled

LISTED = 50  # the newest games listed, as the API lists them


def games_of(user) -> list[dict]:
    """The user's games, newest first, without their positions (one query)."""
    return [tactics_view(game, user, whole=False) for game in tactics_games_of(user)[:LISTED]]


def game_read(*, game_id: int, user) -> tuple[dict | None, dict]:
    """(the game as `user` may see it, the actions they may send now); (None, no actions) when
    there is no such game."""
    try:
        game = tactics_settled(tactics_game(game_id))
    except Http404:
        return None, {"actions": []}
    return tactics_view(game, user), tactics_legal(game, user)


def state_at(*, game_id: int, index: int) -> dict | None:
    """The position after the record's first `index` actions, once the game is decided (the
    seed then being out: T18.1); None before."""
    record = tactics_record(tactics_game(game_id))
    if "seed" not in record:
        return None
    shortened = {key: value for key, value in record.items() if key != "result"}
    played, _fault = replay_game({**shortened, "actions": record["actions"][:index]})
    return final_state(played) if played is not None else None


def _done(call: Callable[[], object]) -> str:
    try:
        call()
    except RuleViolation as refused:  # NotAllowed and Stale too
        return refused.refusal
    return ""


def challenge(*, user, opponent: str, settings: dict) -> str:
    return _done(lambda: challenges.tactics_challenge(user=user, opponent_name=opponent, settings=settings))


def answer(*, user, game_id: int, accept: bool) -> str:
    """Accept or decline a challenge made to `user`."""
    service = challenges.tactics_accept if accept else challenges.tactics_decline
    return _done(lambda: service(user=user, game_id=game_id))


def join(*, user, game_id: int, side: str) -> str:
    """An open seat of `side` taken in a team game (T2.6)."""
    return _done(lambda: seats.tactics_join(user=user, game_id=game_id, side=side))


def leave(*, user, game_id: int) -> str:
    """`user`'s own seat left in a team game before the picks (T2.6), as the page's Leave."""
    return _done(lambda: seats.tactics_unseat(user=user, game_id=game_id))


def pick(*, user, game_id: int, heroes: list, version: int) -> str:
    return _done(
        lambda: setup.tactics_pick(user=user, game_id=game_id, picks={"heroes": heroes}, expected_version=version)
    )


def deploy(*, user, game_id: int, cells: dict, version: int) -> str:
    return _done(lambda: setup.tactics_deploy(user=user, game_id=game_id, cells=cells, expected_version=version))


def act(*, user, game_id: int, action: dict, version: int) -> str:
    return _done(lambda: play.tactics_act(user=user, game_id=game_id, action=action, expected_version=version))


def resign(*, user, game_id: int) -> str:
    return _done(lambda: play.tactics_resign(user=user, game_id=game_id))
