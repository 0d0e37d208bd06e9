"""bench/tactics.py runs in a fresh process on tiny sizes and prints its two ratios (`make bench`
runs it at 3 games of R = 30 and 20 positions, three runs): the hero tactics engine's random
3-v-3 games to their end and the legal actions of a mid-game position (docs/tactics.md T1, T18.3),
each against the xiangqi judge in the same run."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_t1_bench_tactics_plays_random_games_to_their_end_and_prints_both_ratios():
    done = subprocess.run(
        [sys.executable, "bench/tactics.py", "--games", "1", "--positions", "2", "--round-limit", "2", "--runs", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("run 1: tactics ") and "xiangqi" in lines[0], done.stdout
    assert "random 3-v-3 games to their end a run (R = 2)" in lines[1] and "games/s" in lines[1], done.stdout
    assert "ratio a game min / median" in lines[1] and "an action over a ply" in lines[1], done.stdout
    assert lines[2].startswith("legal actions of a mid-game position (2 positions a run)"), done.stdout
    assert "ratio min / median" in lines[2], done.stdout
