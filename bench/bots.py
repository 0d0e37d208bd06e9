"""Benchmark of the computer as a hero tactics player (games/tactics/bots/, docs/tactics.md
"Playing the computer"):

    .venv/bin/python bench/bots.py      # or: make bench

1. Its move time at the default level (mcts): positions of 3-v-3 games between two greedy players
   (classic-9), each the moment a hero's action turn has begun or has moved on (rounds 2 to 12),
   timed on the wall clock and in the process's CPU time. Target: within 2 s.
2. Its strength: games between two levels (by default the default level against random and
   against greedy, its own lower level, and greedy against random), the sides alternated, each
   game's heroes drawn by the bot's own picker; scored 1 a win, ½ a draw, with the score's 95 %
   Wilson interval (over the games, draws as halves).

Deterministic but for the search's time budget: game g draws from random.Random(seed + g)."""

import argparse
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.tactics.actions import apply  # noqa: E402
from games.tactics.bots import DEFAULT_LEVEL, choose_action, choose_cells, choose_picks  # noqa: E402
from games.tactics.bots.policy import acting_side  # noqa: E402
from games.tactics.record import FORMAT  # noqa: E402
from games.tactics.setup import start  # noqa: E402
from games.tactics.state import Game  # noqa: E402

SIDES = ("first", "second")
Z95 = 1.959964


def new_game(rng: random.Random, heroes: int, round_limit: int) -> Game:
    sides = {}
    for side in SIDES:
        picks = choose_picks(heroes, rng)
        cells = choose_cells(side, [entry["hero"] for entry in picks["heroes"]], rng)
        sides[side] = {"heroes": [{**entry, "cell": cells[entry["hero"]]} for entry in picks["heroes"]]}
    settings = {"heroes_per_side": heroes, "round_limit": round_limit}
    seed = f"{rng.getrandbits(256):064x}"
    return start(
        {"format": FORMAT, "settings": settings, "map": "classic-9", "seed": seed, "actions": [], "sides": sides}
    )


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion `score` / `n` (tests/test_bench_bots.py checks it)."""
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def move_times(count: int, seed: int) -> list[tuple[float, float]]:
    """(wall, CPU) seconds of the default level's choice in `count` mid-game positions."""
    rng, found, game_n = random.Random(seed), [], 0
    while len(found) < count:
        game, game_n = new_game(random.Random(seed + game_n), 3, 30), game_n + 1
        while game.result is None and len(found) < count and game.round <= 12:
            side = acting_side(game)
            assert side is not None
            if game.round >= 2 and game.turn is not None and rng.random() < 0.3:
                wall, cpu = time.perf_counter(), time.process_time()
                choose_action(game, side, DEFAULT_LEVEL, rng)
                found.append((time.perf_counter() - wall, time.process_time() - cpu))
            apply(game, choose_action(game, side, "greedy", rng))
    return found


def one_game(job: tuple[str, str, int, int, int]) -> float:
    """Game `n` of `level` against `other`: `level`'s score (1, ½, 0)."""
    level, other, n, heroes, round_limit = job
    rng = random.Random(n)
    game = new_game(rng, heroes, round_limit)
    ours = SIDES[n % 2]
    while game.result is None:
        side = acting_side(game)
        assert side is not None
        apply(game, choose_action(game, side, level if side == ours else other, rng))
    outcome = game.result["outcome"]
    return 0.5 if outcome == "draw" else float(outcome == ours)


def match(level: str, other: str, games: int, heroes: int, round_limit: int, seed: int, jobs: int) -> list[float]:
    """Each game's score, a running tally on stderr every 10 games (a long run read as it goes)."""
    work = [(level, other, seed + n, heroes, round_limit) for n in range(games)]
    scores: list[float] = []
    with Pool(max(1, jobs)) as pool:
        for score in pool.imap(one_game, work, chunksize=1):
            scores.append(score)
            if len(scores) % 10 == 0:
                print(f"  {level} against {other}: {sum(scores)} of {len(scores)}", file=sys.stderr, flush=True)
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=20, help="positions timed at the default level (20)")
    parser.add_argument("--games", type=int, default=200, help="games a pairing (200)")
    parser.add_argument("--pairs", default="greedy:random,mcts:random,mcts:greedy", help="level:other,…")
    parser.add_argument("--heroes", type=int, default=1, help="heroes a side in the pairings' games (1)")
    parser.add_argument("--round-limit", type=int, default=10, help="the pairings' round limit R (10)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the games (1)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.positions:
        times = move_times(args.positions, args.seed)
        walls, cpus = sorted(t[0] for t in times), sorted(t[1] for t in times)
        print(
            f"move time at the default level ({DEFAULT_LEVEL}, {len(times)} mid-game 3-v-3 positions): wall min / "
            f"median / max {walls[0]:.2f} / {statistics.median(walls):.2f} / {walls[-1]:.2f} s, CPU "
            f"{cpus[0]:.2f} / {statistics.median(cpus):.2f} / {cpus[-1]:.2f} s (target: max ≤ 2 s)",
            flush=True,
        )
    for pair in filter(None, args.pairs.split(",")):
        level, other = pair.split(":")
        began = time.perf_counter()
        scores = match(level, other, args.games, args.heroes, args.round_limit, args.seed, args.jobs)
        n, total = len(scores), sum(scores)
        low, high = wilson(total, n)
        print(
            f"{level} against {other}: {n} games ({args.heroes}-v-{args.heroes}, R = {args.round_limit}, sides "
            f"alternated): {scores.count(1.0)} won, {scores.count(0.5)} drawn, {scores.count(0.0)} lost; score "
            f"{total / n:.3f}, 95 % Wilson [{low:.3f}, {high:.3f}] ({time.perf_counter() - began:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
