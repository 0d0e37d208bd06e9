"""The computer's playout policy and its judgement of a position (T13): each candidate action gets
a prior (an attack on the base first, then on the weakest enemy, a skill now and then, the move
that comes nearest an enemy or the enemy base, ending the turn last) and the first of them that
the engine accepts is played (`step`). A position is worth the base losses it leaves each side
(T12.5, T13.3), then its heroes' HP, then how near they stand to the enemy base."""

import copy
import math
import random

from games.tactics.actions import apply
from games.tactics.board import distance
from games.tactics.errors import TacticsViolation
from games.tactics.legal import candidates
from games.tactics.state import Game
from games.tactics.turns import side_to_act

SKILL_TRIES = 4  # skill uses a step tries (most candidates are refused) before it moves on


def acting_side(game: Game) -> str | None:
    """The side whose player acts now (the engine's `side_to_act`, which the site uses too)."""
    return side_to_act(game)


def prior(game: Game, action: dict, side: str, rng: random.Random) -> float:
    """How promising an action looks before it is tried: higher first."""
    act, enemy_base = action["act"], game.board.base(game.other(side))
    if act == "attack":
        target = game.at(action["target"])
        return 100.0 if target is None else 80.0 + max(0, 10 - target.hp)
    if act == "skill":
        return 30.0 + 40.0 * rng.random()
    if act == "move":
        end = action["path"][-1]
        marks = [u.cell for u in game.enemies(side) if u.cell] + [enemy_base]
        nearest = min(distance(end, mark) for mark in marks)
        return 50.0 - nearest - 0.5 * distance(end, enemy_base) + 0.5 * rng.random()
    if act in ("turn", "respawn", "drop"):
        return 10.0 + 10.0 * rng.random()
    return 1.0


def _tried(game: Game, action: dict) -> Game | None:
    trial = copy.deepcopy(game)
    try:
        apply(trial, action)
    except TacticsViolation:
        return None
    return trial


def step(game: Game, rng: random.Random, greedy: bool = True) -> tuple[dict | None, Game]:
    """One action and the game after it (a copy): the policy's first accepted action, or (not
    `greedy`) one uniform among the legal actions (the first accepted of a random order). (None,
    game) once the game has ended."""
    found = candidates(game)
    side = acting_side(game)
    if greedy and side is not None:
        found.sort(key=lambda a: -prior(game, a, side, rng))
    else:
        rng.shuffle(found)
    skipped, skills = [], 0
    for action in found:
        if greedy and action["act"] == "skill":
            skills += 1
            if skills > SKILL_TRIES:
                skipped.append(action)
                continue
        after = _tried(game, action)
        if after is not None:
            return action, after
    for action in skipped:
        after = _tried(game, action)
        if after is not None:
            return action, after
    return None, game


def evaluate(game: Game, side: str) -> float:
    """The position's worth to `side`, from 0 (lost) to 1 (won)."""
    if game.result is not None:
        outcome = game.result["outcome"]
        return 0.5 if outcome == "draw" else float(outcome == side)
    other = game.other(side)
    lost = {s: game.settings.base_max(s) - game.bases[s] for s in (side, other)}
    score = float(lost[other] - lost[side])
    for unit in game.units:
        if unit.cell is None:
            continue
        sign = 1.0 if unit.side == side else -1.0
        score += sign * (
            0.6 * unit.hp / max(1, unit.hp_max) - 0.03 * distance(unit.cell, game.board.base(game.other(unit.side)))
        )
    return 1.0 / (1.0 + math.exp(-score))
