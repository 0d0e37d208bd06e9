"""bench/bots.py runs in a fresh process on tiny sizes and prints its figures (`make bench` runs it
at 20 positions and 200 games a pairing): the computer's move time at the default level and its
score against random and against its own lower level, with the 95 % Wilson interval
(docs/tactics.md "Playing the computer", T13)."""

import subprocess
import sys
from pathlib import Path

from bench.bots import wilson

ROOT = Path(__file__).resolve().parent.parent


def test_t13_bench_bots_times_the_default_level_and_scores_the_levels():
    done = subprocess.run(
        [sys.executable, "bench/bots.py", "--positions", "1", "--games", "2", "--round-limit", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("move time at the default level (mcts, 1 mid-game 3-v-3 positions)"), done.stdout
    assert "(target: max ≤ 2 s)" in lines[0], done.stdout
    pairs = [line.split(":")[0] for line in lines[1:]]
    assert pairs == ["greedy against random", "mcts against random", "mcts against greedy"], done.stdout
    assert all("2 games (1-v-1, R = 1" in line and "95 % Wilson [" in line for line in lines[1:]), done.stdout


def test_t13_the_scores_interval_is_wilsons_at_95_percent():
    """150 points in 200 games (0.75): [0.686, 0.805]; a clean sweep of 20 games still leaves room
    below 1 (the normal approximation's interval would be [1, 1])."""
    assert [round(x, 3) for x in wilson(150, 200)] == [0.686, 0.805]
    assert [round(x, 3) for x in wilson(20, 20)] == [0.839, 1.0]
