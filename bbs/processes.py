"""`manage.py bbs --processes N`: N BBS processes serving one port (each listens with SO_REUSEPORT;
the kernel spreads the connections among them), so that a hundred sessions' keys are not queued
on one event loop. This process only keeps them running: each is `manage.py bbs --processes 1`,
started again if it exits, and all stopped on SIGINT or SIGTERM. What the sessions share across
processes goes through Redis: the caps (bbs/caps.py), the notices and live games (the channel
layer), the world version."""

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable

from django.conf import settings


def process_command(bind: str) -> list[str]:
    return [sys.executable, str(settings.BASE_DIR / "manage.py"), "bbs", "--bind", bind, "--processes", "1"]


def run_processes(bind: str, count: int, log: Callable[[str], None]) -> None:
    """Until SIGINT or SIGTERM: `count` processes serving `bind`."""
    stopping = False

    def on_signal(signum, frame):
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    # Each in its own session: a Ctrl-C at the terminal reaches this process, which stops them in turn.
    processes = [subprocess.Popen(process_command(bind), start_new_session=True) for _ in range(count)]
    try:
        while not stopping:
            for i, process in enumerate(processes):
                if process.poll() is not None and not stopping:
                    log(f"BBS process {process.pid} exited with {process.returncode}; starting it again")
                    processes[i] = subprocess.Popen(process_command(bind), start_new_session=True)
            time.sleep(0.5)
    finally:
        for process in processes:
            if process.poll() is None:
                os.kill(process.pid, signal.SIGTERM)
        for process in processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
