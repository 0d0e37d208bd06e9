"""Benchmark of the war's clock (timers, the daily change, the sweeper). Prints ratios against baselines
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
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{VAR / 'bench-clock.sqlite3'}")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6393/0")
os.environ.setdefault("TEST_REDIS_URL", os.environ["REDIS_URL"])  # the test settings' Redis: the bench's own


def setup_django(fresh: bool) -> None:
    if fresh and os.environ["DATABASE_URL"].startswith("sqlite:///"):
        for suffix in ("", "-wal", "-shm"):
            Path(os.environ["DATABASE_URL"][len("sqlite:///") :] + suffix).unlink(missing_ok=True)
    import django

    django.setup()
    from bench.needs import database

    database()  # a DATABASE_URL that does not answer is named, not a traceback
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def naive_day(campaign, at) -> None:
    """The same work as R7.1's service, one row at a time through the ORM."""
    from battles.models import Army, LedgerEntry
    from cities.models import City

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

    from battles.models import LedgerEntry
    from campaign import clock
    from campaign.models import Timer
    from campaign.timers import timers_apply_due

    at = clock.now()
    started = time.perf_counter()
    with transaction.atomic():
        naive_day(campaign, at)
        naive_rows = LedgerEntry.objects.filter(key__startswith="naive:").count()
        transaction.set_rollback(True)
    naive = time.perf_counter() - started
    Timer.objects.create(
        campaign=campaign,
        key=f"bench:day:{campaign.pk}",
        kind="campaign.day",
        object_id=campaign.pk,
        due_at=at,
        created_at=at,
    )
    from campaign.tasks import apply_due

    apply_due.apply_async(args=[at.isoformat()], countdown=1)  # open the broker connection, as a running site has
    started = time.perf_counter()
    assert timers_apply_due(now=at) == 1  # the day's timer, the only one due
    ours = time.perf_counter() - started
    rows = LedgerEntry.objects.filter(clause="R7.1", cause__startswith="day").count()
    assert rows == naive_rows, (rows, naive_rows)
    print(
        f"daily change: {rows} ledger rows; service {ours * 1000:.0f} ms, naive ORM loop {naive * 1000:.0f} ms, "
        f"ratio {naive / ours:.1f}x (target >= 50x, < 1000 ms)"
    )


def start_site_workers():
    """Worker, sweeper's worker and beat exactly as `make run` starts them (runall's commands),
    with the bare floor's task loaded into the worker too."""
    from ops.devservices import Supervisor
    from ops.management.commands.runall import site_commands

    commands = site_commands(bind="127.0.0.1:0", web_workers=1, concurrency=2, var=VAR)
    del commands["web"]
    commands["worker"] += ["--include=bare_tasks"]
    commands["beat"] = [
        arg if not arg.startswith("--schedule=") else f"--schedule={VAR / 'bench-beat'}" for arg in commands["beat"]
    ]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "bench"), str(ROOT)]))
    log = open(VAR / "bench-worker.log", "wb")
    supervisor = Supervisor(commands, log=print, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    supervisor.start()
    time.sleep(8)  # the workers are up
    return supervisor


def wait_applied(keys_or_ids, field: str, timeout: float = 120) -> list[float]:
    from campaign.models import Timer

    rows = Timer.objects.filter(**{f"{field}__in": keys_or_ids})
    deadline = time.monotonic() + timeout
    while rows.filter(applied_at__isnull=True).exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    return sorted((t.applied_at - t.due_at).total_seconds() for t in rows if t.applied_at)


def percentiles(delays: list[float]) -> str:
    p = lambda q: delays[min(len(delays) - 1, int(q * len(delays)))]  # noqa: E731
    return f"p50 {p(0.5):.2f} s, p99 {p(0.99):.2f} s, max {delays[-1]:.2f} s"


def bench_arrivals(campaign, city_ids, n: int, scheduled: int) -> None:
    """A burst of `n` arrivals due in one second against the bare floor (one ETA task per timer
    doing one UPDATE), and scheduling `scheduled` timers against as many bare enqueues."""
    import redis

    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
    supervisor = start_site_workers()
    try:
        bench_scheduling(campaign, scheduled)
        bench_burst(campaign, n)
    finally:
        supervisor.stop()


def bench_scheduling(campaign, scheduled: int) -> None:
    """`scheduled` timers far ahead (stored; their messages go when they near) and `scheduled`
    due within the lead (stored and sent), against bare enqueues."""
    import redis
    from celery import current_app
    from django.db import transaction

    from campaign import clock, timers
    from campaign.models import Timer
    from campaign.timers import timer_schedule

    far = clock.now() + timedelta(days=2)
    started = time.perf_counter()
    with transaction.atomic():
        for k in range(scheduled):
            timer_schedule(campaign=campaign, key=f"bench:s:{k}", kind="bench.none", object_id=k, due_at=far)
    ours_far = time.perf_counter() - started
    soon = clock.now() + timedelta(seconds=30)
    started = time.perf_counter()
    with transaction.atomic():
        for k in range(scheduled):
            timer_schedule(campaign=campaign, key=f"bench:n:{k}", kind="bench.none", object_id=k, due_at=soon)
    timers._sender.submit(lambda: None).result()
    ours_near = time.perf_counter() - started
    Timer.objects.filter(key__startswith="bench:").delete()
    started = time.perf_counter()
    for _ in range(scheduled):
        current_app.send_task("bench.bare_apply", args=[0], eta=far, queue="bench-nobody")
    bare_enqueue = time.perf_counter() - started
    redis.Redis.from_url(os.environ["REDIS_URL"]).delete("bench-nobody")  # nobody consumes it
    print(
        f"scheduling {scheduled} timers: due in 2 days {ours_far:.2f} s, due in 30 s {ours_near:.2f} s; "
        f"{scheduled} bare enqueues {bare_enqueue:.2f} s; ratios {ours_far / bare_enqueue:.2f} / "
        f"{ours_near / bare_enqueue:.2f} (target < 1)"
    )


def bench_burst(campaign, n: int) -> None:
    """The bare floor (`n` rows, one ETA task each, all due in one second), then ours: `n`
    arrivals due in one second, scheduled by the service."""
    from celery import current_app
    from django.db import transaction

    from campaign import clock
    from campaign.models import Move, Officer, Timer, Whereabouts
    from campaign.timers import timer_schedule

    due = clock.now() + timedelta(seconds=8)
    bare = Timer.objects.bulk_create(
        [
            Timer(
                campaign=campaign,
                key=f"bench:bare:{k}",
                kind="bench.bare",
                object_id=k,
                due_at=due,
                created_at=clock.now(),
                status=Timer.Status.CANCELLED,  # not the sweeper's: only its bare task touches it
            )
            for k in range(n)
        ]
    )
    for timer in bare:
        current_app.send_task("bench.bare_apply", args=[timer.pk], eta=due)
    bare_delays = wait_applied([t.pk for t in bare], "pk")

    officers = list(Officer.objects.filter(campaign=campaign, whereabouts=Whereabouts.ROAD)[:n])
    due = clock.now() + timedelta(seconds=8)
    with transaction.atomic():
        Move.objects.filter(officer__in=officers).update(arrives_at=due)
        for move in Move.objects.filter(officer__in=officers):
            timer_schedule(
                campaign=campaign, key=f"move:{move.pk}:arrive", kind="move.arrive", object_id=move.pk, due_at=due
            )
    keys = [f"move:{m}:arrive" for m in Move.objects.filter(officer__in=officers).values_list("pk", flat=True)]
    delays = wait_applied(keys, "key")
    arrived = Move.objects.filter(officer__in=officers, status=Move.Status.ARRIVED).count()
    p99 = lambda values: values[min(len(values) - 1, int(0.99 * len(values)))]  # noqa: E731
    print(
        f"{n} due in one second, as `make run` runs the workers: bare one-task-per-timer floor "
        f"{percentiles(bare_delays)}; our arrivals ({arrived} arrived) {percentiles(delays)}; "
        f"p99 ratio {p99(delays) / p99(bare_delays):.2f} (target <= 1.0)"
    )


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
    from bench.needs import stop_cleanly_on_sigterm

    stop_cleanly_on_sigterm()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cities", type=int, default=10_000)
    parser.add_argument("--armies", type=int, default=2_000)
    parser.add_argument("--travellers", type=int, default=10_000)
    parser.add_argument("--arrivals", type=int, default=5_000)
    parser.add_argument("--scheduled", type=int, default=10_000)
    args = parser.parse_args()
    from ops.devservices import start_redis, stop

    redis_process = start_redis(os.environ["REDIS_URL"], VAR)
    try:
        run(args)
    finally:
        stop(redis_process)


def run(args) -> None:
    setup_django(fresh=True)
    from bench.worlds import clock_world

    started = time.perf_counter()
    campaign, city_ids = clock_world(args.cities, args.armies, args.travellers)
    print(
        f"world: {args.cities} cities, {args.armies} armies besieging, {args.travellers} officers on the road "
        f"(built in {time.perf_counter() - started:.1f} s)"
    )
    bench_day(campaign)
    bench_sweep()
    bench_arrivals(campaign, city_ids, args.arrivals, args.scheduled)


if __name__ == "__main__":
    main()
