"""Benchmark of the duties (待辦). Prints ratios against baselines measured in the same run,
since these machines are shared and noisy.

    make bench            # or: .venv/bin/python bench/notices.py [--history 20000 --events 40]

1. The count in the navigation bar (`officer_duties`, on every page of an officer): its queries
   and time for a king, the governor present in a besieged city, an officer in a city and one
   with an army, in the demo world at war with a season's history added (decided games, arrived
   moves, applied timers), against the read of the visitor's officer that every page makes.
2. Push latency: from the commit of an event (a promotion recommended) to the notice on the
   king's group of the channel layer, through the outbox and a Celery worker and beat started
   as `make run` starts them (prefork, 2 processes), against a bare `group_send` to the same
   group from this process. p50 / p99 of each and their ratio.
"""

import argparse
import asyncio
import os
import signal
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
os.environ.setdefault("DATABASE_URL", f"sqlite:///{VAR / 'bench-notices.sqlite3'}")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6394/0")
os.environ.setdefault("TEST_REDIS_URL", os.environ["REDIS_URL"])  # the test settings' Redis: the bench's own


def setup_django() -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(os.environ["DATABASE_URL"][len("sqlite:///") :] + suffix).unlink(missing_ok=True)
    import django

    django.setup()
    from bench.needs import database

    database()  # a DATABASE_URL that does not answer is named, not a traceback
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def build(history: int):
    """The demo world at war: 漢中 besieged with a call waiting, a stratagem challenge, a move
    and a promotion waiting; then a season's history (copies of decided games, arrived moves and
    applied timers) for the queries to skip."""
    from battles.models import Army
    from battles.services.march import march_start
    from battles.services.siege import siege_call
    from battles.services.stratagems import stratagem_challenge
    from campaign.models import Move, Officer, Timer
    from campaign.services.presence import presence_touch
    from campaign.timers import timers_sweep
    from ops.demo import demo_spec
    from orders.services.moves import move_request
    from orders.services.personnel import promotion_recommend
    from play.models import Game
    from seasons.world.creation import world_create

    spec = demo_spec()
    spec.update(travel_time=timedelta(seconds=1), war_start_minute=0, war_end_minute=1440)
    campaign = world_create(spec=spec)
    of = {o.name: o for o in Officer.objects.filter(campaign=campaign)}
    army = march_start(
        actor=of["曹操"], target=of["張飛"].city, organisation=[(of["徐晃"], "marshal"), (of["許褚"], "general")]
    )
    time.sleep(1.2)
    timers_sweep()
    army = Army.objects.get(pk=army.pk)
    game = siege_call(actor=of["徐晃"], army=army, attacker=of["許褚"])
    presence_touch(user_id=of["張飛"].user_id, now=game.called_at)
    stratagem_challenge(actor=of["郭嘉"], target=of["張飛"], kind="siege")
    move_request(actor=of["黃忠"], destination=of["諸葛亮"].city)
    promotion_recommend(actor=of["關羽"], officer=of["黃忠"], stars=18, title="征西將軍")
    called = Game.objects.get(pk=game.pk)
    fields = {f.attname: getattr(called, f.attname) for f in Game._meta.concrete_fields if f.attname != "id"}
    fields.update(status=Game.Status.DECIDED, result=Game.Result.DRAW, defender_id=of["魏延"].pk)
    Game.objects.bulk_create([Game(**fields) for _ in range(history)], batch_size=2000)
    move = Move.objects.filter(status=Move.Status.REQUESTED).first()
    fields = {f.attname: getattr(move, f.attname) for f in Move._meta.concrete_fields if f.attname != "id"}
    fields["status"] = Move.Status.REJECTED
    Move.objects.bulk_create([Move(**fields) for _ in range(history)], batch_size=2000)
    timer = Timer.objects.filter(status=Timer.Status.DONE).first()
    fields = {f.attname: getattr(timer, f.attname) for f in Timer._meta.concrete_fields if f.attname != "id"}
    Timer.objects.bulk_create([Timer(**{**fields, "key": f"bench:{i}"}) for i in range(history * 2)], batch_size=2000)
    return campaign, of


def timed(fn, runs: int = 200) -> float:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def bench_count(campaign, of) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from battles.selectors.duties import officer_duties
    from campaign import clock
    from campaign.authority import officer_of

    def visitor(name: str):
        officer = officer_of(of[name].user, campaign)
        officer.campaign = campaign
        return officer

    baseline = timed(lambda: officer_of(of["魏延"].user, campaign))
    print(f"the visitor's officer read (baseline): {baseline * 1000:.2f} ms")
    for name, who in (
        ("劉備", "a king"),
        ("張飛", "the governor present"),
        ("魏延", "in a city"),
        ("許褚", "with an army"),
    ):
        officer = visitor(name)
        with CaptureQueriesContext(connection) as queries:
            found = officer_duties(officer=officer, now=clock.now())
        took = timed(lambda officer=officer: officer_duties(officer=officer, now=clock.now()))
        print(
            f"bar count, {who} ({name}): {len(found)} duties, {len(queries)} queries, {took * 1000:.2f} ms "
            f"= {took / baseline:.1f}x the officer read"
        )


def start_worker_and_beat():
    """As `make run` (manage.py runall) starts them."""
    import redis

    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
    bin_dir = Path(sys.executable).parent
    log = open(VAR / "bench-notices-worker.log", "wb")
    common = dict(cwd=ROOT, env=dict(os.environ), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    worker = subprocess.Popen(
        [str(bin_dir / "celery"), "-A", "config", "worker", "--loglevel=INFO", "--concurrency=2"], **common
    )
    beat = subprocess.Popen(
        [
            str(bin_dir / "celery"),
            "-A",
            "campaign",
            "beat",
            "--loglevel=INFO",
            f"--schedule={VAR / 'bench-notices-beat'}",
            "--pidfile=",
        ],
        **common,
    )
    deadline = time.monotonic() + 60
    while b"ready." not in (VAR / "bench-notices-worker.log").read_bytes():
        if time.monotonic() > deadline:
            raise SystemExit("the worker did not start: see var/bench-notices-worker.log")
        time.sleep(0.2)
    return worker, beat


def bench_push(of, events: int) -> None:
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    from campaign.models import Promotion
    from campaign.services.notices import officer_group
    from orders.services.personnel import promotion_decide, promotion_recommend

    layer = get_channel_layer()
    group = officer_group(of["劉備"].pk)

    async def run() -> tuple[list[float], list[float]]:
        channel = await layer.new_channel()
        await layer.group_add(group, channel)

        async def wait_for(predicate) -> float:
            while True:
                message = await asyncio.wait_for(layer.receive(channel), 30)
                if predicate(message):
                    return time.perf_counter()

        bare, notices = [], []
        for i in range(events):
            started = time.perf_counter()
            await layer.group_send(group, {"type": "bench.ping", "n": i})
            bare.append(await wait_for(lambda m, i=i: m.get("n") == i) - started)
        for _ in range(events):
            started = time.perf_counter()
            promotion = await asyncio.to_thread(
                promotion_recommend, actor=of["關羽"], officer=of["黃忠"], stars=18, title="征西將軍"
            )
            key = f"promotion:{promotion.pk}:recommend"
            notices.append(
                await wait_for(lambda m, key=key: m.get("kind") == "notice" and m.get("key") == key) - started
            )
            await asyncio.to_thread(promotion_decide, actor=of["劉備"], promotion=promotion, approve=False)
        await layer.group_discard(group, channel)
        return bare, notices

    Promotion.objects.filter(status=Promotion.Status.PENDING).update(status=Promotion.Status.REJECTED)
    bare, notices = async_to_sync(run)()

    def pct(samples: list[float], q: float) -> float:
        ordered = sorted(samples)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    print(f"bare group_send → receive: p50 {pct(bare, 0.5):.2f} ms, p99 {pct(bare, 0.99):.2f} ms")
    print(
        f"event commit → notice (outbox, worker, selector, channel layer): p50 {pct(notices, 0.5):.1f} ms, "
        f"p99 {pct(notices, 0.99):.1f} ms; ratio p50 {pct(notices, 0.5) / pct(bare, 0.5):.0f}x, "
        f"p99 {pct(notices, 0.99) / pct(bare, 0.99):.0f}x (target: the page shows it within 2 s)"
    )


def main() -> None:
    from bench.needs import stop_cleanly_on_sigterm

    stop_cleanly_on_sigterm()
    parser = argparse.ArgumentParser()
    parser.add_argument("--history", type=int, default=20_000)
    parser.add_argument("--events", type=int, default=40)
    args = parser.parse_args()
    VAR.mkdir(exist_ok=True)
    from ops.devservices import start_redis, stop

    redis_process = start_redis(os.environ["REDIS_URL"], VAR)
    setup_django()
    try:
        campaign, of = build(args.history)
        bench_count(campaign, of)
        worker, beat = start_worker_and_beat()
        try:
            bench_push(of, args.events)
        finally:
            for process in (worker, beat):
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(30)
    finally:
        stop(redis_process)


if __name__ == "__main__":
    main()
