"""Benchmark of the hero tactics engine (games/tactics/, docs/tactics.md), against the xiangqi
judge in the same run:

    .venv/bin/python bench/tactics.py      # or: make bench

1. Full random 3-v-3 games played to their end: each side's three heroes, skills, designations
   and spawn points drawn at random (a setup the engine refuses drawn again), then a random
   player choosing uniformly among the engine's legal actions (`legal.legal_actions`) until the
   game ends (a base at 0 or the round limit, 30 by §T15), each action played through
   `record.Match` as the site plays one. Baseline: random xiangqi games to their end through the
   live judge (`games.live.play`, the position kept per process as a live game's is), a move drawn
   uniformly from the legal moves the judge returns, until a mate, a stalemate, a draw the board
   decides or the 1,000-ply limit. Printed: games a second of each and the time a game, ours
   over the baseline's.
2. The legal actions of a mid-game position: positions taken from those games in the middle
   third of the rounds, each the moment a hero's action turn has begun, against pyffish's legal
   moves of a xiangqi middlegame position (plies 40–80 of the random xiangqi games, from its FEN).

Each measure is taken `--runs` times (3), in one process, and printed with the min / median of
the runs; the ratios are each run's own (ours / baseline of that run), so that a busy spell of a
shared machine falls on both. Deterministic: run r draws from random.Random(seed + r).
"""

import argparse
import copy
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pyffish  # noqa: E402

from games import live, xiangqi  # noqa: E402
from games.tactics.errors import TacticsViolation  # noqa: E402
from games.tactics.heroes import HEROES  # noqa: E402
from games.tactics.legal import legal_actions  # noqa: E402
from games.tactics.record import Match  # noqa: E402
from games.tactics.state import Game  # noqa: E402

HEROES_PER_SIDE = 3
XIANGQI_REPEATS = 50  # pyffish's legal moves of one position take tens of µs: timed this many times


def random_sides(rng: random.Random) -> dict:
    """Three different heroes a side, two skills each, a designation where 激勵 or 慧眼 needs
    one, each on a spawn point of classic-9 (T2.2–T2.5)."""
    sides = {}
    for side, row in (("first", 1), ("second", 9)):
        names = rng.sample(sorted(HEROES), HEROES_PER_SIDE)
        cells = rng.sample([f"{file}{row}" for file in "abcdfghi"], HEROES_PER_SIDE)
        heroes = []
        for name, cell in zip(names, cells):
            entry: dict = {"hero": name, "skills": sorted(rng.sample([1, 2, 3], 2)), "cell": cell}
            chosen = {HEROES[name].skill(n).name for n in entry["skills"]}
            mates = [other for other in names if other != name]
            if "激勵" in chosen:
                entry["designate"] = {"hero": rng.choice(mates)}
            if "慧眼" in chosen:
                entry["designate"] = {"hero": rng.choice(mates), "extra": rng.choice([1, 2, 3])}
            heroes.append(entry)
        sides[side] = {"heroes": heroes}
    return sides


def new_match(rng: random.Random, settings: dict) -> Match:
    """A game from a random setup the engine accepts (a designation it refuses: drawn again)."""
    for _ in range(1000):
        try:
            return Match.new(random_sides(rng), settings=settings, seed=f"{rng.getrandbits(256):064x}")
        except TacticsViolation:
            continue
    raise RuntimeError("no random setup accepted in 1,000 draws")


def tactics_game(rng: random.Random, round_limit: int) -> tuple[int, list[Game]]:
    """One random game to its end: its number of actions, and copies of its mid-game positions
    (the middle third of the rounds, each as a hero's action turn has begun)."""
    settings = {} if round_limit == 30 else {"round_limit": round_limit}
    match = new_match(rng, settings)
    low, high = round_limit // 3 + 1, max(round_limit // 3 + 1, 2 * round_limit // 3)
    actions, middle = 0, []
    while match.game.result is None:
        action = rng.choice(legal_actions(match.game))
        match.play(action)
        actions += 1
        if action["act"] == "turn" and low <= match.game.round <= high and match.game.result is None:
            middle.append(copy.deepcopy(match.game))
    return actions, middle


def xiangqi_game(rng: random.Random) -> tuple[int, list[str]]:
    """One random xiangqi game to its end through the live judge: its plies, and the FENs of
    its middlegame (plies 40, 50, … 80 where it lasted that long)."""
    moves: list[str] = []
    legal = live.legal_moves("xiangqi", [])
    while True:
        judged = live.play("xiangqi", moves, rng.choice(legal), repetition_limit=15)
        moves = judged.moves
        if judged.result is not None or len(moves) >= xiangqi.MAX_PLIES:
            break
        legal = judged.legal if judged.legal is not None else live.legal_moves("xiangqi", moves)
        if not legal:
            break
    fens = [live.position("xiangqi", moves[:ply]) for ply in range(40, 81, 10) if ply < len(moves)]
    return len(moves), fens


def one_run(rng: random.Random, games: int, positions: int, round_limit: int) -> dict:
    """Both games played and both legal-move costs measured once, side by side."""
    started = time.perf_counter()
    played = [tactics_game(rng, round_limit) for _ in range(games)]
    tactics_s = time.perf_counter() - started
    started = time.perf_counter()
    baseline = [xiangqi_game(rng) for _ in range(games)]
    xiangqi_s = time.perf_counter() - started
    middle = [game for _actions, found in played for game in found]
    fens = [fen for _plies, found in baseline for fen in found]
    middle = rng.sample(middle, min(positions, len(middle)))
    fens = rng.sample(fens, min(positions, len(fens)))
    if not middle or not fens:
        raise SystemExit("no mid-game position to measure: play more games (--games)")
    counts = []
    started = time.perf_counter()
    for game in middle:
        counts.append(len(legal_actions(game)))
    legal_s = (time.perf_counter() - started) / len(middle)
    started = time.perf_counter()
    for _ in range(XIANGQI_REPEATS):
        for fen in fens:
            pyffish.legal_moves(xiangqi.VARIANT, fen, [])
    moves_s = (time.perf_counter() - started) / XIANGQI_REPEATS / len(fens)
    return {
        "tactics_game": tactics_s / games,
        "xiangqi_game": xiangqi_s / games,
        "actions": sum(a for a, _m in played) / games,
        "plies": sum(p for p, _f in baseline) / games,
        "legal": legal_s,
        "moves": moves_s,
        "legal_count": statistics.mean(counts),
        "positions": len(middle),
        "fens": len(fens),
    }


def spread(values: list[float], scale: float = 1.0, digits: int = 2) -> str:
    return f"{min(values) * scale:.{digits}f} / {statistics.median(values) * scale:.{digits}f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3, help="random games of each kind a run (3)")
    parser.add_argument("--positions", type=int, default=20, help="mid-game positions measured a run (20)")
    parser.add_argument("--round-limit", type=int, default=30, help="the tactics games' round limit R (30)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    runs = []
    for run in range(args.runs):
        figures = one_run(random.Random(args.seed + run), args.games, args.positions, args.round_limit)
        runs.append(figures)
        print(
            f"run {run + 1}: tactics {figures['tactics_game']:.2f} s a game ({figures['actions']:.0f} actions), "
            f"xiangqi {figures['xiangqi_game']:.2f} s a game ({figures['plies']:.0f} plies); legal actions "
            f"{figures['legal'] * 1e3:.2f} ms a position ({figures['legal_count']:.0f} actions), xiangqi legal "
            f"moves {figures['moves'] * 1e6:.1f} µs",
            flush=True,
        )
    games = [r["tactics_game"] for r in runs]
    per_action = [r["tactics_game"] / r["actions"] / (r["xiangqi_game"] / r["plies"]) for r in runs]
    print(
        f"tactics: {args.games} random 3-v-3 games to their end a run (R = {args.round_limit}): "
        f"{spread([1 / g for g in games], digits=3)} games/s (min / median), "
        f"{spread(games)} s a game, {spread([r['actions'] for r in runs], digits=0)} actions a game; "
        f"xiangqi random games through the live judge: {spread([1 / r['xiangqi_game'] for r in runs], digits=3)} "
        f"games/s, {spread([r['plies'] for r in runs], digits=0)} plies a game; "
        f"ratio a game min / median {spread([r['tactics_game'] / r['xiangqi_game'] for r in runs])}x, "
        f"an action over a ply {spread(per_action)}x"
    )
    print(
        f"legal actions of a mid-game position ({runs[0]['positions']} positions a run): "
        f"{spread([r['legal'] for r in runs], 1e3)} ms, {spread([r['legal_count'] for r in runs], digits=0)} "
        f"actions; pyffish legal moves of a xiangqi middlegame position ({runs[0]['fens']} a run): "
        f"{spread([r['moves'] for r in runs], 1e6, 1)} µs; ratio min / median "
        f"{spread([r['legal'] / r['moves'] for r in runs])}x"
    )


if __name__ == "__main__":
    main()
