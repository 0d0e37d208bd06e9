"""Benchmark of the BBS: many SSH sessions at once, each typing; the delay from a key sent to the
screen's change arriving (p50 / p99), against a bare asyncssh echo server (a key sent back as
it came, no application) measured in the same run, and the server's memory per session.

    .venv/bin/python bench/bbs.py [--sessions 100] [--keys 20] [--port 2297] [--redis-port 6397]

The BBS is served as `make run` serves it (`manage.py bbs`, runall's bbs_command), production
settings (DEBUG off), SQLite in var/, its own redis-server; the echo server is another process
of this file. Every session logs in first (a demo officer's password); then the echo and the BBS
take turns, a round each, twice, every session typing a key every `--interval` seconds (↓ and ↑
on the main menu: the cursor moves, the frame redraws those lines). Target: the BBS's p99 within
3× the echo server's. Memory: the BBS process's RSS with every session open, less its RSS with
one, divided by the sessions.
"""

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VAR = ROOT / "var"
DB = VAR / "bench-bbs.sqlite3"
ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings",
    "DATABASE_URL": f"sqlite:///{DB}",
    "REDIS_URL": "redis://127.0.0.1:6397/0",
    "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-secret-key-0123456789-not-for-deployment"),
    "DEBUG": "",
    # Every session comes from this machine's one address, a few to each demo officer.
    "BBS_SESSIONS_PER_ADDRESS": "100000",
    "BBS_SESSIONS_PER_USER": "100000",
    "LOGIN_ADDRESS_FAILURE_LIMIT": "100000",
}
TARGET = 3.0


def setup() -> list[str]:
    """A fresh database with the demo campaign; the usernames of its officers."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{DB}{suffix}").unlink(missing_ok=True)
    import django

    django.setup()
    from django.core.management import call_command

    from campaign.models import Officer
    from campaign.services.world import world_create
    from ops.demo import demo_spec

    call_command("migrate", verbosity=0)
    campaign = world_create(spec={**demo_spec(), "slug": "bench-bbs"})
    return list(Officer.objects.filter(campaign=campaign).values_list("user__username", flat=True))


def serve(port: int, echo_port: int) -> list[subprocess.Popen]:
    from ops.management.commands.runall import bbs_command

    env = {**os.environ, **ENV, "BBS_BIND": f"127.0.0.1:{port}"}
    bbs = subprocess.Popen(bbs_command(), cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    echo = subprocess.Popen([sys.executable, __file__, "--echo-server", str(echo_port)], cwd=ROOT, env=env)
    for target in (port, echo_port):
        wait_for_port(target)
    return [echo, bbs]


def wait_for_port(port: int) -> None:
    import socket

    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing listens on {port}")


async def echo_server(port: int) -> None:
    """A bare asyncssh server: any password, every byte sent back as it came."""
    import asyncssh

    class Server(asyncssh.SSHServer):
        def begin_auth(self, username: str) -> bool:
            return True

        def password_auth_supported(self) -> bool:
            return True

        def validate_password(self, username: str, password: str) -> bool:
            return True

        def session_requested(self):
            return Echo()

    class Echo(asyncssh.SSHServerSession):
        def connection_made(self, chan) -> None:
            self.chan = chan

        def pty_requested(self, term_type, term_size, term_modes) -> bool:
            return True

        def shell_requested(self) -> bool:
            return True

        def data_received(self, data: bytes, datatype) -> None:
            self.chan.write(data)

    key = asyncssh.generate_private_key("ssh-ed25519")
    await asyncssh.listen(
        "127.0.0.1",
        port,
        server_factory=Server,
        server_host_keys=[key],
        encoding=None,
        line_editor=False,
    )
    await asyncio.Event().wait()


class Typist(asyncio.Protocol):
    """One session: sends a key, waits for the first output after it, notes the delay."""

    def __init__(self) -> None:
        self.arrived = asyncio.Event()
        self.seen = bytearray()

    def data_received(self, data: bytes, datatype=None) -> None:
        self.seen.extend(data)
        self.arrived.set()


async def open_session(port: int, username: str, ready: bytes):
    import asyncssh

    from ops.demo import DEMO_PASSWORD

    conn = await asyncssh.connect(
        "127.0.0.1", port, username=username, password=DEMO_PASSWORD, known_hosts=None, client_keys=None
    )
    typist = Typist()

    class Session(asyncssh.SSHClientSession):
        def data_received(self, data, datatype) -> None:
            typist.data_received(data)

    chan, _session = await conn.create_session(Session, term_type="xterm", term_size=(80, 24), encoding=None)
    deadline = time.monotonic() + 120
    while ready not in typist.seen and time.monotonic() < deadline:
        typist.arrived.clear()
        try:
            await asyncio.wait_for(typist.arrived.wait(), 1)
        except TimeoutError:
            pass
    return conn, chan, typist


async def type_round(sessions: list, keys: int, interval: float) -> list[float]:
    delays: list[float] = []

    async def one(chan, typist: Typist) -> None:
        await asyncio.sleep(random.uniform(0, interval))  # the sessions' keys spread over the interval
        for n in range(keys):
            typist.arrived.clear()
            sent = time.perf_counter()
            chan.write(b"\x1b[B" if n % 2 == 0 else b"\x1b[A")
            try:
                await asyncio.wait_for(typist.arrived.wait(), 10)
                delays.append(time.perf_counter() - sent)
            except TimeoutError:
                delays.append(10.0)
            await asyncio.sleep(max(0.0, interval - (time.perf_counter() - sent)))

    await asyncio.gather(*(one(chan, typist) for _conn, chan, typist in sessions))
    return delays


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def run(args, usernames: list[str], bbs_pid: int) -> dict:
    menu = b"UTF-8/Big5"  # the main menu's encoding line: the menu is drawn
    first = await open_session(args.port, usernames[0], menu)
    await asyncio.sleep(1)
    one_session = rss_kb(bbs_pid)
    names = [usernames[n % len(usernames)] for n in range(1, args.sessions)]
    bbs = [first]
    for start in range(0, len(names), 10):  # ten log-ins at a time (a hash each)
        bbs += await asyncio.gather(*(open_session(args.port, name, menu) for name in names[start : start + 10]))
    echo = await asyncio.gather(*(open_session(args.echo_port, "echo", b"") for _ in range(args.sessions)))
    await asyncio.sleep(1)
    all_sessions = rss_kb(bbs_pid)
    found: dict = {"echo": [], "bbs": [], "rss_one": one_session, "rss_all": all_sessions}
    for _turn in range(2):
        found["echo"] += await type_round(echo, args.keys, args.interval)
        found["bbs"] += await type_round(bbs, args.keys, args.interval)
    for conn, _chan, _typist in bbs + echo:
        conn.close()
    return found


def percentiles(delays: list[float]) -> tuple[float, float]:
    ordered = sorted(delays)
    return statistics.median(ordered) * 1000, ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000


def main() -> int:
    import logging

    logging.getLogger("asyncssh").setLevel(logging.WARNING)  # not a line per connection
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--keys", type=int, default=20, help="keys each session types in each round")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between a session's keys")
    parser.add_argument("--port", type=int, default=2297, help="the BBS's port (127.0.0.1)")
    parser.add_argument("--echo-port", type=int, default=2298, help="the echo server's port")
    parser.add_argument("--redis-port", type=int, default=6397, help="the bench's own redis-server")
    parser.add_argument("--echo-server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.echo_server:
        asyncio.run(echo_server(args.echo_server))
        return 0
    from bench.needs import stop_cleanly_on_sigterm

    stop_cleanly_on_sigterm()
    ENV["REDIS_URL"] = f"redis://127.0.0.1:{args.redis_port}/0"
    os.environ.update(ENV)
    from ops.devservices import start_redis

    redis = start_redis(ENV["REDIS_URL"], VAR)  # before the set-up, whose writes stamp the world version
    usernames = setup()
    processes = ([redis] if redis is not None else []) + serve(args.port, args.echo_port)
    try:
        found = asyncio.run(run(args, usernames, processes[-1].pid))
    finally:
        for process in reversed(processes):
            process.terminate()
            process.wait(timeout=20)
    return report(args, found)


def report(args, found: dict) -> int:
    e50, e99 = percentiles(found["echo"])
    b50, b99 = percentiles(found["bbs"])
    per_session = (found["rss_all"] - found["rss_one"]) / max(args.sessions - 1, 1)
    print(f"{args.sessions} SSH sessions, each typing a key every {args.interval} s, {2 * args.keys} keys each")
    print(f"echo (bare asyncssh): p50 {e50:7.1f} ms  p99 {e99:7.1f} ms  ({len(found['echo'])} keys)")
    print(f"BBS (menu redraw):    p50 {b50:7.1f} ms  p99 {b99:7.1f} ms  ({len(found['bbs'])} keys)")
    print(f"memory: {found['rss_one'] / 1024:.1f} MB with one session, {found['rss_all'] / 1024:.1f} MB with all")
    print(f"memory per session: {per_session:.0f} kB")
    ratio = b99 / max(e99, 0.001)
    print(f"p99 ratio BBS/echo: {ratio:.2f} (target <= {TARGET})")
    return 0 if ratio <= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
