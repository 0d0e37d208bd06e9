"""The computer's turns in a hero tactics game: it accepts a challenge,
picks its heroes, deploys them and acts, each through the tactics services with the version it
read (T18.3: when a player moved meanwhile, its turn is stale and dropped; the next change brings
another message). It thinks between reading and acting, holding no lock."""

import logging
import random

from campaign.errors import Stale
from games.tactics.bots import choose_action, choose_cells, choose_picks
from games.tactics.state import Settings
from tactics.models import TacticsGame
from tactics.rules import rebuilt
from tactics.services.challenges import tactics_accept, tactics_decline
from tactics.services.play import tactics_act
from tactics.services.setup import tactics_deploy, tactics_pick

log = logging.getLogger(__name__)
DEFAULT_HEROES = Settings().heroes_per_side


def bot_tactics_turn(*, game_id: int, version: int) -> str:
    """The computer's turn in the game as it stood at `version`, if it has one: what it did
    (`accepted`, `declined` for a team game, `picked`, `deployed`, `acted`), `stale` when the game
    moved on, `waiting`."""
    game = TacticsGame.objects.select_related("challenger__bot", "opponent__bot").get(pk=game_id)
    if game.version != version:
        return "stale"
    bots = [u for u in (game.challenger, game.opponent) if hasattr(u, "bot")]
    try:
        for user in bots:
            done = _turn(game, user, random.Random())
            if done:
                return done
    except Stale:
        return "stale"
    return "waiting"


def _turn(game: TacticsGame, user, rng: random.Random) -> str:
    side, status, Status = game.side_of(user.pk), game.status, TacticsGame.Status
    assert side is not None
    if status == Status.CHALLENGED and user.pk == game.opponent_id:
        if game.seats > 1:  # it commands whole sides only: the team form (T2.6) is for people
            tactics_decline(user=user, game_id=game.pk)
            return "declined"
        tactics_accept(user=user, game_id=game.pk)
        return "accepted"
    if status == Status.PICKING and side not in game.picks:
        heroes = game.settings.get("heroes_per_side", DEFAULT_HEROES)
        picks = choose_picks(heroes, rng, avoid=game.picks.get("clash", []))
        tactics_pick(user=user, game_id=game.pk, picks=picks, expected_version=game.version)
        return "picked"
    if status == Status.DEPLOYING and side not in game.deployments:
        cells = choose_cells(side, [entry["hero"] for entry in game.picks[side]["heroes"]], rng)
        tactics_deploy(user=user, game_id=game.pk, cells=cells, expected_version=game.version)
        return "deployed"
    if status == Status.PLAYING and game.to_act == side:
        if game.pending is not None:  # 援護 answers the attack it can (T14.4)
            action = game.pending["covers"][0]
        else:
            assert game.record is not None
            action = choose_action(rebuilt(game.record, game.seed), side, user.bot.tactics_level, rng)
        tactics_act(user=user, game_id=game.pk, action=action, expected_version=game.version)
        return "acted"
    return ""
