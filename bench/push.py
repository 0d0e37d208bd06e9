"""Benchmark of Web Push: 1,000 subscribed devices, one event for all (a siege call, whose
notice goes to the city's defenders, governor and king, each with a third of the devices),
through the outbox and a Celery worker started as `make run` starts it, to a local push service
(tests/pushservice.py: it checks each VAPID JWT and decrypts each payload) in this process;
against a bare loop of pywebpush's `webpush` to the same service and devices, same run. Prints,
for each round, the time until the service has every message and the p50 / p99 of the messages'
arrivals (from the event's commit, or the loop's start), and the ratio site / bare.

    .venv/bin/python bench/push.py [--devices 1000 --rounds 3 --warmup 2]
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
VAR = ROOT / "var"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{VAR / 'bench-push.sqlite3'}")
os.environ.setdefault("REDIS_URL", "redis://127.0.0.1:6394/0")
os.environ.setdefault("TEST_REDIS_URL", os.environ["REDIS_URL"])  # the test settings' Redis: the bench's own
os.environ["PUSH_ALLOW_LOCAL"] = "1"  # the local push service (this process and the worker)


def setup_django() -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(os.environ["DATABASE_URL"][len("sqlite:///") :] + suffix).unlink(missing_ok=True)
    import django

    django.setup()
    from bench.needs import database

    database()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def start_worker() -> subprocess.Popen:
    import redis

    redis.Redis.from_url(os.environ["REDIS_URL"]).flushdb()
    log_path = VAR / "bench-push-worker.log"
    log = open(log_path, "wb")
    worker = subprocess.Popen(
        [str(Path(sys.executable).parent / "celery"), "-A", "config", "worker", "--loglevel=INFO", "--concurrency=2"],
        cwd=ROOT,
        env=dict(os.environ),
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while b"ready." not in log_path.read_bytes():
        if time.monotonic() > deadline:
            raise SystemExit("the worker did not start: see var/bench-push-worker.log")
        time.sleep(0.2)
    return worker


def build(service, devices: int):
    """The demo world with 漢中 besieged (1-second roads), and `devices` devices over its three
    officers who get a call (made here in bulk: the cap of a user's devices is not measured)."""
    from datetime import timedelta

    from battles.models import Siege
    from battles.services.march import march_start
    from campaign.timers import timers_sweep
    from delivery.models import PushSubscription
    from tests.worlds import make_world

    world = make_world(travel_time=timedelta(seconds=1), war_start_minute=0, war_end_minute=1440)
    march_start(
        actor=world["曹操"],
        target=world.city("漢中"),
        organisation=[(world["徐晃"], "marshal"), (world["許褚"], "general")],
    )
    while not Siege.objects.filter(city__name="漢中").exists():
        time.sleep(0.5)
        timers_sweep()
    names = ("魏延", "張飛", "劉備")
    rows = []
    for n in range(devices):
        phone = service.device(f"d{n}")
        rows.append(
            PushSubscription(
                officer=world[names[n % 3]],
                name=f"d{n}",
                endpoint=service.endpoint(phone),
                p256dh=phone.keys.p256dh,
                auth=phone.keys.auth,
                language="zh-hant",
                created_at=world.campaign.created_at,
            )
        )
    PushSubscription.objects.bulk_create(rows)
    return world


def arrivals(service, count: int, since: float, timeout: float = 300) -> list[float]:
    """Seconds from `since` to each message's arrival, once the service has `count` new ones."""
    deadline = time.monotonic() + timeout
    while service.total() < count:
        if time.monotonic() > deadline:
            raise SystemExit(f"only {service.total()} of {count} messages arrived: see var/bench-push-worker.log")
        time.sleep(0.005)
    return sorted(m["at"] - since for d in service.devices.values() for m in d.received)


def site_round(world, service, n: int) -> list[float]:
    from battles.models import Army
    from battles.services.siege import siege_call
    from play.models import Game

    Game.objects.filter(status=Game.Status.CALLED).update(status="cancelled")  # the last round's call
    service.clear()
    army = Army.objects.get(siege__city__name="漢中")
    started = time.monotonic()
    siege_call(actor=world["徐晃"], army=army, attacker=world["許褚"])  # commits; the worker delivers
    return arrivals(service, n, started)


def bare_round(service, n: int) -> list[float]:
    import requests
    from django.conf import settings
    from pywebpush import webpush

    from delivery.vapid import vapid_key

    service.clear()
    session, key = requests.Session(), vapid_key()
    data = '{"title": "象棋攻城", "body": "許褚在漢中攻城叫陣：守將應戰 · until 10:50", "key": "game:1:call"}'
    started = time.monotonic()
    for device in list(service.devices.values()):
        webpush(
            {"endpoint": service.endpoint(device), "keys": {"p256dh": device.keys.p256dh, "auth": device.keys.auth}},
            data=data,
            vapid_private_key=key,
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            timeout=10,
            ttl=1800,
            headers={"Urgency": "high"},
            requests_session=session,
        )
    return arrivals(service, n, started)


def pct(values: list[float], p: float) -> float:
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--devices", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=2, help="rounds first, not counted (each worker process warm)")
    args = parser.parse_args()
    from bench.needs import stop_cleanly_on_sigterm

    stop_cleanly_on_sigterm()
    setup_django()
    from ops.devservices import start_redis, stop
    from tests.pushservice import PushService

    redis_process = start_redis(os.environ["REDIS_URL"], VAR)
    service = PushService()
    service.start()
    worker = None
    try:
        world = build(service, args.devices)
        worker = start_worker()
        for _ in range(args.warmup):
            site_round(world, service, args.devices)
            bare_round(service, args.devices)
        ratios = []
        for r in range(args.rounds):
            site = site_round(world, service, args.devices)
            bare = bare_round(service, args.devices)
            ratio = site[-1] / bare[-1]
            ratios.append(ratio)
            print(
                f"round {r + 1}: all {args.devices} messages: site {site[-1]:.2f} s, bare {bare[-1]:.2f} s "
                f"({ratio:.2f}x); p50 site {pct(site, 50):.2f} / bare {pct(bare, 50):.2f} s, "
                f"p99 site {pct(site, 99):.2f} / bare {pct(bare, 99):.2f} s; refused checks: {len(service.refused)}"
            )
        print(f"ratio site / bare (all delivered): min {min(ratios):.2f}x, median {statistics.median(ratios):.2f}x")
    finally:
        if worker is not None:
            os.killpg(worker.pid, 15)
            worker.wait(timeout=30)
        service.stop()
        stop(redis_process)


if __name__ == "__main__":
    main()
