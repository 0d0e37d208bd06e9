"""Benchmark of the game room (room/) against the dashboard, in the same run. Prints ratios,
since these machines are shared and noisy.

    make bench            # or: .venv/bin/python bench/room.py [--seeks 200 --games 100 --seconds 5 --runs 3]

The site runs as `make run` runs it (`manage.py runall`: uvicorn with 2 workers, a Celery worker
and beat, production settings, SQLite in a file), on its own database and Redis, with the demo
campaign and a room of `--seeks` open seeks and `--games` hero tactics games in play. A logged-in
reader; 20 concurrent clients (threads of this process, each on its own kept connection: the
same client for every page measured, so the ratios compare the server's work):

- the room's page (/room/: a full render each time, as it has no ETag; the newest 50 seeks and
  30 games) against the dashboard's 5-second refresh, both as the dashboard serves it after a
  change (a full render) and unchanged (its ETag sent: a 304); target: the room within 1.5× the
  full refresh's cost (rate ratio ≥ 0.67);
- the push: 20 open room pages (their socket, /ws/room/), a seek opened through the service:
  how long until every page had it; against 20 open dashboards and a wall changed through the
  ledger's service (live/dashboard_push.py) in the same run; target within 1.5×.
"""

import argparse
import asyncio
import html
import http.client
import os
import re
import secrets
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VAR = ROOT / "var"
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"  # as `make run`
os.environ.setdefault("DATABASE_URL", f"sqlite:///{VAR / 'bench-room.sqlite3'}")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6397/0")
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
os.environ.pop("DEBUG", None)
CLIENTS = 20


def setup_django() -> None:
    if os.environ["DATABASE_URL"].startswith("sqlite:///"):
        for suffix in ("", "-wal", "-shm"):
            Path(os.environ["DATABASE_URL"][len("sqlite:///") :] + suffix).unlink(missing_ok=True)
    import django

    django.setup()
    from bench.needs import database

    database()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    call_command("seed_demo", stdout=open(os.devnull, "w"))


def build_room(seeks: int, games: int) -> None:
    """`seeks` accounts with an open seek each (rows written at once: their opening is not what is
    measured) and `games` games made through the services, challenged and accepted (in play)."""
    from django.contrib.auth import get_user_model

    from campaign import clock
    from room.models import Seek
    from tactics.services.challenges import tactics_accept, tactics_challenge

    users = get_user_model().objects
    owners = users.bulk_create([get_user_model()(username=f"seeker{n}") for n in range(seeks)])
    Seek.objects.bulk_create([Seek(owner=owner, settings={}, created_at=clock.now()) for owner in owners])
    for n in range(games):
        first = users.create_user(f"first{n}", password=None)
        second = users.create_user(f"second{n}", password=None)
        game = tactics_challenge(user=first, opponent_name=second.username, settings={})
        tactics_accept(user=second, game_id=game.pk)


def rate(port: int, path: str, seconds: float, headers: dict, expect: int) -> float:
    """Requests a second that CLIENTS threads, each on its own kept connection, have answered."""
    stop = time.monotonic() + seconds
    counts = [0] * CLIENTS
    failures: list[str] = []

    def client(n: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while time.monotonic() < stop:
            connection.request("GET", path, headers={"Accept-Encoding": "gzip", **headers})
            response = connection.getresponse()
            response.read()
            if response.status != expect:
                failures.append(f"{path}: {response.status}")
                return
            counts[n] += 1
        connection.close()

    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise SystemExit(failures[0])
    return sum(counts) / (time.monotonic() - started)


def one(port: int, path: str, headers: dict | None = None) -> tuple[int, dict, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


async def _arrivals(port: int, path: str, change, changes: int) -> list[float]:
    """CLIENTS sockets on `path`; `changes` times, `change(n)` made in a thread: how long until
    every socket had a message."""
    import websockets

    origin = f"http://127.0.0.1:{port}"
    opened = [await websockets.connect(f"ws://127.0.0.1:{port}{path}", origin=origin) for _ in range(CLIENTS)]
    await asyncio.sleep(1)
    latencies = []
    for n in range(changes):
        started = time.perf_counter()
        await asyncio.to_thread(change, n)
        await asyncio.wait_for(asyncio.gather(*(socket.recv() for socket in opened)), 30)
        latencies.append(time.perf_counter() - started)
        await asyncio.sleep(0.3)
    for socket in opened:
        await socket.close()
    return latencies


def pushes(port: int, slug: str, changes: int) -> tuple[list[float], list[float]]:
    """(the room's, the dashboard's) seconds until all CLIENTS pages had a change."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from battles.services.ledger import value_change
    from campaign import clock
    from cities.models import City
    from room.services.seeks import seek_open

    owners = [get_user_model().objects.create_user(f"pusher{n}-{secrets.token_hex(3)}") for n in range(changes)]
    room = asyncio.run(_arrivals(port, "/ws/room/", lambda n: seek_open(user=owners[n], settings={}), changes))
    page = one(port, reverse("dashboard", args=[slug]))[2]
    path = html.unescape(re.search(rb'data-socket="([^"]+)"', page).group(1).decode())
    shown = [name.decode() for name in re.findall(rb'data-city="([^"]+)"', page)]
    cities = list(City.objects.filter(campaign__slug=slug, name__in=shown))

    def wall(n: int) -> None:
        key = f"bench:room:{n}:{secrets.token_hex(4)}"
        city = cities[n % len(cities)]
        value_change(key=key, city=city, delta=-1, clause="R7.1", cause="daily", names={}, due_at=clock.now())

    dashboard = asyncio.run(_arrivals(port, path, wall, changes))
    return room, dashboard


def main() -> None:
    from bench.needs import stop_cleanly_on_sigterm

    stop_cleanly_on_sigterm()
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeks", type=int, default=200)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--changes", type=int, default=5)
    parser.add_argument("--port", type=int, default=8767)
    args = parser.parse_args()
    from ops.devservices import start_redis, stop

    redis = start_redis(os.environ["REDIS_URL"], VAR)
    try:
        run(args)
    finally:
        stop(redis)


def run(args) -> None:
    setup_django()
    from django.urls import reverse

    from bench.pages import session_cookie
    from bench.served import start_site
    from ops.demo import DEMO_SLUG
    from room.selectors import SHOWN_SEEKS

    build_room(args.seeks, args.games)
    reader = {"Cookie": session_cookie(DEMO_SLUG)}
    site = start_site(args.port, "/", VAR / "bench-room-site.log", wait=90)
    try:
        live = reverse("dashboard-live", args=[DEMO_SLUG])
        status, headers, body = one(args.port, "/room/", reader)
        shown = min(args.seeks, SHOWN_SEEKS)  # the page's newest (the API lists more)
        assert status == 200 and body.count(b"data-seek=") >= shown, "the room does not show its seeks"
        full, unchanged = [], []
        for n in range(args.runs):
            room = rate(args.port, "/room/", args.seconds, reader, 200)
            refresh = rate(args.port, live, args.seconds, reader, 200)
            tag = one(args.port, live, reader)[1]["ETag"]  # as of now: the war's clock moves on between runs
            cached = rate(args.port, live, args.seconds, {**reader, "If-None-Match": tag}, 304)
            full.append(room / refresh)
            unchanged.append(room / cached)
            print(
                f"run {n + 1}: room page {room:,.1f}/s; dashboard refresh after a change {refresh:,.1f}/s, "
                f"unchanged (304) {cached:,.1f}/s ({CLIENTS} clients, {args.seeks} seeks, {args.games} games)"
            )
        room_push, dashboard_push = pushes(args.port, DEMO_SLUG, args.changes)
        room_ms, dashboard_ms = statistics.median(room_push) * 1000, statistics.median(dashboard_push) * 1000
        print(
            f"push to {CLIENTS} open pages, {args.changes} changes: a seek on every room in median {room_ms:.0f} ms "
            f"(max {max(room_push) * 1000:.0f}); a wall on every dashboard in median {dashboard_ms:.0f} ms "
            f"(max {max(dashboard_push) * 1000:.0f})"
        )
        print("ratios (target: rate ≥ 0.67, i.e. within 1.5×; push ≤ 1.5), min / median of runs:")
        print(f"  room page / dashboard full refresh rate  {min(full):.2f} / {statistics.median(full):.2f}")
        print(f"  room page / dashboard unchanged refresh  {min(unchanged):.2f} / {statistics.median(unchanged):.2f}")
        print(f"  room push / dashboard push time          {room_ms / dashboard_ms:.2f}")
    finally:
        os.killpg(site.pid, 15)
        site.wait(30)


if __name__ == "__main__":
    main()
