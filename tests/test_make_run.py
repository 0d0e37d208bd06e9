"""Commands a newcomer types: `make run` on a fresh checkout says nothing alarming.
Its commands are read from `make -n run` and run as make runs them (a fresh var/, its own Redis
port where nothing answers yet, its own web port)."""

import os
import queue
import shlex
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def make_run_commands(environment: dict[str, str]) -> list[list[str]]:
    """The manage.py commands `make run` runs, in order (make -n prints them without running them)."""
    printed = subprocess.run(
        ["make", "-n", "-s", "run"], cwd=ROOT, env=environment, capture_output=True, text=True, timeout=60, check=True
    ).stdout
    return [shlex.split(line) for line in printed.splitlines() if "manage.py" in line]


def site_environment(var_dir: Path, *, not_passed_on: frozenset[str] = frozenset()) -> dict[str, str]:
    """The environment of a `make run` a test starts: this one's, without the tests' own settings,
    with a var/ of its own and free ports for its Redis (nothing answers there: make run starts
    it), its web server and its BBS."""
    dropped = {"DJANGO_SETTINGS_MODULE", "DEBUG", "MAKEFLAGS"} | not_passed_on
    environment = {k: v for k, v in os.environ.items() if k not in dropped}
    environment.update(
        VAR_DIR=str(var_dir),
        DATABASE_URL=f"sqlite:///{var_dir / 'campaign.sqlite3'}",
        REDIS_URL=f"redis://127.0.0.1:{free_port()}/0",
        BIND=f"127.0.0.1:{free_port()}",
        BBS_BIND=f"127.0.0.1:{free_port()}",
        SECRET_KEY="test-only-" + "s" * 50,
        WEB_WORKERS="1",
        CELERY_CONCURRENCY="1",
    )
    return environment


def site_prepared(environment: dict[str, str]) -> list[str]:
    """`make run`'s commands before the last run as make runs them (migrate, static, the demo);
    the last, `runall`, returned for the test to start."""
    commands = make_run_commands(environment)
    assert "runall" in commands[-1], commands
    for command in commands[:-1]:
        done = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    return commands[-1]


def listening(address: str, site: subprocess.Popen, seconds: float) -> None:
    """Until something listens on `address` (host:port) while the site runs; fails after `seconds`."""
    host, port = address.rsplit(":", 1)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and site.poll() is None:
        try:
            socket.create_connection((host, int(port)), timeout=1).close()
            return
        except OSError:
            time.sleep(0.5)
    raise AssertionError(f"nothing listened on {address}")


def _lines_into(stream, lines: queue.Queue) -> None:
    for line in stream:
        lines.put(line)


@pytest.mark.alone  # a whole site: web, workers, beat, the BBS
@pytest.mark.integration
def test_make_run_seeds_the_demo_without_saying_redis_is_unavailable(tmp_path):
    environment = site_environment(tmp_path)
    commands = make_run_commands(environment)
    assert any("runall" in command for command in commands), commands
    said = []
    for command in commands:
        if "runall" not in command:
            done = subprocess.run(command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300)
            assert done.returncode == 0, done.stderr
            said.append(done.stdout + done.stderr)
            continue
        site = subprocess.Popen(
            command,
            cwd=ROOT,
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        lines: list[str] = []
        read: queue.Queue[str] = queue.Queue()
        reader = threading.Thread(target=_lines_into, args=(site.stdout, read), daemon=True)
        reader.start()  # a silent runall cannot block the test: its lines are read aside
        try:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and not (lines and lines[-1].startswith("Site at")):
                try:
                    lines.append(read.get(timeout=1))
                except queue.Empty:
                    if site.poll() is not None and not reader.is_alive():
                        break
            site.send_signal(signal.SIGINT)  # Ctrl-C: runall stops everything it started
            site.wait(timeout=60)
            reader.join(timeout=10)
            while not read.empty():
                lines.append(read.get())
        finally:
            if site.poll() is None:
                os.killpg(site.pid, signal.SIGKILL)
                site.wait()
        said.append("".join(lines))
    output = "\n".join(said)
    assert "Demo campaign created." in output and "Site at http://" in output, output[-3000:]
    assert "Redis unavailable" not in output, output[-3000:]
    # The computer's accounts, one a level, to practise against from the game room (bots/).
    assert all(f"{name}: created" in output for name in ("computer-beginner", "computer-hard")), output[-3000:]
    # Ctrl-C as soon as the site is up stops all it started (each in its own session).
    left = [cmd for cmd in _command_lines() if str(tmp_path) in cmd or environment["BIND"].split(":")[1] in cmd]
    assert left == [], left


def _command_lines() -> list[str]:
    lines = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                lines.append((entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"))
            except OSError:  # gone meanwhile
                pass
    return lines
