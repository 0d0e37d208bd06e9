"""A battle's hero tactics game played through the services (W1): both officers' accounts pick,
deploy and act from the legal actions until the game decides itself (W4). The winning side plays
as the API's bots do (tests/tactics/bots.py: attacks on the enemy base first); the other side only
ends its turns, so the game ends quickly and by a base at 0."""

import random

from play.models import Game
from tactics.models import TacticsGame
from tactics.selectors import tactics_legal
from tactics.services.play import tactics_act
from tactics.services.setup import tactics_deploy, tactics_pick
from tests.tactics.bots import CELLS, SIDES_PICKS, choose

PASSIVE = ("no-cover", "free-end", "end")


def tactics_of(battle: Game) -> TacticsGame:
    return TacticsGame.objects.select_related("challenger", "opponent").get(battle=battle)


def players(game: TacticsGame) -> dict:
    """Each side's account."""
    return {side: game.challenger if game.player_of(side) == game.challenger_id else game.opponent for side in CELLS}


def set_up(game: TacticsGame) -> TacticsGame:
    """Both sides' picks, then both deployments."""
    users = players(game)
    for side in CELLS:
        tactics_pick(user=users[side], game_id=game.pk, picks={"heroes": SIDES_PICKS[side]})
    for side in CELLS:
        names = [pick["hero"] for pick in SIDES_PICKS[side]]
        tactics_deploy(user=users[side], game_id=game.pk, cells=dict(zip(names, CELLS[side], strict=True)))
    return TacticsGame.objects.get(pk=game.pk)


def passive(actions: list[dict]) -> dict:
    """A side that does nothing: it declines 援護, ends its free phase or turn, else (a turn to
    start, a respawn) takes the first action offered."""
    for act in PASSIVE:
        found = [a for a in actions if a["act"] == act]
        if found:
            return found[0]
    return actions[0]


def play_out(game: TacticsGame, winner: str, limit: int = 3000) -> TacticsGame:
    """Played from the legal actions until decided, `winner` ("first" or "second") attacking."""
    rng, users = random.Random(1), players(game)
    for _ in range(limit):
        game = TacticsGame.objects.select_related("challenger", "opponent").get(pk=game.pk)
        if game.status != TacticsGame.Status.PLAYING:
            return game
        side = game.to_act
        legal = tactics_legal(game, users[side])
        action = choose(rng, legal["actions"], side) if side == winner else passive(legal["actions"])
        tactics_act(user=users[side], game_id=game.pk, action=action, expected_version=legal["version"])
    raise AssertionError("the game did not end")
