"""Importing a world file costs what inserting its rows costs. Prints, in one run, the time of
`world_import` of a generated world of 50 kingdoms and 1,000 cities (its YAML as `world_export`
writes it, coordinates included: read, checked, built by `world_create`) against a bulk insert of
the same rows (bulk_create of the campaign, kingdoms, cities, their boards, roads; the capitals
set), min / median of 3 each, and their ratio. Target: ratio <= 2. Then the same world with no
coordinates: its import lays the map out once (the grid variant of the force-directed layout),
against the import with coordinates.

    make bench            # or: .venv/bin/python bench/world.py [--kingdoms 50] [--cities 1000]
    DATABASE_URL=postgres://… .venv/bin/python bench/world.py   # on PostgreSQL

The world has no officers: the bulk insert compared is of the map's rows (officers need users,
made one by one either way). Its own redis-server runs (port 6398, never the site's), as under
`make run`: the import's commit tells the pages that the world changed (campaign/freshness.py),
which the bulk insert does not.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VAR = ROOT / "var"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{VAR / 'bench-world.sqlite3'}")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6398/0")  # its own, never the site's (6390)
os.environ.setdefault("TEST_REDIS_URL", os.environ["REDIS_URL"])  # the test settings' Redis: the bench's own
RUNS = 3


def setup_django() -> None:
    if os.environ["DATABASE_URL"].startswith("sqlite:///"):
        VAR.mkdir(exist_ok=True)
        for suffix in ("", "-wal", "-shm"):
            Path(os.environ["DATABASE_URL"][len("sqlite:///") :] + suffix).unlink(missing_ok=True)
    import django

    django.setup()
    from bench.needs import database

    database()
    from django.core.management import call_command

    if not os.environ["DATABASE_URL"].startswith("sqlite:///"):
        call_command("flush", "--noinput", verbosity=0)
    call_command("migrate", verbosity=0)


def bulk_insert(data: dict, slug: str) -> None:
    """The world's rows as a bulk insert would write them: no checks, no layout, no hooks."""
    from django.db import transaction

    from campaign.models import Campaign, Kingdom
    from cities.models import City, Road
    from forum.models import Board

    walls = {"capital": 800, "buffer": 500, "frontier": 300}
    with transaction.atomic():
        campaign = Campaign.objects.create(name=data["name"], slug=slug)
        kingdoms = {
            k.name: k
            for k in Kingdom.objects.bulk_create(
                [Kingdom(campaign=campaign, name=k["name"], colour=k["colour"]) for k in data["kingdoms"]]
            )
        }
        rows = [
            City(
                campaign=campaign,
                name=c["name"],
                kingdom=kingdoms.get(c.get("kingdom")),
                kind=c["kind"],
                wall=walls[c["kind"]],
                wall_max=walls[c["kind"]],
                wall_start=walls[c["kind"]],
                position=i,
                map_x=c["x"],
                map_y=c["y"],
            )
            for i, c in enumerate(data["cities"])
        ]
        cities = {c.name: c for c in City.objects.bulk_create(rows, batch_size=2000)}
        Board.objects.bulk_create(
            [Board(campaign=campaign, kind=Board.Kind.PALACE, kingdom=k) for k in kingdoms.values()]
            + [Board(campaign=campaign, kind=Board.Kind.CITY, city=c) for c in cities.values()],
            batch_size=2000,
        )
        for k in data["kingdoms"]:
            kingdoms[k["name"]].capital = cities[k["capital"]]
        Kingdom.objects.bulk_update(list(kingdoms.values()), ["capital"])
        roads = [sorted((cities[a], cities[b]), key=lambda c: c.pk) for a, b in data["roads"]]
        Road.objects.bulk_create([Road(campaign=campaign, a=a, b=b) for a, b in roads], batch_size=2000)


def timed(action) -> float:
    """The action's time, each starting from the same state: the garbage of the one before
    collected, and SQLite's write-ahead log checkpointed (else whichever commit crosses the log's
    threshold pays for the writes of both)."""
    import gc

    from django.db import connection

    gc.collect()
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kingdoms", type=int, default=50)
    parser.add_argument("--cities", type=int, default=1000)
    parser.add_argument("--map-cities", type=int, default=0, help="also time the map of a world this large")
    parser.add_argument("--map-roads", type=int, default=100_000)
    args = parser.parse_args()
    from bench.needs import stop_cleanly_on_sigterm

    stop_cleanly_on_sigterm()
    from ops.devservices import start_redis, stop

    redis_process = start_redis(os.environ["REDIS_URL"], VAR)
    try:
        measure(args)
    finally:
        stop(redis_process)


def measure(args: argparse.Namespace) -> None:
    setup_django()
    import json

    from campaign.models import Campaign
    from seasons.world.export import world_export
    from seasons.world.importing import world_import
    from tests.seasons.world_files import generated_world

    data = generated_world(args.kingdoms, args.cities, officers=False, slug="bench-world")
    text = world_export(world_import(text=json.dumps(data, ensure_ascii=False), fmt="json"))
    Campaign.objects.filter(slug="bench-world").update(slug="bench-world-source")
    imports, bulks = [], []
    for run in range(RUNS):  # alternated, so that a shared machine's noise falls on both
        imports.append(timed(lambda run=run: world_import(text=text.replace("slug: bench-world\n", f"slug: i{run}\n"))))
        bulks.append(timed(lambda run=run: bulk_insert(data, f"b{run}")))
    bare = json.dumps({**data, "cities": [{k: v for k, v in c.items() if k not in ("x", "y")} for c in data["cities"]]})
    laid = [
        timed(lambda run=run: world_import(text=bare.replace('"bench-world"', f'"l{run}"'), fmt="json"))
        for run in range(RUNS)
    ]
    ours, floor = (min(imports), statistics.median(imports)), (min(bulks), statistics.median(bulks))
    print(
        f"world import of {args.kingdoms} kingdoms, {args.cities} cities, {len(data['roads'])} roads "
        f"({len(text.encode()) // 1024} KB of YAML): min {ours[0] * 1000:.0f} ms, median {ours[1] * 1000:.0f} ms; "
        f"bulk insert of the same rows min {floor[0] * 1000:.0f} ms, median {floor[1] * 1000:.0f} ms; "
        f"ratio min {ours[0] / floor[0]:.2f}, median {ours[1] / floor[1]:.2f} (target <= 2)"
    )
    print(
        f"the same world without coordinates (laid out once at import): min {min(laid) * 1000:.0f} ms, "
        f"median {statistics.median(laid) * 1000:.0f} ms; "
        f"{min(laid) / ours[0]:.2f}x / {statistics.median(laid) / ours[1]:.2f}x the import with coordinates"
    )
    from seasons.world.staging import longest

    print(
        f"the longest write lock an import held: a part {longest['part'] * 1000:.0f} ms, "
        f"its opening {longest['open'] * 1000:.0f} ms"
    )
    if args.map_cities:
        map_views(data_for_map(args.map_cities, args.map_roads))


def data_for_map(cities: int, roads: int) -> dict:
    """A world of `cities` cities (20 kingdoms) and `roads` roads: each chain's, then pairs."""
    import random

    from tests.seasons.world_files import generated_world

    data = generated_world(20, cities, officers=False, slug="bench-map")
    names = [c["name"] for c in data["cities"]]
    pairs = {frozenset(road) for road in data["roads"]}
    chance = random.Random(7)
    while len(pairs) < roads:
        pairs.add(frozenset(chance.sample(names, 2)))
    data["roads"] = [sorted(pair) for pair in pairs]
    return data


def map_views(data: dict) -> None:
    """An anonymous reader's map (the page and its live part), twice each: the first draws it
    (what every view cost before the map was kept per world version), the second is the kept one."""
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()  # the test client's host allowed
    bulk_insert(data, "bench-map")
    for page in ("map", "map/live"):
        times, sizes = [], []
        for _view in range(2):
            started = time.perf_counter()
            response = Client().get(f"/c/bench-map/{page}/", headers={"accept-encoding": "gzip"})
            times.append(time.perf_counter() - started)
            sizes.append(len(response.content))
        print(
            f"/{page}/ of {len(data['cities'])} cities, {len(data['roads'])} roads: first view (drawn) "
            f"{times[0] * 1000:.0f} ms, second (kept) {times[1] * 1000:.0f} ms; {sizes[1] // 1024} KB sent gzipped"
        )


if __name__ == "__main__":
    main()
