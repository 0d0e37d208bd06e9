"""The timer machinery: exactly once however often an arrival is triggered (R3.4, R7.5)."""

import os
import threading
from datetime import timedelta

import pytest
import time_machine
from django.db import connection, connections, transaction
from django.test.utils import CaptureQueriesContext

from campaign import clock
from campaign.models import Heartbeat, Move, Timer
from campaign.tasks import apply_due, sweep_timers
from campaign.timers import HANDLERS, timer_move, timer_schedule, timers_apply_due, timers_send_nearing, timers_sweep
from forum.models import Post
from orders.services.moves import move_order
from tests.worlds import make_world


def arrival_posts(move):
    return Post.objects.filter(thread__board=move.destination.board, event_key=f"move:{move.pk}:arrive").count()


def test_r3_4_task_and_sweeper_apply_an_arrival_once(world):
    with time_machine.travel(clock.now(), tick=False) as traveller:
        move = move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
        traveller.shift(timedelta(minutes=21))
        due_at = Timer.objects.get(key=f"move:{move.pk}:arrive").due_at
        assert apply_due.run(due_at.isoformat()) == 1  # the body of the task its tick's message wakes
        assert sweep_timers.run() == 0  # the sweeper finds nothing left to do
        assert timers_sweep() == 0
    assert arrival_posts(move) == 1
    assert Move.objects.get(pk=move.pk).status == Move.Status.ARRIVED


def test_r3_4_an_early_task_does_not_apply_before_due(world):
    move = move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
    timer = Timer.objects.get(key=f"move:{move.pk}:arrive")
    assert timers_apply_due(now=clock.now()) == 0
    assert Timer.objects.get(pk=timer.pk).status == Timer.Status.PENDING


@pytest.mark.django_db(transaction=True)
def test_r3_4_two_threads_apply_the_same_arrival_once():
    world = make_world()
    with time_machine.travel(clock.now(), tick=True) as traveller:
        move = move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
        timer = Timer.objects.get(key=f"move:{move.pk}:arrive")
        traveller.shift(timedelta(minutes=21))
        barrier = threading.Barrier(4)
        results: list[bool] = []

        def trigger(via_sweeper: bool) -> None:
            try:
                barrier.wait()
                results.append((timers_sweep() if via_sweeper else timers_apply_due(now=clock.now())) == 1)
            finally:
                connections.close_all()

        threads = [threading.Thread(target=trigger, args=(i % 2 == 0,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert sorted(results) == [False, False, False, True], f"{connection.vendor}: {results}"
    assert arrival_posts(move) == 1
    assert Timer.objects.get(pk=timer.pk).attempts == 1


@pytest.mark.timer_failures_expected
def test_r7_5_a_failing_timer_is_retried_then_set_aside_without_blocking_others(world, monkeypatch):
    monkeypatch.setattr("campaign.timers.MAX_ATTEMPTS", 2)
    calls = []

    def broken(timer):
        calls.append(timer.pk)
        raise ValueError("boom")

    HANDLERS["test.broken"] = broken
    try:
        with time_machine.travel(clock.now(), tick=False) as traveller:
            bad = timer_schedule(
                campaign=world.campaign, key="test:broken", kind="test.broken", object_id=1, due_at=clock.now()
            )
            move = move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
            traveller.shift(timedelta(minutes=21))
            assert timers_sweep() == 1  # the arrival went through despite the broken timer before it
            assert timers_sweep() == 0
            assert timers_sweep() == 0
    finally:
        del HANDLERS["test.broken"]
    bad.refresh_from_db()
    assert bad.status == Timer.Status.FAILED and bad.attempts == 2 and "boom" in bad.last_error
    assert len(calls) == 2, "set aside after two failures"
    assert arrival_posts(move) == 1


def test_a_far_timer_gets_its_message_from_the_sweeper_as_its_instant_nears(world, settings):
    """A march of 20 minutes: no broker message when it is ordered (a live game's flag is set
    again by every move); the sweep that finds it within TIMER_LEAD_SECONDS sends it, once."""
    settings.TIMER_LEAD_SECONDS = 60
    with time_machine.travel(clock.now(), tick=False) as traveller:
        move = move_order(actor=world["曹操"], officer=world["郭嘉"], destination=world.city("許昌"))
        timer = Timer.objects.get(key=f"move:{move.pk}:arrive")
        assert timer.sent_at is None
        traveller.shift(timer.due_at - clock.now() - timedelta(seconds=90))
        timers_sweep()
        assert Timer.objects.get(pk=timer.pk).sent_at is None, "90 s ahead: not yet"
        traveller.shift(timedelta(seconds=45))
        timers_sweep()
        assert Timer.objects.get(pk=timer.pk).sent_at == clock.now(), "45 s ahead: sent"
        timers_sweep()
        assert Heartbeat.objects.get(name="sweeper").detail == "applied 0, sent 0", "sent once"
        assert Timer.objects.get(pk=timer.pk).status == Timer.Status.PENDING


def test_a_near_timer_is_marked_sent_when_scheduled(world):
    with time_machine.travel(clock.now(), tick=False):
        timer = timer_schedule(
            campaign=world.campaign, key="test:near", kind="test.near", object_id=1, due_at=clock.now()
        )
        assert timer.sent_at == clock.now()


def test_a_moved_timer_is_not_applied_at_its_old_instant(world):
    """A live game's flag moves with every move: the message sent for its old instant finds it
    not due; one due within TIMER_LEAD_SECONDS is marked sent at once."""
    with time_machine.travel(clock.now(), tick=False) as traveller:
        timer = timer_schedule(
            campaign=world.campaign,
            key="test:flag:0",
            kind="test.flag",
            object_id=1,
            due_at=clock.now() + timedelta(seconds=30),
        )
        assert timer.sent_at == clock.now()
        assert timer_move(key="test:flag:0", to_key="test:flag:1", due_at=clock.now() + timedelta(minutes=10), seq=1)
        assert timer_move(key="test:flag:0", to_key="test:flag:9", due_at=clock.now(), seq=9) is False, "moved once"
        traveller.shift(timedelta(seconds=31))
        apply_due.run(timer.due_at.isoformat())  # the old message, at the old instant
        moved = Timer.objects.get(pk=timer.pk)
        assert (moved.key, moved.seq, moved.status, moved.sent_at) == ("test:flag:1", 1, "pending", None)
        timer_move(key="test:flag:1", to_key="test:flag:2", due_at=clock.now() + timedelta(seconds=20), seq=2)
        assert Timer.objects.get(pk=timer.pk).sent_at == clock.now()


def test_a_burst_of_far_timers_is_sent_in_one_sweep(world, settings):
    """More timers entering the lead than one batch: one sweep sends them all, each once."""
    settings.TIMER_LEAD_SECONDS = 60
    with time_machine.travel(clock.now(), tick=False) as traveller:
        due = clock.now() + timedelta(minutes=10)
        for n in range(7):
            timer_schedule(campaign=world.campaign, key=f"test:burst:{n}", kind="test.burst", object_id=n, due_at=due)
        traveller.shift(timedelta(minutes=9, seconds=30))
        assert timers_send_nearing(now=clock.now(), limit=3) == 7
        assert timers_send_nearing(now=clock.now(), limit=3) == 0
        assert not Timer.objects.filter(key__startswith="test:burst:", sent_at__isnull=True).exists()


def road_orders(world, count: int) -> list[Move]:
    """`count` officers sent on the road by their kings (the first city each may go to)."""
    from campaign.errors import RuleViolation
    from campaign.models import Officer
    from cities.models import City

    moves = []
    for officer in Officer.objects.filter(campaign=world.campaign).select_related("kingdom", "city"):
        king = world[officer.kingdom.king.name]
        for city in City.objects.filter(kingdom=officer.kingdom).exclude(pk=officer.city_id):
            try:
                moves.append(move_order(actor=king, officer=officer, destination=city))
                break
            except RuleViolation:
                continue
        if len(moves) == count:
            break
    return moves


@pytest.mark.timer_failures_expected
def test_due_timers_are_applied_in_batches_each_once_and_a_failing_one_alone_is_undone(world):
    """Batches of 3: one claim and one transaction each; the broken timer's savepoint is undone,
    its timer back in line with the error, and the arrivals of its batch stand."""
    HANDLERS["test.broken"] = lambda timer: (_ for _ in ()).throw(ValueError("boom"))
    try:
        with time_machine.travel(clock.now(), tick=False) as traveller:
            moves = road_orders(world, 8)
            bad = timer_schedule(
                campaign=world.campaign, key="test:broken", kind="test.broken", object_id=1, due_at=clock.now()
            )
            traveller.shift(timedelta(hours=3))  # every road's end (and whatever else fell due)
            due = Timer.objects.filter(status=Timer.Status.PENDING, due_at__lte=clock.now()).count()
            with CaptureQueriesContext(connection) as queries:
                assert timers_apply_due(now=clock.now(), limit=3) == due - 1
    finally:
        del HANDLERS["test.broken"]
    assert len(moves) == 8
    claims = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith('UPDATE "campaign_timer" SET "status" = \'done\'')
    ]
    assert len(claims) == -(-due // 3), "one claim a batch of 3"
    assert all(arrival_posts(move) == 1 for move in moves)
    assert Move.objects.filter(pk__in=[m.pk for m in moves], status=Move.Status.ARRIVED).count() == 8
    for move in Move.objects.filter(pk__in=[m.pk for m in moves]).select_related("officer"):
        assert move.officer.city_id == move.destination_id and move.arrived_at == move.arrives_at  # as one by one
    bad.refresh_from_db()
    assert bad.status == Timer.Status.PENDING and bad.attempts == 1 and "boom" in bad.last_error


@pytest.mark.django_db(transaction=True)
def test_timers_due_in_the_same_tick_share_one_broker_message(redis_server, settings):
    """Scheduling a burst (a season's arrivals due at one instant) costs one message, not one each."""
    import redis
    from celery import current_app

    from campaign import timers

    settings.TIMER_LEAD_SECONDS = 60
    world = make_world()
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    queue = current_app.conf.task_default_queue
    timers._ticks_sent.clear()
    before = broker.llen(queue)
    due = clock.now() + timedelta(seconds=30)
    with transaction.atomic():
        for n in range(50):
            timer_schedule(campaign=world.campaign, key=f"test:burst:{n}", kind="test.none", object_id=n, due_at=due)
    timers._sender.submit(lambda: None).result(10)  # the sending thread has sent what it was handed
    assert broker.llen(queue) - before == 1
    Timer.objects.filter(key__startswith="test:burst:").delete()


def test_a_forked_worker_process_still_sends_the_fast_paths_messages():
    """A Celery prefork child is forked from a process whose sending thread may already
    exist; what the child hands to be sent (a timer's message) is sent, not left in a queue
    that no thread reads."""
    from campaign import timers

    timers.send_soon(lambda: None)
    timers._sender.submit(lambda: None).result(10)  # the parent's sending thread exists and is idle
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report whether its hand-over ran, then leave without cleaning up
        try:
            sent = threading.Event()
            timers.send_soon(sent.set)
            os.write(write, b"1" if sent.wait(5) else b"0")
        finally:
            os._exit(0)
    os.close(write)
    answer = os.read(read, 1)
    os.close(read)
    os.waitpid(pid, 0)
    assert answer == b"1"
