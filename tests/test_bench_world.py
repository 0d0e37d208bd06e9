"""bench/world.py runs on a small world in a fresh process and prints its ratio (`make bench`
runs it at 1,000 cities)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bench_world_prints_import_against_bulk_insert(tmp_path):
    environment = {
        **{k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE", "DATABASE_URL"}},
        "DATABASE_URL": f"sqlite:///{tmp_path / 'bench.sqlite3'}",
    }
    done = subprocess.run(
        [sys.executable, "bench/world.py", "--kingdoms", "3", "--cities", "30"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "world import of 3 kingdoms, 30 cities" in done.stdout and "ratio min" in done.stdout, done.stdout
