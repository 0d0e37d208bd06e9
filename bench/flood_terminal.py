"""The terminal's case of bench/flood.py: another user's keystrokes while one session floods the
BBS with window changes, against the same user's keystrokes with no flood, in the same run.

    .venv/bin/python bench/flood.py --terminal [--port 2298] [--runs 3] [--keys 100] [--changes 10000]

The BBS is served as `make run` serves it (`manage.py bbs`, production settings, SQLite in var/,
its own redis-server: bench/bbs.py's set-up). The typist (a demo officer, in this process) types
↓/↑ on the main menu every 0.05 s and times each key to the first byte back; the flooder (another
officer, in a process of its own) sends `--changes` window changes as fast as its connection
takes them (the client waits while 64 KiB are unsent, as TCP would hold it), again and again
until the typist's phase ends (at most 20 times). Each run is a
quiet phase and a flood phase (the flood first in every other run). Target: the flooded p99
within 2× the quiet p99 (bbs/inbound.py, bbs/session.py).
"""

import argparse
import asyncio
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.bbs import ENV, setup, wait_for_port  # noqa: E402
from bench.bbs_clients import DOWN, MENU, TIMEOUT, UP, open_session  # noqa: E402

TARGET = 2.0
PASSWORD = "siege-demo-2026"


async def type_keys(port: int, keys: int) -> list[float]:
    typist = await open_session(port, "caoren", PASSWORD, MENU)
    delays = []
    for n in range(keys):
        typist.arrived.clear()
        sent = time.perf_counter()
        typist.chan.write(DOWN if n % 2 == 0 else UP)  # type: ignore[attr-defined]
        try:
            await asyncio.wait_for(typist.arrived.wait(), TIMEOUT)
            delays.append(time.perf_counter() - sent)
        except TimeoutError:
            delays.append(TIMEOUT)
        await asyncio.sleep(max(0.0, 0.05 - (time.perf_counter() - sent)))
    typist.conn.close()  # type: ignore[attr-defined]
    return delays


def flooder(port: int, changes: int, started, stop) -> None:
    """A process's body: one session sending window changes until `stop` is set."""

    async def flood() -> None:
        session = await open_session(port, "caocao", PASSWORD, MENU)
        started.set()
        transport = session.conn._transport  # type: ignore[attr-defined]
        for _ in range(20):
            for n in range(changes):
                session.chan.change_terminal_size(80 + n % 40, 24 + n % 10)  # type: ignore[attr-defined]
                if n % 100 == 0:
                    # As fast as the connection takes them: past 64 KiB unsent, wait for the socket
                    # (an attacker's client is held back by TCP alike, and spends no core meanwhile).
                    while transport.get_write_buffer_size() > 65536 and not stop.is_set():
                        await asyncio.sleep(0.005)
                    if stop.is_set():
                        return
            await asyncio.sleep(0.01)
        session.conn.close()  # type: ignore[attr-defined]

    asyncio.run(flood())


def phase(port: int, args, flooded: bool) -> list[float]:
    process = None
    if flooded:
        started, stop = multiprocessing.Event(), multiprocessing.Event()
        process = multiprocessing.Process(target=flooder, args=(port, args.changes, started, stop))
        process.start()
        started.wait(120)
    try:
        return asyncio.run(type_keys(port, args.keys))
    finally:
        if process is not None:
            stop.set()
            process.join(30)
            if process.is_alive():
                process.kill()


def p99(delays: list[float]) -> float:
    return statistics.quantiles(delays, n=100)[98] * 1000


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--terminal", action="store_true")
    parser.add_argument("--port", type=int, default=2298)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keys", type=int, default=100)
    parser.add_argument("--changes", type=int, default=10_000)
    args = parser.parse_args()
    import logging

    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    os.environ.update(ENV)
    from ops.devservices import start_redis, stop
    from ops.management.commands.runall import bbs_command

    redis = start_redis(ENV["REDIS_URL"], ROOT / "var")
    server = None
    try:
        setup()
        env = {**os.environ, "BBS_BIND": f"127.0.0.1:{args.port}"}
        server = subprocess.Popen(bbs_command(), cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
        wait_for_port(args.port)
        phase(args.port, argparse.Namespace(keys=10, changes=args.changes), flooded=False)  # warm
        print(
            f"{args.runs} runs: {args.keys} keys, quiet and while another session sends {args.changes:,} window changes"
        )
        ratios = []
        for run in range(args.runs):
            order = (False, True) if run % 2 == 0 else (True, False)
            found = {flooded: phase(args.port, args, flooded) for flooded in order}
            quiet, flooded = p99(found[False]), p99(found[True])
            ratios.append(flooded / quiet)
            print(
                f"run {run + 1}: quiet p50 {statistics.median(found[False]) * 1000:.1f} ms, p99 {quiet:.1f} ms;"
                f" flooded p50 {statistics.median(found[True]) * 1000:.1f} ms, p99 {flooded:.1f} ms;"
                f" p99 ratio {flooded / quiet:.2f}x"
            )
        low, middle = min(ratios), statistics.median(ratios)
        print(f"p99 ratio min {low:.2f}x / median {middle:.2f}x (target <= {TARGET:.1f}x)")
        return 0 if middle <= TARGET else 1
    finally:
        if server is not None:
            server.terminate()
            server.wait(30)
        stop(redis)
