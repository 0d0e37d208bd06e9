"""R7.5 with real parts: the worker killed mid-run, Redis stopped and started again. After
recovery every due penalty period and arrival is applied once, stamped with its due instant,
and the wall is what an uninterrupted run gives."""

import time
from datetime import timedelta

import pytest

from battles.models import Army, LedgerEntry, Siege
from battles.services.march import march_start
from battles.services.retreat import army_retreat
from campaign.models import Move
from forum.models import Post
from orders.services.moves import move_order
from tests.workers import kill, wait_for
from tests.worlds import make_world

pytestmark = pytest.mark.integration
PERIOD = timedelta(seconds=2)


def fast_world():
    """A world whose clock runs fast: 1-second roads, 2-second penalty periods, war all day."""
    return make_world(
        travel_time=timedelta(seconds=1),
        penalty_period=PERIOD,
        war_start_minute=0,
        war_end_minute=1440,
        outnumbered_points=0,
    )


def begin_siege(world, worker):
    march_start(
        actor=world["曹操"],
        target=world.city("漢中"),
        organisation=[(world["徐晃"], "marshal"), (world["許褚"], "general")],
    )
    return wait_for(lambda: Siege.objects.filter(city__name="漢中").first(), 30, "the siege", worker)


def periods(siege):
    return list(
        LedgerEntry.objects.filter(clause="R7.3", city=siege.city)
        .order_by("due_at")
        .values_list("due_at", "delta", "key")
    )


def end_and_check(world, siege, worker):
    """Retreat (which stops further periods), let the worker finish, and check the ledger."""
    army = Army.objects.get(siege=siege)
    army_retreat(actor=world["曹操"], army=army)
    lifted = Siege.objects.get(pk=siege.pk).ended_at
    expected = int((lifted - siege.started_at) / PERIOD)
    wait_for(lambda: len(periods(siege)) >= expected, 30, f"{expected} periods", worker)
    time.sleep(1.5)
    rows = periods(siege)
    assert [due for due, _d, _k in rows] == [siege.started_at + PERIOD * k for k in range(1, expected + 1)], (
        "every period once, in order, stamped with its due instant"
    )
    assert len({key for _due, _d, key in rows}) == len(rows)
    city = world.city("漢中")
    assert city.wall == 500 - 6 * expected, "the wall an uninterrupted run gives"
    return expected


def test_r7_5_worker_killed_mid_run_loses_nothing(start_worker):
    world = fast_world()
    worker = start_worker(sweep_seconds=1)
    siege = begin_siege(world, worker)
    wait_for(lambda: len(periods(siege)) >= 2, 30, "two periods", worker)
    kill(worker)
    move = move_order(actor=world["劉備"], officer=world["黃忠"], destination=world.city("成都"))  # due while down
    time.sleep(5)
    assert Move.objects.get(pk=move.pk).status == Move.Status.TRAVELLING, "nobody applied it while the worker was dead"
    worker = start_worker(sweep_seconds=1, flush=False)
    wait_for(lambda: Move.objects.get(pk=move.pk).status == Move.Status.ARRIVED, 30, "the arrival", worker)
    assert Post.objects.filter(event_key=f"move:{move.pk}:arrive").count() == 1
    assert end_and_check(world, siege, worker) >= 4, "periods were due while the worker was dead"


def test_r7_5_redis_stopped_and_started_again_loses_nothing(start_worker, redis_server):
    if not redis_server.owned:
        pytest.skip("REDIS_URL points at a Redis this suite did not start, so it cannot restart it")
    world = fast_world()
    worker = start_worker(sweep_seconds=1, supervised=True)  # as in production: systemd, or `make run`
    siege = begin_siege(world, worker)
    wait_for(lambda: len(periods(siege)) >= 1, 30, "a period", worker)
    redis_server.stop()
    move = move_order(actor=world["劉備"], officer=world["黃忠"], destination=world.city("成都"))  # its message is lost
    time.sleep(5)
    redis_server.start()
    wait_for(lambda: Move.objects.get(pk=move.pk).status == Move.Status.ARRIVED, 60, "the arrival", worker)
    assert Post.objects.filter(event_key=f"move:{move.pk}:arrive").count() == 1
    assert end_and_check(world, siege, worker) >= 3


def test_two_workers_and_beat_outlive_a_hard_crash_of_redis_and_apply_every_arrival_once(start_worker, redis_server):
    """redis-server SIGKILLed while the workers hold the burst's on-time (ETA) messages: both
    workers stay up by themselves (nothing restarts them here; config/broker.py), reconnect
    when Redis is back, and the sweeper applies what the dead Redis lost: every arrival once,
    within 30 s of Redis returning. On PostgreSQL in CI's second run."""
    if not redis_server.owned:
        pytest.skip("REDIS_URL points at a Redis this suite did not start, so it cannot kill it")
    from campaign.errors import RuleViolation
    from campaign.models import Officer
    from cities.models import City

    world = make_world(travel_time=timedelta(seconds=2), war_start_minute=0, war_end_minute=1440)
    workers = [start_worker(sweep_seconds=1, beat=False), start_worker(sweep_seconds=1, beat=False, flush=False)]
    start_worker(sweep_seconds=1, role="beat", flush=False)
    moves = []
    for officer in Officer.objects.filter(campaign=world.campaign).select_related("kingdom", "city"):
        king = world[officer.kingdom.king.name]
        for city in City.objects.filter(kingdom=officer.kingdom).exclude(pk=officer.city_id).order_by("?"):
            try:
                moves.append(move_order(actor=king, officer=officer, destination=city))
                break
            except RuleViolation:
                continue
    assert len(moves) >= 20
    wait_for(lambda: Move.objects.filter(status=Move.Status.ARRIVED).exists(), 30, "the burst's first arrival")
    redis_server.process.kill()  # SIGKILL, mid-burst
    redis_server.process.wait()
    time.sleep(3)
    assert all(worker.process.poll() is None for worker in workers), "a worker died with its Redis"
    redis_server.start()
    back = time.monotonic()
    ids = [move.pk for move in moves]
    wait_for(
        lambda: Move.objects.filter(pk__in=ids, status=Move.Status.ARRIVED).count() == len(ids),
        30,
        "every arrival within 30 s of Redis returning",
        workers[0],
    )
    assert time.monotonic() - back <= 30
    for move in moves:
        assert Post.objects.filter(event_key=f"move:{move.pk}:arrive").count() == 1, "applied once"
    assert all(worker.process.poll() is None and worker.restarts == 0 for worker in workers)
    for worker in workers:
        assert "Unrecoverable error" not in worker.output()
