"""Benchmark of the dashboard's refresh under load. Prints ratios against a baseline
measured in the same run, since these machines are shared and noisy.

    make bench            # or: .venv/bin/python bench/pages.py [--seconds 5 --runs 3]

The site runs exactly as `make run` runs it (`manage.py runall`: uvicorn with 2 workers, a
Celery worker and beat, production settings, SQLite in a file), on its own database and Redis.
`wrk` (Debian package `wrk`; checked first, bench/needs.py) drives 20 concurrent clients, each request asking for gzip:

- baseline: a static file (the site's stylesheet, served by WhiteNoise in the same server);
- the dashboard's 5-second refresh with nothing changed since the client's copy (the client
  sends its ETag, as the browser does), anonymous and logged in, at demo size and on a world
  of 1,000 cities and 5,000 officers (target: ≥ 1/5 of the static file's rate);
- for information: the same refresh after a change (a full render, compressed) and the first
  load of the whole dashboard page (latency, one client);
- the push (live/dashboard_push.py): 20 dashboards open on their websocket, a wall changed
  through the ledger's service five times: how long until every one of them had the change,
  and its size, against one refresh after the same change (its time and size, uncompressed).
"""

import argparse
import os
import re
import secrets
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VAR = ROOT / "var"
PORT = 8765
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"  # as `make run`
os.environ.setdefault("DATABASE_URL", f"sqlite:///{VAR / 'bench-pages.sqlite3'}")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6395/0")
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
os.environ.pop("DEBUG", None)
BIG_SLUG = "bench-season"


def setup_django() -> None:
    if os.environ["DATABASE_URL"].startswith("sqlite:///"):
        for suffix in ("", "-wal", "-shm"):
            Path(os.environ["DATABASE_URL"][len("sqlite:///") :] + suffix).unlink(missing_ok=True)
    import django

    django.setup()
    from bench.needs import database

    database()  # a DATABASE_URL that does not answer is named, not a traceback
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", "--noinput", verbosity=0)
    call_command("seed_demo", stdout=open(os.devnull, "w"))


def session_cookie(slug: str) -> str:
    """A logged-in reader's session (an officer of the campaign), made as login() would."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from campaign.models import Officer

    user = Officer.objects.filter(campaign__slug=slug).select_related("user").first().user
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return f"sessionid={store.session_key}"


def get(path: str, headers: dict | None = None) -> tuple[int, dict, bytes, float]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{PORT}{path}", headers={"Accept-Encoding": "gzip", **(headers or {})}
    )
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, dict(response.headers), response.read(), time.perf_counter() - started
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), b"", time.perf_counter() - started


def wrk(path: str, seconds: float, headers: dict) -> float:
    args = ["wrk", "-t1", "-c20", f"-d{int(seconds)}s", "--timeout", "30s", "-H", "Accept-Encoding: gzip"]
    for name, value in headers.items():
        args += ["-H", f"{name}: {value}"]
    out = subprocess.run(args + [f"http://127.0.0.1:{PORT}{path}"], capture_output=True, text=True, check=True).stdout
    if "Non-2xx or 3xx" in out or "Socket errors" in out:
        raise SystemExit(f"wrk saw errors on {path}:\n{out}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))


def push(slug: str, sockets: int = 20, changes: int = 5) -> str:
    """`sockets` open dashboards (page 1, as the page gives its socket), `changes` walls changed:
    per change, the time until the last socket had it, and the message's size; against one
    refresh fetched after each change (uncompressed, as the socket's size is counted)."""
    import asyncio
    import html as html_text
    import json

    import websockets
    from django.urls import reverse

    from battles.services.ledger import value_change
    from campaign import clock
    from cities.models import City

    page = get(reverse("dashboard", args=[slug]), {"Accept-Encoding": "identity"})[2]
    path = html_text.unescape(re.search(rb'data-socket="([^"]+)"', page).group(1).decode())
    live = reverse("dashboard-live", args=[slug])
    shown = [name.decode() for name in re.findall(rb'data-city="([^"]+)"', page)][:changes]  # on the socket's page
    cities = list(City.objects.filter(campaign__slug=slug, name__in=shown))

    async def scenario() -> tuple[list[float], list[int], list[float], list[int]]:
        opened = [
            await websockets.connect(f"ws://127.0.0.1:{PORT}{path}", origin=f"http://127.0.0.1:{PORT}")
            for _ in range(sockets)
        ]
        await asyncio.sleep(1)
        latencies, sizes, refreshes, refresh_sizes = [], [], [], []
        for n, city in enumerate(cities):
            started = time.perf_counter()
            await asyncio.to_thread(
                value_change,
                key=f"bench:push:{n}:{secrets.token_hex(4)}",
                city=city,
                delta=-1,
                clause="R7.1",
                cause="daily",
                names={},
                due_at=clock.now(),
            )
            messages = await asyncio.wait_for(asyncio.gather(*(socket.recv() for socket in opened)), 30)
            latencies.append(time.perf_counter() - started)
            assert all(json.loads(m)["type"] == "parts" for m in messages), [json.loads(m)["type"] for m in messages]
            sizes.append(len(messages[0].encode()))
            status, _headers, body, took = await asyncio.to_thread(get, live, {"Accept-Encoding": "identity"})
            refreshes.append(took)
            refresh_sizes.append(len(body))
            await asyncio.sleep(0.5)
        for socket in opened:
            await socket.close()
        return latencies, sizes, refreshes, refresh_sizes

    latencies, sizes, refreshes, refresh_sizes = asyncio.run(scenario())
    return (
        f"push to {sockets} open dashboards, {changes} changes: every socket had it in median "
        f"{statistics.median(latencies) * 1000:.0f} ms (max {max(latencies) * 1000:.0f} ms), "
        f"{statistics.median(sizes) / 1024:.1f} KB; one refresh after the change "
        f"{statistics.median(refreshes) * 1000:.0f} ms, {statistics.median(refresh_sizes) / 1024:.1f} KB; "
        f"size ratio {statistics.median(sizes) / statistics.median(refresh_sizes):.3f}"
    )


def main() -> None:
    from bench.needs import stop_cleanly_on_sigterm

    stop_cleanly_on_sigterm()
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cities", type=int, default=1000)
    parser.add_argument("--officers", type=int, default=5000)
    args = parser.parse_args()
    from bench.needs import programs
    from ops.devservices import start_redis, stop

    programs("wrk")  # before anything is built or started
    redis = start_redis(os.environ["REDIS_URL"], VAR)  # before the world is built (its version is stamped there)
    try:
        run(args)
    finally:
        stop(redis)


def run(args) -> None:
    setup_django()
    from django.templatetags.static import static
    from django.urls import reverse

    from bench.served import start_site
    from bench.worlds import season_world
    from ops.demo import DEMO_SLUG

    season_world(BIG_SLUG, args.cities, args.officers)

    static_path = static("site.css")
    worlds = {"demo": DEMO_SLUG, f"{args.cities} cities": BIG_SLUG}
    cookies = {label: session_cookie(slug) for label, slug in worlds.items()}
    site = start_site(PORT, "/", VAR / "bench-pages-site.log", wait=60)
    try:
        ratios: dict[str, list[float]] = {}
        lines = []
        for run in range(args.runs):
            static_rate = wrk(static_path, args.seconds, {})
            lines.append(f"run {run + 1}: static file {static_rate:,.0f}/s")
            for label, slug in worlds.items():
                live = reverse("dashboard-live", args=[slug])
                for reader, headers in (("anonymous", {}), ("logged in", {"Cookie": cookies[label]})):
                    status, response_headers, body, _ = get(live, headers)
                    assert status == 200, (live, status)
                    tag = response_headers["ETag"]
                    assert get(live, {**headers, "If-None-Match": tag})[0] == 304, "the refresh is not a 304"
                    rate = wrk(live, args.seconds, {**headers, "If-None-Match": tag})
                    ratios.setdefault(f"{label}, {reader}", []).append(rate / static_rate)
                    lines.append(
                        f"  {label:>12}, {reader:<9}: refresh unchanged {rate:,.0f}/s = 1/{static_rate / rate:.1f} "
                        f"of static (full refresh {len(body) / 1024:.1f} KB gzip)"
                    )
                if run == 0:
                    changed = wrk(live, args.seconds, {})
                    first = statistics.median(get(reverse("dashboard", args=[slug]))[3] for _ in range(3))
                    lines.append(
                        f"  {label:>12}: refresh after a change (full render) {changed:,.1f}/s; "
                        f"first load of the page {first * 1000:.0f} ms"
                    )
        lines.append(push(BIG_SLUG))
        print("\n".join(lines))
        print("\nunchanged refresh / static file under 20 clients (target ≥ 0.20), min / median of runs:")
        for name, values in ratios.items():
            print(f"  {name:<28} {min(values):.2f} / {statistics.median(values):.2f}")
    finally:
        os.killpg(site.pid, 15)
        site.wait(30)


if __name__ == "__main__":
    main()
