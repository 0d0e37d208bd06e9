"""The computer's picks and deployment (T2.2–T2.5): different heroes drawn among the 27, two
skills each that need no designation (激勵 and 慧眼 are left out), and its heroes on the spawn
points nearest the middle file, the shortest way to the enemy base."""

import itertools
import random

from games.tactics.board import Board, cell_xy, classic_9
from games.tactics.heroes import HEROES

DESIGNATING = {"激勵", "慧眼"}


def _pairs(name: str) -> list[list[int]]:
    hero = HEROES[name]
    return [
        list(pair)
        for pair in itertools.combinations((1, 2, 3), 2)
        if not {hero.skill(n).name for n in pair} & DESIGNATING
    ]


def choose_picks(heroes_per_side: int, rng: random.Random, avoid: object = ()) -> dict:
    """`{"heroes": [{"hero", "skills"}, …]}` for one side; `avoid`: heroes it may not pick (those
    both sides chose, when the game allows no hero on both, T2.3)."""
    names = sorted(name for name in HEROES if _pairs(name) and name not in set(avoid or ()))  # type: ignore[call-overload]
    chosen = rng.sample(names, heroes_per_side)
    return {"heroes": [{"hero": name, "skills": rng.choice(_pairs(name))} for name in chosen]}


def choose_cells(side: str, heroes: list[str], rng: random.Random, board: Board | None = None) -> dict[str, str]:
    """Each hero on its own spawn point of `side` (T2.5), the middle ones first, in a random order."""
    board = board or classic_9()
    middle = board.width // 2
    spawns = sorted(board.spawn_points(side), key=lambda cell: (abs(cell_xy(cell)[0] - middle), rng.random()))
    order = list(heroes)
    rng.shuffle(order)
    return dict(zip(order, spawns, strict=False))
