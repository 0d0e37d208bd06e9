"""What the team form's tests share (T2.6): a game of three players a side set up through the
services (captains 劉備 and 曹操, beside them 關羽 and 張飛, 許褚 and 典韋), each side's heroes in
pick order going to its players in order; and a seated team choosing among the legal actions, the
player who commands the hero sending each act."""

import random

from tactics.models import TacticsGame
from tactics.selectors import tactics_legal, tactics_view
from tactics.services.challenges import tactics_accept, tactics_challenge
from tactics.services.play import tactics_act
from tactics.services.seats import tactics_join
from tactics.services.setup import tactics_deploy, tactics_pick
from tests.tactics.bots import CELLS, SIDES_PICKS, choose
from tests.tactics.pages import accounts

NAMES = {"first": ["liubei", "guanyu", "zhangfei"], "second": ["caocao", "xuchu", "dianwei"]}


def team_accounts() -> dict:
    """Each side's accounts, its captain first."""
    made = accounts(*NAMES["first"], *NAMES["second"])
    return {"first": made[:3], "second": made[3:]}


def seated(team: dict, seats: int = 3) -> TacticsGame:
    """The challenge of 劉備 to 曹操 with `seats` players a side, every seat taken and accepted."""
    game = tactics_challenge(user=team["first"][0], opponent_name=team["second"][0].username, settings={}, seats=seats)
    for side in ("first", "second"):
        for user in team[side][1:seats]:
            tactics_join(user=user, game_id=game.pk, side=side)
    tactics_accept(user=team["second"][0], game_id=game.pk)
    return TacticsGame.objects.get(pk=game.pk)


def team_playing(team: dict, seats: int = 3) -> TacticsGame:
    """A team game picked and deployed by its captains, at its first action."""
    game = seated(team, seats)
    for side in ("first", "second"):
        tactics_pick(user=team[side][0], game_id=game.pk, picks={"heroes": SIDES_PICKS[side]})
    for side in ("first", "second"):
        names = [p["hero"] for p in SIDES_PICKS[side]]
        tactics_deploy(user=team[side][0], game_id=game.pk, cells=dict(zip(names, CELLS[side], strict=True)))
    return TacticsGame.objects.get(pk=game.pk)


def team_play_out(team: dict, game_id: int, seed: int = 1, limit: int = 3000) -> tuple[dict, dict]:
    """The team plays until the game is decided: for each act, the players of the side to act who
    have something to play (only the hero's commander does), one of them sending it. Returns the
    last view and, by hero, the accounts that sent its acts."""
    rng = random.Random(seed)
    senders: dict = {}
    for _ in range(limit):
        game = TacticsGame.objects.select_related("challenger", "opponent").get(pk=game_id)
        if game.status != TacticsGame.Status.PLAYING:
            return tactics_view(game), senders
        side = game.to_act
        ready = [(user, tactics_legal(game, user)) for user in team[side]]
        ready = [(user, legal) for user, legal in ready if legal["actions"]]
        starting = all(a["act"] == "turn" for _user, legal in ready for a in legal["actions"])
        # Between turns each player may start a hero of theirs (D2); within one, one commander.
        assert ready and (starting or len(ready) == 1), (side, [user.username for user, _legal in ready])
        user, legal = rng.choice(ready)
        action = choose(rng, legal["actions"], side)
        tactics_act(user=user, game_id=game_id, action=action, expected_version=legal["version"])
        if action.get("act") == "turn":
            senders.setdefault((action["side"], action["hero"]), set()).add(user.username)
    raise AssertionError("the game did not end")
