"""The benchmark's server application (bench/live_asgi.py, the site plus a bare relay) starts:
`make bench` serves it with uvicorn exactly as `make run` serves the site."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_live_benchmarks_application_imports_in_a_fresh_process():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "campaign.settings_test"}
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
