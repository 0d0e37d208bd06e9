"""Benchmark of the war's clock (issue: the war's clock). Prints ratios against baselines
measured in the same run, since these machines are shared and noisy.

    make bench            # or: .venv/bin/python bench/clock.py [--cities 10000 ...]

1. The daily change (R7.1) on 10,000 cities and 2,000 besieging armies, against a naive
   per-row ORM loop doing the same work (target: ≥ 50× faster, < 1 s).
2. 1,000 arrivals due in the same second with one real Celery worker process (solo pool; on
   SQLite more processes only queue on the write lock), beat's sweeper every second: delay from
   due to applied (target: all within 5 s; p50/p99 printed).
3. One sweeper pass with nothing due (target: a handful of indexed queries, < 20 ms), against
   a bare `SELECT 1` round trip.

The world is built with bulk inserts (set-up, not play): a campaign, its cities and roads,
2,000 armies besieging with one member each, 10,000 officers on the road.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VAR = ROOT / "var"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "campaign.settings_test")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{VAR / 'bench-clock.sqlite3'}")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6393/0")


def setup_django(fresh: bool) -> None:
    if fresh and os.environ["DATABASE_URL"].startswith("sqlite:///"):
        for suffix in ("", "-wal", "-shm"):
            Path(os.environ["DATABASE_URL"][len("sqlite:///") :] + suffix).unlink(missing_ok=True)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def build_world(cities: int, armies: int, travellers: int):
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from battles.models import Army, ArmyMember, Siege
    from campaign import clock
    from campaign.models import Board, Campaign, Kingdom, Move, Officer, Whereabouts
    from cities.models import City

    now = clock.now()
    with transaction.atomic():
        campaign = Campaign.objects.create(name="bench", slug=f"bench-{int(time.time())}")
        attackers, defenders = (Kingdom.objects.create(campaign=campaign, name=n) for n in ("A", "B"))
        City.objects.bulk_create(
            [
                City(
                    campaign=campaign,
                    name=f"c{i}",
                    kingdom=defenders if i % 2 else attackers,
                    kind="frontier",
                    wall=290,
                    wall_max=300,
                    wall_start=290,
                    position=i,
                )
                for i in range(cities)
            ],
            batch_size=2000,
        )
        city_ids = list(City.objects.filter(campaign=campaign).order_by("pk").values_list("pk", flat=True))
        Board.objects.bulk_create(
            [Board(campaign=campaign, kind=Board.Kind.CITY, city_id=pk) for pk in city_ids], batch_size=2000
        )
        users = get_user_model().objects.bulk_create(
            [get_user_model()(username=f"b{campaign.pk}-{i}") for i in range(armies + travellers)], batch_size=2000
        )
        sieges = Siege.objects.bulk_create(
            [Siege(campaign=campaign, city_id=city_ids[2 * i + 1], started_at=now) for i in range(armies)],
            batch_size=2000,
        )
        officers = Officer.objects.bulk_create(
            [
                Officer(
                    campaign=campaign,
                    user=users[i],
                    kingdom=attackers,
                    name=f"o{i}",
                    stars=10,
                    kind="general",
                    whereabouts=Whereabouts.CITY,
                    city_id=city_ids[0],
                )
                for i in range(armies + travellers)
            ],
            batch_size=2000,
        )
        army_rows = Army.objects.bulk_create(
            [
                Army(
                    campaign=campaign,
                    kingdom=attackers,
                    origin_id=city_ids[2 * i],
                    target_id=city_ids[2 * i + 1],
                    route=[city_ids[2 * i], city_ids[2 * i + 1]],
                    status=Army.Status.BESIEGING,
                    morale=100,
                    morale_start=100,
                    ordered_by=officers[i],
                    siege=sieges[i],
                    departs_at=now,
                    arrives_at=now,
                    besieging_from=now - timedelta(hours=1),
                )
                for i in range(armies)
            ],
            batch_size=2000,
        )
        ArmyMember.objects.bulk_create(
            [
                ArmyMember(
                    army=army_rows[i], officer=officers[i], rank="marshal", position=0, since=now - timedelta(hours=1)
                )
                for i in range(armies)
            ],
            batch_size=2000,
        )
        travelling = officers[armies:]
        Move.objects.bulk_create(
            [
                Move(
                    campaign=campaign,
                    officer=o,
                    origin_id=city_ids[0],
                    destination_id=city_ids[2],
                    status="travelling",
                    route=[city_ids[0], city_ids[2]],
                    requested_by=o,
                    created_at=now,
                    departs_at=now,
                    arrives_at=now + timedelta(days=1),
                )
                for o in travelling
            ],
            batch_size=2000,
        )
        Officer.objects.filter(pk__in=[o.pk for o in travelling]).update(whereabouts=Whereabouts.ROAD, city=None)
    _link_members(army_rows, officers[:armies])
    return campaign, city_ids


def _link_members(armies, officers) -> None:
    """Officer.army for each army's member, in one statement."""
    from django.db.models import Case, IntegerField, Value, When

    from campaign.models import Officer

    Officer.objects.filter(pk__in=[o.pk for o in officers]).update(
        whereabouts="army",
        city=None,
        army_id=Case(*[When(pk=o.pk, then=Value(a.pk)) for a, o in zip(armies, officers)], output_field=IntegerField()),
    )


def naive_day(campaign, at) -> None:
    """The same work as R7.1's service, one row at a time through the ORM."""
    from battles.models import Army
    from cities.models import City, LedgerEntry

    for city in City.objects.filter(campaign=campaign):
        if city.wall < city.wall_max:
            before = city.wall
            city.wall = min(city.wall + 5, city.wall_max)
            city.save(update_fields=["wall"])
            LedgerEntry.objects.create(
                campaign=campaign,
                city=city,
                field="wall",
                delta=city.wall - before,
                value_after=city.wall,
                clause="R7.1",
                cause="naive",
                key=f"naive:c{city.pk}",
                due_at=at,
                applied_at=at,
            )
    for army in Army.objects.filter(campaign=campaign, status=Army.Status.BESIEGING):
        before = army.morale
        army.morale = max(army.morale - 10, 0)
        army.save(update_fields=["morale"])
        LedgerEntry.objects.create(
            campaign=campaign,
            army=army,
            field="morale",
            delta=army.morale - before,
            value_after=army.morale,
            clause="R7.1",
            cause="naive",
            key=f"naive:a{army.pk}",
            due_at=at,
            applied_at=at,
        )


def bench_day(campaign) -> None:
    from django.db import transaction

    from campaign import clock
    from campaign.models import Timer
    from campaign.timers import timer_apply
    from cities.models import LedgerEntry

    at = clock.now()
    started = time.perf_counter()
    with transaction.atomic():
        naive_day(campaign, at)
        naive_rows = LedgerEntry.objects.filter(key__startswith="naive:").count()
        transaction.set_rollback(True)
    naive = time.perf_counter() - started
    timer = Timer.objects.create(
        campaign=campaign,
        key=f"bench:day:{campaign.pk}",
        kind="campaign.day",
        object_id=campaign.pk,
        due_at=at,
        created_at=at,
    )
    from campaign.tasks import apply_timer

    apply_timer.apply_async(args=[0], countdown=1)  # open the broker connection, as a running site has
    started = time.perf_counter()
    assert timer_apply(timer_id=timer.pk)
    ours = time.perf_counter() - started
    rows = LedgerEntry.objects.filter(clause="R7.1", cause__startswith="day").count()
    assert rows == naive_rows, (rows, naive_rows)
    print(
        f"daily change: {rows} ledger rows; service {ours * 1000:.0f} ms, naive ORM loop {naive * 1000:.0f} ms, "
        f"ratio {naive / ours:.1f}x (target >= 50x, < 1000 ms)"
    )


def bench_arrivals(campaign, city_ids, n: int) -> None:
    import redis
    from django.db import transaction

    from campaign import clock
    from campaign.models import Move, Officer, Timer, Whereabouts
    from campaign.timers import timer_schedule

    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
    log = open(VAR / "bench-worker.log", "wb")
    worker = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "celery"),
            "-A",
            "campaign",
            "worker",
            "-B",
            "--pool=solo",
            "--loglevel=WARNING",
            "--schedule",
            str(VAR / "bench-beat"),
            "--without-mingle",
            "--without-gossip",
        ],
        cwd=ROOT,
        env=dict(os.environ, TIMER_SWEEP_SECONDS="1"),
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        time.sleep(6)  # the worker is up
        officers = list(Officer.objects.filter(campaign=campaign, whereabouts=Whereabouts.ROAD)[:n])
        due = clock.now() + timedelta(seconds=8)
        with transaction.atomic():
            Move.objects.filter(officer__in=officers).update(arrives_at=due)
            for move in Move.objects.filter(officer__in=officers):
                timer_schedule(
                    campaign=campaign, key=f"move:{move.pk}:arrive", kind="move.arrive", object_id=move.pk, due_at=due
                )
        deadline = time.monotonic() + 60
        keys = [f"move:{m}:arrive" for m in Move.objects.filter(officer__in=officers).values_list("pk", flat=True)]
        while Timer.objects.filter(key__in=keys, status=Timer.Status.PENDING).exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        delays = sorted(
            (t.applied_at - t.due_at).total_seconds() for t in Timer.objects.filter(key__in=keys) if t.applied_at
        )
        arrived = Move.objects.filter(officer__in=officers, status=Move.Status.ARRIVED).count()
        p = lambda q: delays[min(len(delays) - 1, int(q * len(delays)))]  # noqa: E731
        print(
            f"{n} arrivals due in one second, one worker: {arrived} arrived; delay p50 {p(0.5):.2f} s, "
            f"p99 {p(0.99):.2f} s, max {delays[-1]:.2f} s (target: all within 5 s)"
        )
    finally:
        import signal

        os.killpg(worker.pid, signal.SIGTERM)
        worker.wait(30)


def bench_sweep() -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from campaign.timers import timers_sweep

    def timed(fn, runs=30):
        samples = []
        for _ in range(runs):
            started = time.perf_counter()
            fn()
            samples.append(time.perf_counter() - started)
        return statistics.median(samples)

    def select_one():
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")

    baseline = timed(select_one)
    timers_sweep()  # the heartbeat row exists from the first pass on
    with CaptureQueriesContext(connection) as queries:
        timers_sweep()
    sweep = timed(timers_sweep)
    with connection.cursor() as cursor:
        plan = (
            " ".join(
                str(r)
                for r in cursor.execute(
                    "EXPLAIN QUERY PLAN SELECT id FROM campaign_timer WHERE status = 'pending' "
                    "AND due_at <= '2100-01-01' ORDER BY due_at, id LIMIT 500"
                ).fetchall()
            )
            if connection.vendor == "sqlite"
            else ""
        )
    print(
        f"sweeper pass with nothing due: {sweep * 1000:.2f} ms, {len(queries)} queries; "
        f"SELECT 1 {baseline * 1000:.3f} ms; ratio {sweep / baseline:.1f}x (target < 20 ms)"
        + (f"\n  plan: {plan}" if plan else "")
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cities", type=int, default=10_000)
    parser.add_argument("--armies", type=int, default=2_000)
    parser.add_argument("--travellers", type=int, default=10_000)
    parser.add_argument("--arrivals", type=int, default=1_000)
    args = parser.parse_args()
    from campaign.devservices import start_redis, stop

    redis_process = start_redis(os.environ["REDIS_URL"], VAR)
    try:
        run(args)
    finally:
        stop(redis_process)


def run(args) -> None:
    setup_django(fresh=True)
    started = time.perf_counter()
    campaign, city_ids = build_world(args.cities, args.armies, args.travellers)
    print(
        f"world: {args.cities} cities, {args.armies} armies besieging, {args.travellers} officers on the road "
        f"(built in {time.perf_counter() - started:.1f} s)"
    )
    bench_day(campaign)
    bench_sweep()
    bench_arrivals(campaign, city_ids, args.arrivals)


if __name__ == "__main__":
    main()
