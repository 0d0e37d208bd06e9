"""The benchmark's server application (bench/live_asgi.py, the site plus a bare relay) starts:
`make bench` serves it with uvicorn exactly as `make run` serves the site."""

import os
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_live_benchmarks_application_imports_in_a_fresh_process():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings_test"}
    done = subprocess.run(
        [sys.executable, "-c", "import bench.live_asgi as a; print(type(a.application).__name__)"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "ProtocolTypeRouter"


def bench(script: str, tmp_path, **env: str) -> subprocess.CompletedProcess:
    environment = {
        **{k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE", "DATABASE_URL"}},
        "DATABASE_URL": f"sqlite:///{tmp_path / 'bench.sqlite3'}",  # never the benches' own files in var/
        **env,
    }
    return subprocess.run(
        [sys.executable, f"bench/{script}"], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300
    )


def test_bench_pages_without_wrk_says_what_is_missing_and_fails_without_a_traceback(tmp_path):
    """`make bench` on a machine without `wrk`: bench/pages.py names it and how to install it
    before it builds or starts anything (it died with a FileNotFoundError traceback), and make
    bench's first step (bench/needs.py) says the same before the long benches run."""
    from django.conf import settings

    nothing = tmp_path / "bin"
    nothing.mkdir()
    for script in ("pages.py", "needs.py"):
        done = bench(script, tmp_path, PATH=str(nothing), REDIS_URL=settings.REDIS_URL)
        assert done.returncode == 2, (script, done.stdout[-500:], done.stderr[-2000:])
        assert "bench/pages.py needs `wrk`" in done.stderr and "apt-get install wrk" in done.stderr, done.stderr
        assert "Traceback" not in done.stderr, done.stderr[-2000:]
    (nothing / "wrk").write_text("#!/bin/sh\n")
    (nothing / "wrk").chmod(0o755)
    assert bench("needs.py", tmp_path, PATH=str(nothing)).returncode == 0


def test_a_bench_on_a_database_that_does_not_answer_says_so_without_a_traceback(tmp_path):
    """The benches that honour DATABASE_URL (a PostgreSQL run of bench/season.py) name a
    database that does not answer, without its password, and exit 2."""
    from django.conf import settings

    with socket.socket() as sock:  # a port where nothing listens
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    done = bench(
        "season.py",
        tmp_path,
        DATABASE_URL=f"postgres://siege:hunter2@127.0.0.1:{port}/siege",
        REDIS_URL=settings.REDIS_URL,
    )
    assert done.returncode == 2, done.stderr[-2000:]
    assert "does not answer" in done.stderr and f"127.0.0.1:{port}/siege" in done.stderr, done.stderr
    assert "hunter2" not in done.stderr and "Traceback" not in done.stderr, done.stderr[-2000:]
