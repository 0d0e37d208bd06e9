"""A season costs what a day costs. Prints, for every page, its time on a season's
world with a whole season's history against the same page on the same world after its first day
(ratios in one run, since these machines are shared and noisy): a day already fills the first
page of every list, so what is compared is what the rest of the season adds.

    make bench            # or: .venv/bin/python bench/season.py [--scale 1.0]
    DATABASE_URL=postgres://… .venv/bin/python bench/season.py   # on PostgreSQL

The world: the pages' test world (tests/pages/worlds.py: a siege of 漢中 with several armies and
pending games, a field battle, a stratagem's dark-chess game, moves, posts, built through the
services) grown to 50 kingdoms, 300 cities and 2,000 officers. The history, bulk-inserted as a
season leaves it (at `--scale 1`): 100,000 posts in 10,000 threads, 20,000 decided games with
their records, 1,000,000 ledger rows (5,000 of them the morale of the army besieging 漢中 and
the wall of 漢中), 100,000 arrived moves, 200,000 finished timers; a day is a sixtieth of it.
Each page is read by a king (孫權) with the Django test client, the fastest of 9 reads after 2
warm-ups, taken in rounds over every page (a shared machine's noise only ever slows a read); on
PostgreSQL the tables are vacuumed and analysed after each part of the history, as autovacuum
would have. Target: every ratio ≤ 1.5.
"""

import argparse
import os
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VAR = ROOT / "var"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{VAR / 'bench-season.sqlite3'}")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6396/0")
os.environ.setdefault("TEST_REDIS_URL", os.environ["REDIS_URL"])  # the test settings' Redis: the bench's own
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
KINGDOMS, CITIES, OFFICERS = 50, 300, 2000
DAYS = 60  # a season
READS = 9  # timed reads of each page (after 2 warm-ups); the fastest counts


def setup_django() -> None:
    if os.environ["DATABASE_URL"].startswith("sqlite:///"):
        for suffix in ("", "-wal", "-shm"):
            Path(os.environ["DATABASE_URL"][len("sqlite:///") :] + suffix).unlink(missing_ok=True)
    import django

    django.setup()
    from bench.needs import database

    database()  # a DATABASE_URL that does not answer is named, not a traceback
    from django.core.management import call_command

    if not os.environ["DATABASE_URL"].startswith("sqlite:///"):
        call_command("flush", "--noinput", verbosity=0)
    call_command("migrate", verbosity=0)


def season_spec(base):
    """The pages' test world grown to KINGDOMS kingdoms, CITIES cities and OFFICERS officers:
    the new kingdoms each a chain of cities off 長安's region, their officers in their cities."""

    def spec(extra: int) -> dict:
        world = base(extra)
        new = KINGDOMS - len(world["kingdoms"])
        cities, officers = CITIES - len(world["cities"]), OFFICERS - len(world["officers"])
        for k in range(new):
            per_kingdom = cities // new + (k < cities % new)
            officers_each = officers // new + (k < officers % new)
            names = [f"國{k}城{c}" for c in range(per_kingdom)]
            world["kingdoms"].append({"name": f"國{k}", "colour": "#777777", "capital": names[0]})
            world["cities"] += [
                {"name": n, "kingdom": f"國{k}", "kind": "capital" if c == 0 else "frontier", "x": k, "y": c}
                for c, n in enumerate(names)
            ]
            world["roads"] += [("長安" if c == 0 else names[c - 1], n) for c, n in enumerate(names)]
            world["officers"] += [
                {
                    "username": f"k{k}o{o}",
                    "name": f"國{k}將{o}",
                    "kingdom": f"國{k}",
                    "stars": 1 + o % 25,
                    "kind": "general",
                    "city": names[o % per_kingdom],
                }
                for o in range(officers_each)
            ]
        return world

    return spec


def add_history(objects: dict, scale: float, part: int) -> dict[str, int]:
    """`scale` of a season's history, dated before now, in bulk (set-up, not play); `part` keeps
    the keys of successive calls apart."""
    from django.db import transaction

    from campaign import clock
    from campaign.models import Officer
    from cities.models import City
    from forum.models import Board

    siege = objects["siege"]
    campaign = siege.campaign
    now = clock.now()
    past = now - timedelta(days=60)
    n = {
        k: int(v * scale)
        for k, v in dict(posts=100_000, games=20_000, ledger=1_000_000, moves=100_000, timers=200_000).items()
    }
    city_ids = list(City.objects.filter(campaign=campaign).values_list("pk", flat=True))
    officer_ids = list(Officer.objects.filter(campaign=campaign).values_list("pk", flat=True))
    boards = list(Board.objects.filter(campaign=campaign, kind=Board.Kind.CITY).values_list("pk", flat=True))
    army = objects["army"]
    with transaction.atomic():
        _history_posts(boards, officer_ids, past, n["posts"])
        _history_games(campaign, army.kingdom_id, city_ids, officer_ids, past, n["games"])
        _history_ledger(siege, army, city_ids, past, n["ledger"], scale, part)
        _history_moves(campaign, city_ids, officer_ids, past, n["moves"])
        _history_timers(campaign, past, n["timers"], part)
    return n


def _history_posts(boards: list[int], officer_ids: list[int], past, count: int) -> None:
    """`count` posts in threads of ten on the cities' boards, indexed for the search."""
    from forum.models import Post, Thread
    from forum.rules.search import index_terms

    threads = Thread.objects.bulk_create(
        [
            Thread(
                board_id=boards[i % len(boards)],
                title=f"舊帖{i}",
                created_at=past,
                last_activity_at=past + timedelta(seconds=i),
                post_count=10,
            )
            for i in range(-(-count // 10))
        ],
        batch_size=5000,
    )
    Post.objects.bulk_create(
        [
            Post(
                thread=threads[i // 10],
                author_id=officer_ids[i % len(officer_ids)],
                body=f"守城第{i}日",
                html=f"<p>守城第{i}日</p>",
                created_at=past,
                terms=index_terms(f"舊帖{i // 10}", f"守城第{i}日"),
            )
            for i in range(count)
        ],
        batch_size=5000,
    )


def _history_games(campaign, kingdom_id: int, city_ids: list[int], officer_ids: list[int], past, count: int) -> None:
    """`count` decided games with their records, ten to a lifted siege and its ended army."""
    from battles.models import Army, Siege
    from play.models import Game

    old_sieges = Siege.objects.bulk_create(
        [
            Siege(
                campaign=campaign,
                city_id=city_ids[i % len(city_ids)],
                started_at=past,
                status=Siege.Status.LIFTED,
                ended_at=past,
            )
            for i in range(-(-count // 10))
        ],
        batch_size=5000,
    )
    old_armies = Army.objects.bulk_create(
        [
            Army(
                campaign=campaign,
                kingdom_id=kingdom_id,
                origin_id=city_ids[0],
                target_id=s.city_id,
                route=[city_ids[0], s.city_id],
                status=Army.Status.ENDED,
                morale=0,
                morale_start=100,
                ordered_by_id=officer_ids[0],
                siege=s,
                departs_at=past,
                arrives_at=past,
                ended_at=past,
            )
            for s in old_sieges
        ],
        batch_size=5000,
    )
    record = " ".join(["炮二平五 馬８進７ 馬二進三 車９平８"] * 10)
    Game.objects.bulk_create(
        [
            Game(
                campaign=campaign,
                siege=old_sieges[i // 10],
                army=old_armies[i // 10],
                attacker_id=officer_ids[i % len(officer_ids)],
                attacker_rank="general",
                defender_id=officer_ids[(i + 7) % len(officer_ids)],
                status=Game.Status.DECIDED,
                result="attacker",
                record=record,
                called_at=past,
                started_at=past,
                decided_at=past + timedelta(seconds=i),
            )
            for i in range(count)
        ],
        batch_size=5000,
    )


def _history_ledger(siege, army, city_ids: list[int], past, count: int, scale: float, part: int) -> None:
    """`count` ledger rows, the first 5,000 × `scale` the wall of the besieged city and the
    morale of its army (their pages' history), the rest the other cities' walls."""
    from battles.models import LedgerEntry

    campaign = siege.campaign
    here = [("city", siege.city_id, "wall"), ("army", army.pk, "morale")]
    rows = []
    for i in range(count):
        if i < 5000 * scale:
            target, pk, field = here[i % 2]
        else:
            target, pk, field = "city", city_ids[i % len(city_ids)], "wall"
        rows.append(
            LedgerEntry(
                campaign=campaign,
                **{f"{target}_id": pk},
                field=field,
                delta=-1,
                value_after=100,
                clause="R7.3",
                cause="day",
                key=f"history:{part}:{i}",
                due_at=past + timedelta(seconds=i),
                applied_at=past + timedelta(seconds=i),
            )
        )
        if len(rows) == 20_000:
            LedgerEntry.objects.bulk_create(rows)
            rows = []
    LedgerEntry.objects.bulk_create(rows)


def _history_moves(campaign, city_ids: list[int], officer_ids: list[int], past, count: int) -> None:
    from campaign.models import Move

    Move.objects.bulk_create(
        [
            Move(
                campaign=campaign,
                officer_id=officer_ids[i % len(officer_ids)],
                origin_id=city_ids[i % len(city_ids)],
                destination_id=city_ids[(i + 1) % len(city_ids)],
                status=Move.Status.ARRIVED,
                route=[],
                requested_by_id=officer_ids[i % len(officer_ids)],
                created_at=past,
                departs_at=past,
                arrives_at=past,
                arrived_at=past,
            )
            for i in range(count)
        ],
        batch_size=5000,
    )


def _history_timers(campaign, past, count: int, part: int) -> None:
    from campaign.models import Timer

    Timer.objects.bulk_create(
        [
            Timer(
                campaign=campaign,
                key=f"history:{part}:timer:{i}",
                kind="move.arrive",
                object_id=i,
                due_at=past,
                created_at=past,
                applied_at=past,
                status=Timer.Status.DONE,
            )
            for i in range(count)
        ],
        batch_size=5000,
    )


def time_pages(client, urls: dict[str, str]) -> dict[str, float]:
    """Each page's cost: the fastest of READS reads, taken in rounds over every page (a slow
    moment of a shared machine then slows one read of each page, not every read of one)."""
    for name, url in urls.items():
        for _ in range(2):
            response = client.get(url)
            assert response.status_code in (200, 403), (name, url, response.status_code)
    samples: dict[str, list[float]] = {name: [] for name in urls}
    for _ in range(READS):
        for name, url in urls.items():
            started = time.perf_counter()
            client.get(url)
            samples[name].append(time.perf_counter() - started)
    return {name: min(times) for name, times in samples.items()}


def settle() -> None:
    """On PostgreSQL, what autovacuum does to a live database after a day's or a season's writes
    (the planner's statistics, the visibility map), done before the pages are timed so that it
    does not run while they are."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")


def main() -> None:
    from bench.needs import stop_cleanly_on_sigterm

    stop_cleanly_on_sigterm()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="of the history's sizes")
    args = parser.parse_args()
    from ops.devservices import start_redis, stop

    redis = start_redis(os.environ["REDIS_URL"], VAR)
    try:
        run(args)
    finally:
        stop(redis)


def run(args) -> None:
    setup_django()
    import time_machine
    from django.db import connection
    from django.test import Client

    from tests.pages import test_queries, worlds
    from tests.worlds import START

    worlds.spec = season_spec(worlds.spec)
    with time_machine.travel(START, tick=False) as traveller:
        started = time.perf_counter()
        world, objects = worlds.build(traveller, 3)
        from campaign.models import Officer
        from cities.models import City

        print(
            f"{connection.vendor}: world of {world.campaign.kingdoms.count()} kingdoms, "
            f"{City.objects.filter(campaign=world.campaign).count()} cities, "
            f"{Officer.objects.filter(campaign=world.campaign).count()} officers "
            f"(built in {time.perf_counter() - started:.0f} s)"
        )
        client = Client()
        client.force_login(world["孫權"].user)
        urls = {page: test_queries.page_url(world, objects, page) for page in sorted(test_queries.PINNED)}
        # a word in every post (above: 守) and one in a single post of the history's
        urls["board-search-one"] = urls["board-search"].split("?")[0] + "?q=第1234日"
        day = add_history(objects, args.scale / DAYS, part=0)
        print(f"a day's history: {day}")
        settle()
        before = time_pages(client, urls)
        started = time.perf_counter()
        sizes = add_history(objects, args.scale * (DAYS - 1) / DAYS, part=1)
        settle()
        print(f"the rest of the season's history: {sizes} (added in {time.perf_counter() - started:.0f} s)")
        after = time_pages(client, urls)
    worst = 0.0
    for name in urls:
        ratio = after[name] / before[name]
        worst = max(worst, ratio)
        flag = "" if ratio <= 1.5 else "   <-- over 1.5"
        print(f"  {name:<16} {before[name] * 1000:7.1f} ms -> {after[name] * 1000:7.1f} ms  ratio {ratio:5.2f}{flag}")
    print(f"worst ratio {worst:.2f} (target <= 1.5)")


if __name__ == "__main__":
    main()
