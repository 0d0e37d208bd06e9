"""The computer's choice of an action: a Monte-Carlo search over the legal actions (T18.3) of a
position whose dice it does not know. The root's candidates are the legal actions the policy
ranks best of each kind; each playout plays one of them (chosen by UCB1) on a copy of the game
rolling from a seed of its own (the real seed is secret, T18.1), then the policy for a few
actions of both sides, and scores what it reaches (policy.evaluate). The action played most wins."""

import copy
import math
import random
import time

from games.tactics.actions import apply
from games.tactics.bots.levels import DEFAULT_LEVEL, LEVELS
from games.tactics.bots.policy import evaluate, prior, step
from games.tactics.legal import legal_actions
from games.tactics.state import Game

EXPLORE = 0.7


def blind(game: Game, rng: random.Random) -> Game:
    """A copy of the game with dice of the computer's own: it never rolls from the real seed."""
    hidden = copy.deepcopy(game)
    hidden.seed = f"{rng.getrandbits(256):064x}"
    return hidden


def choose_action(
    game: Game, side: str, level: str = DEFAULT_LEVEL, rng: random.Random | None = None, budget_s: float | None = None
) -> dict:
    """The action the computer plays for `side` (whose player acts now) at `level` (levels.py);
    ValueError once the game has ended."""
    rng = rng or random.Random()
    spec = LEVELS[level]
    deadline = time.monotonic() + (spec.budget_s if budget_s is None else budget_s)
    hidden = blind(game, rng)
    if spec.playouts == 0:
        action, _after = step(hidden, rng, greedy=spec.greedy)
        if action is None:
            raise ValueError("the game has ended")
        return action
    actions = legal_actions(hidden)
    if not actions:
        raise ValueError("the game has ended")
    if len(actions) == 1:
        return actions[0]
    roots = _widest(hidden, actions, side, spec.width, rng)
    visits, values = [0] * len(roots), [0.0] * len(roots)
    for done in range(spec.playouts):
        if time.monotonic() > deadline:
            break
        i = _ucb(visits, values, done)
        values[i] += _playout(hidden, roots[i], side, spec.depth, rng)
        visits[i] += 1
    best = max(range(len(roots)), key=lambda i: (visits[i], values[i] / max(1, visits[i])))
    return roots[best]


def _widest(game: Game, actions: list[dict], side: str, width: int, rng: random.Random) -> list[dict]:
    """Every attack and every choice of hero, cell or skill to drop; the best moves and skill uses
    by the policy's prior (width between them); ending the turn."""
    ranked = sorted(actions, key=lambda a: -prior(game, a, side, rng))
    moves = [a for a in ranked if a["act"] == "move"][: max(1, width * 2 // 3)]
    skills = [a for a in ranked if a["act"] == "skill"][: max(1, width // 3)]
    kept = {id(a) for a in moves + skills}
    return [a for a in ranked if id(a) in kept or a["act"] not in ("move", "skill")]


def _ucb(visits: list[int], values: list[float], done: int) -> int:
    for i, seen in enumerate(visits):
        if seen == 0:
            return i
    log = math.log(done)
    return max(range(len(visits)), key=lambda i: values[i] / visits[i] + EXPLORE * math.sqrt(log / visits[i]))


def _playout(game: Game, action: dict, side: str, depth: int, rng: random.Random) -> float:
    sim = blind(game, rng)
    apply(sim, action)
    for _ in range(depth):
        if sim.result is not None:
            break
        chosen, sim = step(sim, rng)
        if chosen is None:
            break
    return evaluate(sim, side)
