"""bench/tactics_live.py runs in a fresh process on tiny sizes (`make bench` runs it at 50 games of
each kind, 20 actions a game a turn, three runs): hero tactics games set up and played through the
site's services (docs/tactics.md, "On the site"; T18.3: each act judged by the engine) beside
live xiangqi games through the live move, each change told on the channel layer to the game's
followers, and both ratios printed."""

import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_t18_3_bench_tactics_live_plays_both_kinds_through_the_services_and_prints_both_ratios(tmp_path):
    environment = {
        **{k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE", "DATABASE_URL", "REDIS_URL"}},
        "DATABASE_URL": f"sqlite:///{tmp_path / 'bench.sqlite3'}",  # never the bench's own file in var/
    }
    done = subprocess.run(
        [sys.executable, "bench/tactics_live.py", "--games", "2", "--actions", "2", "--interval", "0", "--runs", "1"]
        + ["--redis-port", str(free_port())],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode in (0, 1), done.stderr[-3000:]  # 1: a ratio over its target (not judged at this size)
    lines = done.stdout.splitlines()
    assert lines[0].startswith("run 1: tactics 4 actions, CPU ") and "xiangqi 4 moves" in lines[0], done.stdout
    assert "ratios CPU" in lines[0] and "p99" in lines[0], done.stdout
    summary = lines[1]
    assert summary.startswith("2 hero tactics games and 2 live xiangqi games at once, 2 actions a game a turn")
    followed = int(summary.split(" messages to the followers")[0].rsplit(" ", 1)[1])
    assert followed >= 2 * 8, summary  # each act and move told to both followers of its game
    assert "server CPU an action" in summary and "ratio" in summary and "(target ≤ 1.5x each)" in summary
