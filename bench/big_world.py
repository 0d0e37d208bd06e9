"""Big worlds stay cheap to read. Prints, in one run:

1. a world file's preview (`world_preview`: read, checked, laid out, drawn) at the count limits
   (WORLD_FILE_MAX_CITIES cities, WORLD_FILE_MAX_ROADS roads) and of the world saved below: its
   time (min / median of `--runs`) and peak memory (tracemalloc, one run apart), and how long a
   10 MB file takes to be refused (WORLD_FILE_MAX_BYTES);
2. the map page of a saved world of `--cities` cities and `--roads` roads (WORLD_FILE_MAX_ROADS)
   as an anonymous reader asks it (gzip): the first view, which draws it, then the next ones,
   which are served as kept (dashboard/map_drawn.py): time and bytes sent;
3. another reader's dashboard page every 0.1 s, quiet and while eight anonymous readers fetch
   that map as fast as it comes, min / median of `--runs` runs of `--seconds` a phase.

    .venv/bin/python bench/big_world.py [--port 8787] [--cities 2000] [--roads 30000] [--runs 3]

The site is served as `make run` serves it (bench/served.py: `manage.py runall`, production
settings, SQLite in var/bench-big-world.sqlite3), its own redis-server (port 6389).
"""

import argparse
import os
import random
import secrets
import statistics
import sys
import threading
import time
import tracemalloc
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VAR = ROOT / "var"
DB = VAR / "bench-big-world.sqlite3"
SLUG = "bench-big-world"
os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"  # as `make run`
os.environ["DATABASE_URL"] = f"sqlite:///{DB}"
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6389/0")
os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
os.environ.pop("DEBUG", None)


def get(port: int, path: str) -> tuple[int, bytes, float]:
    """An anonymous reader's GET, asking for gzip as a browser does: status, body, seconds."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers={"Accept-Encoding": "gzip"})
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, response.read(), time.perf_counter() - started
    except urllib.error.HTTPError as exc:
        return exc.code, b"", time.perf_counter() - started


def world_text(cities: int, roads: int) -> str:
    """A generated world (tests/seasons/world_files.py) of `cities` cities in 50 kingdoms, with
    roads added between random cities up to `roads`, as YAML."""
    import yaml

    from tests.seasons.world_files import generated_world

    data = generated_world(50, cities, officers=False, slug=SLUG)
    names = [c["name"] for c in data["cities"]]
    seen = {frozenset(road) for road in data["roads"]}
    chance = random.Random(7)
    while len(data["roads"]) < roads:
        pair = chance.sample(names, 2)
        if frozenset(pair) not in seen:
            seen.add(frozenset(pair))
            data["roads"].append(pair)
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, default_flow_style=None, width=10**6)


def previews(text: str, runs: int) -> None:
    from campaign.errors import RuleViolation
    from seasons.world.preview import world_preview

    took = []
    for _run in range(runs):
        started = time.perf_counter()
        world_preview(text=text, fmt="yaml")
        took.append(time.perf_counter() - started)
    tracemalloc.start()
    world_preview(text=text, fmt="yaml")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(
        f"preview of {len(text.encode()) / 1e6:.2f} MB: min {min(took):.2f} / median {statistics.median(took):.2f} s,"
        f" peak {peak / 1e6:.1f} MB (tracemalloc)"
    )
    big = "#" * 10_000_000
    started = time.perf_counter()
    try:
        world_preview(text=big, fmt="yaml")
    except RuleViolation as refusal:
        print(f"preview of 10 MB refused in {(time.perf_counter() - started) * 1000:.1f} ms: {refusal.message}")


def map_views(port: int, views: int) -> None:
    path = f"/c/{SLUG}/map/"
    first = get(port, path)
    rest = [get(port, path) for _n in range(views)]
    if first[0] != 200 or any(status != 200 for status, _body, _took in rest):
        raise SystemExit(f"the map answered {first[0]}")
    times = [took * 1000 for _status, _body, took in rest]
    print(
        f"map page, anonymous, gzip: first view {first[2] * 1000:.0f} ms ({len(first[1]) / 1e6:.2f} MB sent);"
        f" the next {views}: min {min(times):.1f} / median {statistics.median(times):.1f} ms"
        f" ({len(rest[-1][1]) / 1e6:.2f} MB sent)"
    )


def dashboard(port: int, seconds: float, readers: int) -> tuple[float, int]:
    """The dashboard's median (ms) over `seconds` while `readers` threads fetch the map; maps read."""
    stop = threading.Event()
    read = [0]

    def reader() -> None:
        while not stop.is_set():
            get(port, f"/c/{SLUG}/map/")
            read[0] += 1

    threads = [threading.Thread(target=reader) for _n in range(readers)]
    for thread in threads:
        thread.start()
    took = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        status, _body, spent = get(port, f"/c/{SLUG}/")
        if status != 200:
            raise SystemExit(f"the dashboard answered {status}")
        took.append(spent * 1000)
        time.sleep(max(0.0, 0.1 - spent))
    stop.set()
    for thread in threads:
        thread.join()
    return statistics.median(took), read[0]


def main() -> int:
    from bench.needs import stop_cleanly_on_sigterm
    from bench.served import start_site

    stop_cleanly_on_sigterm()
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=8787)
    parser.add_argument("--cities", type=int, default=2000)
    parser.add_argument("--roads", type=int, default=30_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10)
    args = parser.parse_args()
    from ops.devservices import start_redis, stop

    redis = start_redis(os.environ["REDIS_URL"], VAR)
    site = None
    try:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{DB}{suffix}").unlink(missing_ok=True)
        import django

        django.setup()
        from django.core.management import call_command

        from seasons.world.importing import world_import

        call_command("migrate", verbosity=0)
        call_command("collectstatic", "--noinput", verbosity=0)
        from django.conf import settings

        previews(world_text(settings.WORLD_FILE_MAX_CITIES, settings.WORLD_FILE_MAX_ROADS), args.runs)
        text = world_text(args.cities, args.roads)
        previews(text, args.runs)
        world_import(text=text)
        site = start_site(args.port, f"/c/{SLUG}/", VAR / "bench-big-world-site.log", wait=90)
        map_views(args.port, 10)
        quiet, loaded, maps = [], [], []
        for _run in range(args.runs):
            quiet.append(dashboard(args.port, args.seconds, 0)[0])
            median, read = dashboard(args.port, args.seconds, 8)
            loaded.append(median)
            maps.append(read)
        print(
            f"dashboard median, quiet: min {min(quiet):.1f} / median {statistics.median(quiet):.1f} ms;"
            f" beside eight map readers: min {min(loaded):.1f} / median {statistics.median(loaded):.1f} ms"
            f" ({statistics.median(maps):.0f} maps read a phase)"
        )
    finally:
        if site is not None and site.poll() is None:
            os.killpg(site.pid, 15)
            site.wait(30)
        stop(redis)
    return 0


if __name__ == "__main__":
    sys.exit(main())
