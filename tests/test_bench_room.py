"""bench/room.py runs in a fresh process on tiny sizes (a site served as `make run` serves it, a
room of 3 seeks and 1 game, 1-second loads) and prints the room's page and push against the
dashboard's refresh and push, with their ratios (`make bench` runs it at 200 seeks, 100 games)."""

import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_bench_room_serves_the_room_and_prints_its_ratios_against_the_dashboard(tmp_path):
    from django.conf import settings

    environment = {
        **{k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE", "DATABASE_URL"}},
        "DATABASE_URL": f"sqlite:///{tmp_path / 'bench.sqlite3'}",  # never the benches' own files in var/
        "REDIS_URL": settings.REDIS_URL,
    }
    arguments = ["--seeks", "3", "--games", "1", "--seconds", "1", "--runs", "1", "--changes", "1"]
    done = subprocess.run(
        [sys.executable, "bench/room.py", *arguments, "--port", str(free_port())],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("run 1: room page ") and "dashboard refresh after a change" in lines[0], done.stdout
    assert "a seek on every room in median" in lines[1] and "a wall on every dashboard" in lines[1], done.stdout
    assert "room page / dashboard full refresh rate" in done.stdout, done.stdout
    assert "room push / dashboard push time" in done.stdout, done.stdout
