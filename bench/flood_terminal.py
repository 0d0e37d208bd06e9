"""bench/flood.py's terminal case (`--terminal`): one SSH session floods the BBS with window
changes while another user types; that user's key latency (key sent to first byte back) under
the flood, against the same user with no flood, in the same run.

The BBS is served as `make run` serves it (`manage.py bbs`, production settings, flood.py's
database and demo world). The typist (this process) presses ↓ / ↑ on the main menu every 0.1 s.
The flooder, a process of its own, logs in as another officer and sends `--changes` window
changes (between 120×40 and 20×5, the last 100×30) at `--rate` a second (0: as fast as the
connection takes them); the flood phase lasts until the server has taken them all in (the
flooder's channel quiet for a second). The quiet phase lasts as long as the flood's sending.
Target: the flood's median within 2× the quiet one's."""

import asyncio
import multiprocessing
import os
import statistics
import subprocess
import time

from bench.bbs_clients import DOWN, MENU, TIMEOUT, UP, Typist, open_session

TARGET = 2.0
QUIET_SECONDS = 1.0  # the flooder's channel this long without a byte: the server took the flood in


def flooder(port: int, username: str, password: str, changes: int, rate: float, ready, out) -> None:
    """The flooding session (multiprocessing's target): its counts put on `out`."""
    import logging

    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    out.put(asyncio.run(_flood(port, username, password, changes, rate, ready)))


async def _flood(port: int, username: str, password: str, changes: int, rate: float, ready) -> dict:
    typist = await open_session(port, username, password, MENU)
    ready.set()
    began, started = time.time(), time.perf_counter()
    chunk = max(int(rate / 100), 1) if rate else changes  # a chunk every 10 ms
    for first in range(0, changes, chunk):
        for n in range(first, min(first + chunk, changes)):
            size = (100, 30) if n == changes - 1 else (20, 5) if n % 2 else (120, 40)
            typist.chan.change_terminal_size(*size)  # type: ignore[attr-defined]
        if rate:
            await asyncio.sleep(max(0.0, started + (first + chunk) / rate - time.perf_counter()))
    sent = time.perf_counter() - started
    last = len(typist.seen)
    while True:  # the server's answers to the flood have stopped: it has taken it in
        await asyncio.sleep(QUIET_SECONDS)
        if len(typist.seen) == last:
            break
        last = len(typist.seen)
    taken = time.perf_counter() - started - QUIET_SECONDS
    typist.conn.close()  # type: ignore[attr-defined]
    return {"changes": changes, "sent": sent, "taken": taken, "bytes": len(typist.seen), "began": began}


async def _type(typist: Typist, going) -> list[tuple[float, float]]:
    """A key every 0.1 s while `going()`: each one's time sent (the clock's) and delay to the first
    byte back (ms)."""
    delays: list[tuple[float, float]] = []
    while going():
        typist.arrived.clear()
        sent, at = time.perf_counter(), time.time()
        typist.chan.write(DOWN if len(delays) % 2 == 0 else UP)  # type: ignore[attr-defined]
        try:
            await asyncio.wait_for(typist.arrived.wait(), TIMEOUT)
        except TimeoutError:
            pass
        delays.append((at, (time.perf_counter() - sent) * 1000))
        await asyncio.sleep(max(0.0, 0.1 - (time.perf_counter() - sent)))
    return delays


async def _phase(args, typist: Typist, names: list[str], password: str, flooded: bool) -> tuple[list[float], dict]:
    """The typist's delays (ms) and, flooded, the flooder's counts; the BBS's CPU seconds in both."""
    from bench.bbs import cpu_seconds

    cpu = cpu_seconds(args.bbs_pid)
    delays, found = await _typed(args, typist, names, password, flooded)
    return delays, {**found, "cpu": cpu_seconds(args.bbs_pid) - cpu}


async def _typed(args, typist: Typist, names: list[str], password: str, flooded: bool) -> tuple[list[float], dict]:
    if not flooded:
        deadline = time.monotonic() + (args.changes / args.rate if args.rate else 5.0)
        return [delay for _at, delay in await _type(typist, lambda: time.monotonic() < deadline)], {}
    spawn = multiprocessing.get_context("spawn")
    ready, out = spawn.Event(), spawn.Queue()
    process = spawn.Process(
        target=flooder, args=(args.bbs_port, names[1], password, args.changes, args.rate, ready, out)
    )
    process.start()
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, ready.wait, 120)
    typed = await _type(typist, process.is_alive)
    found = await loop.run_in_executor(None, out.get, True, 60)
    process.join(timeout=30)
    # the keys sent while the flood was being taken in (not those of the quiet second after it)
    return [delay for at, delay in typed if found["began"] <= at <= found["began"] + found["taken"]], found


async def _runs(args, names: list[str], password: str) -> int:
    import logging

    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    typist = await open_session(args.bbs_port, names[0], password, MENU)
    print(
        f"{args.runs} runs: {names[0]}'s key every 0.1 s, quiet and under {args.changes:,} window changes"
        f" from {names[1]}'s session at " + (f"{args.rate:,.0f} a second" if args.rate else "full speed")
    )
    medians, ratios = [], []
    for run in range(args.runs):
        order = (False, True) if run % 2 == 0 else (True, False)
        results = {flooded: await _phase(args, typist, names, password, flooded) for flooded in order}
        (quiet, calm), (flooded, found) = results[False], results[True]
        q50, f50 = statistics.median(quiet), statistics.median(flooded)
        medians.append(f50)
        ratios.append(f50 / q50)
        print(
            f"run {run + 1}: quiet median {q50:.1f} ms (max {max(quiet):.1f}, {len(quiet)} keys);"
            f" flood median {f50:.1f} ms (max {max(flooded):.1f}, {len(flooded)} keys), ratio {f50 / q50:.2f}x;"
            f" {found['changes']:,} changes sent in {found['sent']:.1f} s, taken in by the server in"
            f" {found['taken']:.1f} s ({found['bytes']:,} bytes drawn to the flooder); the BBS's CPU"
            f" {calm['cpu']:.2f} s quiet, {found['cpu']:.2f} s flooded"
        )
    typist.conn.close()  # type: ignore[attr-defined]
    print(
        f"flood median: min {min(medians):.1f} / median {statistics.median(medians):.1f} ms;"
        f" ratio to quiet: min {min(ratios):.2f}x / median {statistics.median(ratios):.2f}x (target <= {TARGET:g}x)"
    )
    return 0 if statistics.median(ratios) <= TARGET else 1


def run_terminal(args, slug: str) -> int:
    """The BBS started on `--bbs-port`, the runs, the BBS stopped (flood.py's world built)."""
    from bench.bbs import wait_for_port
    from campaign.models import Officer
    from ops.demo import DEMO_PASSWORD
    from ops.management.commands.runall import bbs_command

    names = list(Officer.objects.filter(campaign__slug=slug).values_list("user__username", flat=True)[:2])
    env = {**os.environ, "BBS_BIND": f"127.0.0.1:{args.bbs_port}", "LOGIN_ADDRESS_FAILURE_LIMIT": "100000"}
    bbs = subprocess.Popen(bbs_command(), env=env, stdout=subprocess.DEVNULL)
    try:
        wait_for_port(args.bbs_port)
        args.bbs_pid = bbs.pid
        return asyncio.run(_runs(args, names, DEMO_PASSWORD))
    finally:
        bbs.terminate()
        bbs.wait(timeout=20)
