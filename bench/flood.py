"""Benchmark of a socket flood: another reader's dashboard page while anonymous
dashboard sockets flood the site with frames, against the same reader with no flood, in the
same run.

    .venv/bin/python bench/flood.py [--port 8798] [--seconds 12] [--runs 3] [--sockets 8]
    .venv/bin/python bench/flood.py --terminal  (the terminal's case: bench/flood_terminal.py)

The site is served as `make run` serves it: `manage.py runall` (Redis, the Celery worker, the
sweeper, beat and uvicorn with `WEB_WORKERS` = 2 workers and its `websockets-sansio` sockets),
production settings (DEBUG off), SQLite in var/bench-flood.sqlite3, the demo world, its own
redis-server at REDIS_URL (default port 6396). Everything is on 127.0.0.1.

The reader fetches the dashboard page (`/c/<slug>/`, rendered in full, gzip as a browser asks)
every 0.1 s. The flooders, in a process of their own, open `--sockets` anonymous dashboard
sockets (the address the page gives) and send frames as fast as the socket takes them; a socket
the site closes is opened again at once and flooded again, as an attacker would (`--once`: not
opened again, eight sockets and no more). Each run is a
quiet phase and a flood phase of `--seconds` each (the flood first in every other run, so that
a slow spell of this shared machine falls on both alike); the flood stops at its phase's end or
after `--max-frames` frames or `--max-connections` connections, whichever comes first. The
flooders are one address (127.0.0.1) for SOCKET_OPENS_PER_ADDRESS (config/socket_guard.py):
its window is a minute, so a run may begin with the previous run's handshakes still counted.
"""

import argparse
import asyncio
import html
import multiprocessing
import os
import re
import secrets
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VAR = ROOT / "var"
DB = VAR / "bench-flood.sqlite3"
SLUG = "bench-flood"
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"  # as `make run`
os.environ["DATABASE_URL"] = f"sqlite:///{DB}"
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6396/0")
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
os.environ.pop("DEBUG", None)


def setup() -> None:
    """A fresh database with the demo world (as `make run` makes it)."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{DB}{suffix}").unlink(missing_ok=True)
    import django

    django.setup()
    from django.core.management import call_command

    from ops.demo import demo_spec
    from seasons.world.creation import world_create

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    world_create(spec={**demo_spec(), "slug": SLUG})


def get(port: int, path: str) -> tuple[int, bytes, float]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Accept-Encoding": "gzip"})
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read(), time.perf_counter() - started
    except urllib.error.HTTPError as exc:
        return exc.code, b"", time.perf_counter() - started


def site_cpu(site: subprocess.Popen) -> float:
    """CPU seconds used so far by the site's processes (runall and everything it started: uvicorn
    and its workers, the Celery worker, the sweeper and beat)."""
    total, pids = 0.0, [site.pid]
    while pids:
        pid = pids.pop()
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            for task in Path(f"/proc/{pid}/task").iterdir():
                pids += [int(child) for child in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def read(port: int, seconds: float) -> list[float]:
    """The reader: the dashboard page every 0.1 s for `seconds`; each answer's time (ms)."""
    took = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status, _body, spent = get(port, f"/c/{SLUG}/")
        if status != 200:
            raise SystemExit(f"the reader's page answered {status}")
        took.append(spent * 1000)
        time.sleep(max(0.0, 0.1 - spent))
    return took


def flood(port: int, path: str, sockets: int, seconds: float, max_frames: int, max_connections: int, once, out) -> None:
    """The flooders (run in a process of their own): frames, connections and closes by code."""
    import websockets

    found = {"frames": 0, "connections": 0, "refused": 0, "closes": {}}
    url, origin = f"ws://127.0.0.1:{port}{path}", f"http://127.0.0.1:{port}"

    async def one(deadline: float) -> None:
        while time.monotonic() < deadline and found["frames"] < max_frames:
            if found["connections"] >= max_connections:
                return
            found["connections"] += 1
            try:
                socket = await websockets.connect(url, origin=origin, open_timeout=10)
            except (OSError, websockets.InvalidStatus, TimeoutError):
                found["refused"] += 1
                await asyncio.sleep(0.05)
                continue
            try:
                while time.monotonic() < deadline and found["frames"] < max_frames:
                    await socket.send('{"action": "flood"}')
                    found["frames"] += 1
                    if found["frames"] % 64 == 0:
                        await asyncio.sleep(0)  # the other flooders, and the close frame when it comes
            except websockets.ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else None
                found["closes"][code] = found["closes"].get(code, 0) + 1
            finally:
                await socket.close()
            if once:
                return

    async def all_of_them() -> None:
        deadline = time.monotonic() + seconds
        await asyncio.gather(*(one(deadline) for _n in range(sockets)))

    asyncio.run(all_of_them())
    found["cpu"] = time.process_time()
    out.put(found)


def phase(port: int, path: str, args, flooded: bool, site: subprocess.Popen) -> tuple[list[float], dict]:
    """The reader's page times (ms), with the site's CPU seconds while it read (and, flooded,
    the flooders' counts)."""
    cpu = site_cpu(site)
    if not flooded:
        took = read(port, args.seconds)
        return took, {"site_cpu": site_cpu(site) - cpu}
    out: multiprocessing.Queue = multiprocessing.Queue()
    flooders = multiprocessing.Process(
        target=flood,
        args=(port, path, args.sockets, args.seconds + 1.5, args.max_frames, args.max_connections, args.once, out),
    )
    flooders.start()
    time.sleep(1.0)  # the sockets open and the flood is on before the reader starts
    cpu = site_cpu(site)
    took = read(port, args.seconds)
    spent = site_cpu(site) - cpu
    found = {**out.get(timeout=args.seconds + 60), "site_cpu": spent}
    flooders.join(timeout=30)
    return took, found


def socket_path(port: int) -> str:
    """The dashboard's socket, as its page gives it to the browser."""
    page = get(port, f"/c/{SLUG}/")[1]
    if page[:2] == b"\x1f\x8b":
        import gzip

        page = gzip.decompress(page)
    return html.unescape(re.search(rb'data-socket="([^"]+)"', page).group(1).decode())


def main() -> int:
    from bench.needs import stop_cleanly_on_sigterm
    from bench.served import start_site

    stop_cleanly_on_sigterm()
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8798)
    parser.add_argument("--seconds", type=float, default=12)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sockets", type=int, default=8)
    parser.add_argument("--max-frames", type=int, default=2_000_000)
    parser.add_argument("--max-connections", type=int, default=200_000)
    parser.add_argument("--once", action="store_true", help="a socket the site closed is not opened again")
    args = parser.parse_args()
    from ops.devservices import start_redis, stop

    redis = start_redis(os.environ["REDIS_URL"], VAR)  # before the world is built (its version is stamped there)
    site = None
    try:
        setup()
        site = start_site(args.port, f"/c/{SLUG}/", VAR / "bench-flood-site.log", wait=90)
        path = socket_path(args.port)
        read(args.port, 2)  # warm both workers
        print(
            f"{args.runs} runs: the dashboard page every 0.1 s for {args.seconds:g} s, quiet and under a flood"
            f" of {args.sockets} anonymous dashboard sockets"
            + (" (not opened again when closed)" if args.once else " (each opened again when closed)")
        )
        medians, ratios, maxima = [], [], []
        for run in range(args.runs):
            order = (False, True) if run % 2 == 0 else (True, False)
            results = {flooded: phase(args.port, path, args, flooded, site) for flooded in order}
            (quiet, calm), (flooded, found) = results[False], results[True]
            q50, f50 = statistics.median(quiet), statistics.median(flooded)
            medians.append(f50)
            ratios.append(f50 / q50)
            maxima.append(max(flooded))
            closes = ", ".join(f"{code}: {n}" for code, n in sorted(found["closes"].items(), key=str))
            print(
                f"run {run + 1}: quiet median {q50:.1f} ms (max {max(quiet):.1f}, {len(quiet)} pages);"
                f" flood median {f50:.1f} ms (max {max(flooded):.1f}, {len(flooded)} pages), ratio {f50 / q50:.2f}x;"
                f" flood: {found['frames']:,} frames over {found['connections']:,} connections"
                f" ({found['refused']} refused at connect), closed by the site [{closes}];"
                f" the site's CPU {calm['site_cpu']:.1f} s quiet, {found['site_cpu']:.1f} s flooded;"
                f" the flooders' {found['cpu']:.1f} s"
            )
        print(
            f"flood median: min {min(medians):.1f} / median {statistics.median(medians):.1f} ms;"
            f" ratio to quiet: min {min(ratios):.2f}x / median {statistics.median(ratios):.2f}x;"
            f" flood max: min {min(maxima):.1f} / median {statistics.median(maxima):.1f} ms"
        )
    finally:
        if site is not None and site.poll() is None:
            os.killpg(site.pid, 15)
            site.wait(30)
        stop(redis)
    return 0


if __name__ == "__main__":
    if "--terminal" in sys.argv:  # the terminal's case: window changes from one SSH session
        from bench.flood_terminal import main as terminal

        sys.exit(terminal())
    sys.exit(main())
